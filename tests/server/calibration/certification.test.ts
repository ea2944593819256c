/**
 * Certification (docs/adr/2026-11-28-calibration.md): a rubric version's thresholds (default adjacent ≥ 80 %, exact
 * ≥ 50 %; its editors change them), participants meeting them against the expert are calibrated on the version
 * until CALIBRATION_VALID_DAYS after the close, a HOD sees who is due (an ended certification with its end, apart from
 * never), and initiating an observation answers with a warning for an observer not calibrated on its version (an
 * ended certification counts as none) — a 409 naming the observer with CALIBRATION_REQUIRED.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { calibrationCertifications, calibrationSessions, departments } from '../../../src/server/db/schema.js';
import type { CalibrationDue, CalibrationResults } from '../../../src/shared/contract/calibration.js';
import { createSession, groupsOf, inDays, newObservers, publishedVersion, type Version } from '../support/calibration-fixture.js';
import { useTestApp, type TestApp } from '../support/helpers.js';
import { key } from '../support/observations-fixture.js';

const DAY_MS = 86_400_000;
const LEVELS = [0, 1, 2, 3];
const CODES = ['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'b4', 'c1', 'c2'];
/** The expert’s levels; `CLOSE` agrees on 8 of 10 exactly and all adjacent, `FAR` on 4 of 10 both exactly and adjacent. */
const EXPERT = [0, 1, 2, 3, 0, 1, 2, 3, 1, 2];
const CLOSE = [0, 1, 2, 3, 0, 1, 2, 3, 2, 3];
const FAR = [0, 1, 2, 3, 2, 3, 0, 1, 3, 0];
const scoresOf = (levels: number[]) => Object.fromEntries(CODES.map((c, i) => [c, levels[i]]));

async function calibrate(t: TestApp, opts: { version: Version; people: { id: string; token: string; levels: number[] }[]; token: string; departmentId?: number | null }) {
  const created = await createSession(t, opts.token, {
    title: 'Certification round',
    rubricVersionId: opts.version.id,
    ...(opts.departmentId !== undefined ? { departmentId: opts.departmentId } : {}),
    lesson: { kind: 'live', description: 'Lesson', date: '2026-12-03' },
    participantIds: opts.people.map((p) => p.id),
    reference: { expertName: 'Dr Expert', items: opts.version.items.map((item, i) => ({ itemId: item.id, score: EXPERT[i], rationale: `Because ${item.code}` })) },
    deadline: inDays(5),
  });
  for (const p of opts.people) {
    for (const g of groupsOf(opts.version, scoresOf(p.levels))) {
      const res = await t.put(`/api/calibration/sessions/${created.id}/scores`, { scores: g }, p.token, key());
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await t.post(`/api/calibration/sessions/${created.id}/submit`, {}, p.token, key());
    expect(res.statusCode, res.body).toBe(200);
  }
  const [row] = await t.db.select().from(calibrationSessions).where(eq(calibrationSessions.id, created.id));
  expect(row.closedAt).not.toBeNull();
  return { id: created.id, closedAt: row.closedAt! };
}

async function csDepartment(t: TestApp): Promise<number> {
  return (await t.db.select().from(departments).where(eq(departments.name, 'Computer Science')))[0].id;
}

async function initiate(t: TestApp, hod: string, versionId: string, faculty: string) {
  const body = { facultyIds: [await t.userId(faculty)], observerId: await t.userId('observer'), semester: 'Fall', rubricVersionId: versionId };
  return t.post('/api/observation/initiate', body, hod, key());
}

describe('certification on a rubric version', () => {
  const t = useTestApp();

  it('thresholds default to 80 / 50 and only the version’s editors change them', async () => {
    const hod = await t.login('hod');
    const version = await publishedVersion(t, hod, LEVELS, CODES);
    const url = `/api/calibration/thresholds/${version.id}`;
    expect((await t.get(url, await t.login('observer'))).json()).toEqual({ rubricVersionId: version.id, adjacentPct: 80, exactPct: 50, custom: false });
    for (const who of ['observer', 'faculty', 'admin', 'superadmin']) expect((await t.put(url, { adjacentPct: 90, exactPct: 60 }, await t.login(who), key())).statusCode, who).toBe(403);
    expect((await t.put(url, { adjacentPct: 90, exactPct: 60 }, await t.login('hod.math'), key())).statusCode).toBe(404);
    const bad = await t.put(url, { adjacentPct: 101, exactPct: 60 }, hod, key());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^adjacentPct/);
    const set = await t.put(url, { adjacentPct: 90, exactPct: 60 }, hod, key());
    expect(set.statusCode, set.body).toBe(200);
    expect((await t.get(url, hod)).json()).toEqual({ rubricVersionId: version.id, adjacentPct: 90, exactPct: 60, custom: true });
  });

  it('certifies who met the thresholds until CALIBRATION_VALID_DAYS after the close; the HOD sees who is due', async () => {
    const hod = await t.login('hod');
    const version = await publishedVersion(t, hod, LEVELS, CODES);
    const ids = { observer: await t.userId('observer'), observer2: await t.userId('observer2') };
    const { id, closedAt } = await calibrate(t, {
      version,
      token: hod,
      people: [
        { id: ids.observer, token: await t.login('observer'), levels: CLOSE },
        { id: ids.observer2, token: await t.login('observer2'), levels: FAR },
      ],
    });
    const results = (await t.get(`/api/calibration/sessions/${id}/results`, hod)).json() as CalibrationResults;
    expect(results.participants.map((p) => p.certification!.met).sort()).toEqual([false, true]);
    const far = results.participants.find((p) => !p.certification!.met)!;
    expect(far.certification!.checks.map((c) => c.reason)).toEqual(['below', 'below']);

    const due = await t.get(`/api/calibration/due?rubricVersionId=${version.id}`, hod);
    expect(due.statusCode, due.body).toBe(200);
    const body = due.json() as CalibrationDue;
    expect(body.rubricVersionId).toBe(version.id);
    const row = (uid: string) => body.observers.find((o) => o.userId === uid)!;
    expect(row(ids.observer)).toMatchObject({ due: false, calibrated: true, certifiedUntil: new Date(closedAt.getTime() + 365 * DAY_MS).toISOString() });
    expect(row(ids.observer2)).toMatchObject({ due: true, calibrated: false, certifiedUntil: null });

    // Who may read it: the department's HOD and the administrators; never observers or faculty, nor another HOD.
    const cs = await csDepartment(t);
    for (const who of ['observer', 'faculty', 'director', 'hod.math']) expect((await t.get(`/api/calibration/due?departmentId=${cs}`, await t.login(who))).statusCode, who).toBe(403);
    for (const who of ['admin', 'superadmin']) expect((await t.get(`/api/calibration/due?departmentId=${cs}&rubricVersionId=${version.id}`, await t.login(who))).statusCode, who).toBe(200);
    expect((await t.get('/api/calibration/due?departmentId=abc', hod)).statusCode).toBe(400);

    // Initiating on that version: a warning for an uncalibrated observer (observer2), none for a calibrated one.
    const ok = await initiate(t, hod, version.id, 'faculty2');
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().warnings).toEqual([]);
    const body2 = { facultyIds: [await t.userId('faculty3')], observerId: ids.observer2, semester: 'Fall', rubricVersionId: version.id };
    const warned = await t.post('/api/observation/initiate', body2, hod, key());
    expect(warned.statusCode, warned.body).toBe(201);
    expect(warned.json().warnings).toEqual([{ observerId: ids.observer2, rubricVersionId: version.id, message: expect.stringMatching(/^observerId: .+ is not calibrated on this rubric version$/) }]);
    expect(warned.json().ids).toHaveLength(1);
  });

  it('an ended certification shows with its end but counts as none: due, and initiating with its observer warns', async () => {
    const hod = await t.login('hod');
    const version = await publishedVersion(t, hod, LEVELS, CODES);
    const ids = { observer: await t.userId('observer'), observer2: await t.userId('observer2') };
    await calibrate(t, { version, token: hod, people: [{ id: ids.observer, token: await t.login('observer'), levels: CLOSE }] });
    const readDue = async () => (await t.get(`/api/calibration/due?rubricVersionId=${version.id}`, hod)).json() as CalibrationDue;
    expect((await readDue()).observers.find((o) => o.userId === ids.observer)).toMatchObject({ calibrated: true, due: false });

    // Its end moves to yesterday, as CALIBRATION_VALID_DAYS after an old session would have put it.
    const ended = new Date(Date.now() - DAY_MS);
    await t.db
      .update(calibrationCertifications)
      .set({ validUntil: ended })
      .where(and(eq(calibrationCertifications.userId, ids.observer), eq(calibrationCertifications.rubricVersionId, version.id)));
    const due = await readDue();
    expect(due.observers.find((o) => o.userId === ids.observer)).toMatchObject({ certifiedUntil: ended.toISOString(), calibrated: false, due: true });
    expect(due.observers.find((o) => o.userId === ids.observer2)).toMatchObject({ certifiedUntil: null, calibrated: false, due: true });

    // The initiate's rule is the same: the observer with the ended certification is not calibrated.
    const warned = await initiate(t, hod, version.id, 'faculty2');
    expect(warned.statusCode, warned.body).toBe(201);
    expect(warned.json().warnings).toEqual([{ observerId: ids.observer, rubricVersionId: version.id, message: expect.stringMatching(/^observerId: .+ is not calibrated on this rubric version$/) }]);
  });

  it('a version’s own thresholds decide: stricter ones certify nobody who falls short of them', async () => {
    const hod = await t.login('hod');
    const version = await publishedVersion(t, hod, LEVELS, CODES);
    expect((await t.put(`/api/calibration/thresholds/${version.id}`, { adjacentPct: 100, exactPct: 90 }, hod, key())).statusCode).toBe(200);
    const { id } = await calibrate(t, { version, token: hod, people: [{ id: await t.userId('observer'), token: await t.login('observer'), levels: CLOSE }] });
    const results = (await t.get(`/api/calibration/sessions/${id}/results`, hod)).json() as CalibrationResults;
    expect(results.thresholds).toEqual({ adjacentPct: 100, exactPct: 90 });
    expect(results.participants[0].certification).toMatchObject({ met: false, checks: [{ figure: 'adjacent', reason: 'met' }, { figure: 'exact', reason: 'below', required: 90 }] });
    const due = (await t.get(`/api/calibration/due?rubricVersionId=${version.id}`, hod)).json() as CalibrationDue;
    expect(due.observers.every((o) => o.certifiedUntil === null && !o.calibrated && o.due)).toBe(true);
  });

  it('an institution session certifies observers of any department; its organisers are the administrators', async () => {
    const admin = await t.login('admin');
    const version = await publishedVersion(t, admin, LEVELS, CODES);
    const [math] = await newObservers(t, await t.login('hod.math'), 1);
    const { id } = await calibrate(t, {
      version,
      token: admin,
      departmentId: null,
      people: [
        { id: await t.userId('observer'), token: await t.login('observer'), levels: CLOSE },
        { id: math.id, token: math.token, levels: CLOSE },
      ],
    });
    for (const who of ['admin', 'superadmin', 'observer']) expect((await t.get(`/api/calibration/sessions/${id}/results`, await t.login(who))).statusCode, who).toBe(200);
    for (const who of ['hod', 'hod.math', 'observer2']) expect((await t.get(`/api/calibration/sessions/${id}`, await t.login(who))).statusCode, who).toBe(404);
    const due = (await t.get(`/api/calibration/due?rubricVersionId=${version.id}`, await t.login('hod.math'))).json() as CalibrationDue;
    expect(due.observers.find((o) => o.userId === math.id)!.due).toBe(false);
  });
});

describe('with CALIBRATION_REQUIRED=true and CALIBRATION_VALID_DAYS=30', () => {
  const t = useTestApp({ config: { calibration: { validDays: 30, required: true } } });

  it('initiating with an uncalibrated observer is refused naming the observer; once calibrated it is made', async () => {
    const hod = await t.login('hod');
    const version = await publishedVersion(t, hod, LEVELS, CODES);
    const refused = await initiate(t, hod, version.id, 'faculty2');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatch(/^observerId: .+ is not calibrated on this rubric version$/);

    const { closedAt } = await calibrate(t, { version, token: hod, people: [{ id: await t.userId('observer'), token: await t.login('observer'), levels: CLOSE }] });
    const due = (await t.get(`/api/calibration/due?rubricVersionId=${version.id}`, hod)).json() as CalibrationDue;
    const until = due.observers.find((o) => o.calibrated)!.certifiedUntil!;
    expect(until).toBe(new Date(closedAt.getTime() + 30 * DAY_MS).toISOString());
    // Within 30 days of its end a certification is due again: here it always is.
    expect(due.observers.every((o) => o.due)).toBe(true);

    const made = await initiate(t, hod, version.id, 'faculty2');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().warnings).toEqual([]);
  });
});

describe('the calibration settings', () => {
  it('default to 365 days and not required; a bad value stops the start naming the setting', () => {
    expect(loadConfig({}).calibration).toEqual({ validDays: 365, required: false });
    expect(loadConfig({ CALIBRATION_VALID_DAYS: '30', CALIBRATION_REQUIRED: 'true' }).calibration).toEqual({ validDays: 30, required: true });
    expect(() => loadConfig({ CALIBRATION_VALID_DAYS: '0' })).toThrow(/CALIBRATION_VALID_DAYS/);
    expect(() => loadConfig({ CALIBRATION_REQUIRED: 'maybe' })).toThrow(/CALIBRATION_REQUIRED/);
  });
});
