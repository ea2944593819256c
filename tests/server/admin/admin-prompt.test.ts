import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { emailOutbox, meetings, observations } from '../../../src/server/db/schema.js';
import { MSG } from '../../../src/shared/messages.js';
import { DEMO, useTestApp } from '../support/helpers.js';
import { count, deptId, notificationsOf } from '../support/admin-fixtures.js';

const t = useTestApp();

/** A Completed observation written straight into the database, with (observer, faculty) totals per meeting. */
async function completedObservation(faculty: string, ending: string, scores: [number, number][], status = 'Completed') {
  const [obs] = await t.db
    .insert(observations)
    .values({
      facultyId: await t.userId(faculty),
      observerId: await t.userId('observer'),
      hodId: await t.userId('hod'),
      departmentId: await deptId(t, 'Computer Science'),
      semester: 'Fall',
      status,
      progress: status === 'Completed' ? 100 : 50,
      ending: new Date(ending),
    })
    .returning();
  const kinds = ['informed', 'uninformed'];
  for (const [i, [observerScore, facultyScore]] of scores.entries()) {
    await t.db.insert(meetings).values({ observationId: obs.id, kind: kinds[i], status: 'Completed', observerScore, facultyScore });
  }
  return obs.id;
}

async function seedScores() {
  // faculty: 90% and 75% → 82.5%
  await completedObservation('faculty', '2025-03-01', [[70, 74], [60, 60]]);
  // faculty2: (30 + 34) / 160 = 40%
  await completedObservation('faculty2', '2025-03-01', [[30, 34]]);
  // faculty3: an old 100% and a latest 50% → 50% counts
  await completedObservation('faculty3', '2024-01-10', [[80, 80]]);
  await completedObservation('faculty3', '2025-01-10', [[40, 40]]);
}

const body = async (threshold: number, dept = 'Computer Science') => ({
  campus: 'Main_Campus',
  departmentId: await deptId(t, dept),
  threshold,
});

describe('POST /observation/prompt', () => {
  it('lists faculty below the threshold (latest completed observation) to the HODs by email and notification', async () => {
    await seedScores();
    const sa = await t.login('superadmin');
    // Put the list into the prompt email (the seeded template has no {{faculty}} token).
    const tpl = await t.put('/api/email/ObsPrompt', { email: 'Dear {{name}}, these need observing: {{faculty}} (below {{threshold}}%).' }, sa);
    expect(tpl.statusCode).toBe(200);

    const res = await t.post('/api/observation/prompt', await body(60), sa);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.message).toBe(MSG.promptSent(2));
    expect(answer.listed).toBe(2);
    // The answer says who was emailed, so the form can show how many emails went to whom.
    expect(answer.recipients).toEqual([{ name: 'Hassan Okafor', email: DEMO.hod }]);
    expect(answer.faculty.map((f: { email: string; percentage: number }) => [f.email, f.percentage])).toEqual([
      [DEMO.faculty2, 40],
      [DEMO.faculty3, 50],
    ]);

    const hodNotes = await notificationsOf(t, await t.userId('hod'));
    expect(hodNotes).toHaveLength(1);
    expect(hodNotes[0]).toMatchObject({ title: 'Observation prompt', route: '/observations/create-observation', open: false });
    expect(await notificationsOf(t, await t.userId('hod.math'))).toHaveLength(0);

    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.templateType, 'ObsPrompt'));
    expect(mails.map((m) => m.to)).toEqual([DEMO.hod]);
    expect(mails[0].body).toContain('Felix Moreau');
    expect(mails[0].body).toContain('Grace Lindqvist');
    expect(mails[0].body).not.toContain('Fatima Rahman');
    expect(mails[0].body).toContain('below 60%');
  });

  it('a higher threshold lists more; never-observed faculty are always listed', async () => {
    await seedScores();
    const sa = await t.login('superadmin');
    const high = (await t.post('/api/observation/prompt', await body(90), sa)).json();
    expect(high.faculty.map((f: { email: string; percentage: number }) => [f.email, f.percentage])).toEqual([
      [DEMO.faculty, 82.5],
      [DEMO.faculty2, 40],
      [DEMO.faculty3, 50],
    ]);
    // Mathematics: nobody observed; an Ongoing observation does not count as observed.
    const math = (await t.post('/api/observation/prompt', await body(50, 'Mathematics'), await t.login('admin'))).json();
    expect(math.faculty).toEqual([{ id: await t.userId('faculty.math'), name: 'Marcus Chen', email: DEMO.facultyMath, percentage: null }]);
    expect(await notificationsOf(t, await t.userId('hod.math'))).toHaveLength(1);
  });

  it('an Ongoing observation is not a completed one', async () => {
    await completedObservation('faculty', '2025-03-01', [[80, 80]], 'Ongoing');
    const res = (await t.post('/api/observation/prompt', await body(50), await t.login('superadmin'))).json();
    expect(res.faculty.find((f: { email: string }) => f.email === DEMO.faculty)).toMatchObject({ percentage: null });
  });

  it('sends nothing when nobody is listed', async () => {
    const res = await t.post('/api/observation/prompt', await body(50, 'Physics'), await t.login('superadmin'));
    expect(res.json()).toMatchObject({ listed: 0, faculty: [], recipients: [] });
    expect(await count(t, 'email_outbox')).toBe(0);
    expect(await count(t, 'notifications')).toBe(0);
  });

  it('answers the SPEC §5 messages', async () => {
    const sa = await t.login('superadmin');
    const cs = await deptId(t, 'Computer Science');
    const cases: [unknown, number, string][] = [
      [{ campus: 'Main_Campus', departmentId: cs, threshold: 49 }, 400, MSG.thresholdMin],
      [{ campus: 'Main_Campus', departmentId: cs }, 400, MSG.thresholdMin],
      [{ campus: 'Main_Campus', departmentId: cs, threshold: 101 }, 400, MSG.thresholdMax],
      [{ departmentId: cs, threshold: 60 }, 400, MSG.campusAndDepartment],
      [{ campus: 'North_Campus', departmentId: cs, threshold: 60 }, 400, MSG.campusAndDepartment],
      [{ campus: 'Main_Campus', threshold: 60 }, 400, MSG.campusAndDepartment],
      [{ campus: 'Main_Campus', departmentId: 9999, threshold: 60 }, 404, MSG.unknownDepartment],
    ];
    for (const [b, status, error] of cases) {
      const res = await t.post('/api/observation/prompt', b, sa);
      expect([res.statusCode, res.json().error], JSON.stringify(b)).toEqual([status, error]);
    }
  });

  it('only Super_Admin and Admin prompt', async () => {
    for (const who of ['hod', 'observer', 'faculty', 'director']) {
      const res = await t.post('/api/observation/prompt', await body(60), await t.login(who));
      expect(res.statusCode, who).toBe(403);
    }
    expect(await count(t, 'notifications')).toBe(0);
  });

  it('a replayed Idempotency-Key prompts once', async () => {
    const sa = await t.login('superadmin');
    const key = { 'idempotency-key': randomUUID() };
    const a = await t.post('/api/observation/prompt', await body(60), sa, key);
    const b = await t.post('/api/observation/prompt', await body(60), sa, key);
    expect(b.json()).toEqual(a.json());
    expect(b.headers['idempotent-replay']).toBe('true');
    expect(await notificationsOf(t, await t.userId('hod'))).toHaveLength(1);
    expect(await count(t, 'email_outbox')).toBe(1);
  });
});
