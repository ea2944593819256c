/**
 * The outbox mutation definitions of the administration screens drive the real routes: each def's method, path and body, sent
 * the way the sync engine sends them (with an Idempotency-Key), is accepted; a replay changes nothing.
 * Also: concurrent writes of one course code / one slot give one winner and one 409.
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ADMIN_MUTATIONS } from '../../../src/shared/sync/mutations/admin.js';
import type { MutationDef } from '../../../src/shared/sync/mutations/def.js';
import { MSG } from '../../../src/shared/messages.js';
import { useTestApp } from '../support/helpers.js';
import { count, courseByCode, deptId, slotOf } from '../support/admin-fixtures.js';

const t = useTestApp();

async function send<A>(def: MutationDef<A>, args: NoInfer<A>, token: string, key = randomUUID()) {
  const parsed = def.args.parse(args);
  return t.request(def.method, `/api${def.path(parsed)}`, { token, body: def.body(parsed), headers: { 'idempotency-key': key } });
}

describe('admin mutation definitions against the routes', () => {
  it('course.create then course.assign of a slot created with a client id', async () => {
    const hod = await t.login('hod');
    const courseId = randomUUID();
    const slotA = randomUUID();
    const created = await send(
      ADMIN_MUTATIONS['course.create'],
      {
        id: courseId,
        courseCode: 'CSC-777',
        name: 'Offline Course',
        departments: [await deptId(t, 'Computer Science')],
        campus: 'Main_Campus',
        credits: 2,
        isElective: false,
        isDepthElective: true,
        slots: [
          { id: slotA, sectionCode: 'A', day: 'Monday', time: '08:00-09:00', location: 'R1' },
          { id: randomUUID(), sectionCode: 'B', day: 'Friday', time: '10:00', location: 'R2' },
        ],
      },
      hod,
    );
    expect(created.statusCode).toBe(201);
    const faculty3 = await t.userId('faculty3');
    const assignArgs = { facultyId: faculty3, courseId, slots: [slotA] };
    const key = randomUUID();
    const assigned = await send(ADMIN_MUTATIONS['course.assign'], assignArgs, hod, key);
    expect(assigned.statusCode).toBe(200);
    expect(slotOf(assigned.json().course, 'A').facultyId).toBe(faculty3);
    const replay = await send(ADMIN_MUTATIONS['course.assign'], assignArgs, hod, key);
    expect(replay.json()).toEqual(assigned.json());
    expect(ADMIN_MUTATIONS['course.assign'].entity(assignArgs)).toEqual({ entity: 'courses', id: courseId });
  });

  it('planTemplate.updateStep, emailTemplate.update and prompt.generate', async () => {
    const sa = await t.login('superadmin');
    const plan = (await t.get('/api/template/Teaching', sa)).json();
    const step = await send(
      ADMIN_MUTATIONS['planTemplate.updateStep'],
      { templateId: plan.id, type: 'Teaching', stepId: plan.steps[0].id, name: 'Outcomes', field: 'Which outcomes?' },
      sa,
    );
    expect(step.statusCode).toBe(200);
    expect(step.json().steps[0].name).toBe('Outcomes');
    const email = (await t.get('/api/email/UpdateObs', sa)).json();
    const upd = await send(ADMIN_MUTATIONS['emailTemplate.update'], { templateId: email.id, type: 'UpdateObs', email: 'Hi {{name}}' }, sa);
    expect([upd.statusCode, upd.json().email]).toEqual([200, 'Hi {{name}}']);
    const prompt = await send(
      ADMIN_MUTATIONS['prompt.generate'],
      { departmentId: await deptId(t, 'Mathematics'), campus: 'Main_Campus', threshold: 70 },
      sa,
    );
    expect([prompt.statusCode, prompt.json().listed]).toEqual([200, 1]);
  });

  it('user.create creates a Faculty user on chosen slots', async () => {
    const hod = await t.login('hod');
    const csc201 = await courseByCode(t, 'CSC-201');
    const id = randomUUID();
    const res = await send(
      ADMIN_MUTATIONS['user.create'],
      {
        id,
        name: 'Ivy New',
        email: 'ivy.new@university.edu',
        password: 'longenough1',
        role: 'Faculty',
        course: csc201.id,
        courses: [slotOf(csc201, 'B').id],
      },
      hod,
    );
    expect(res.statusCode).toBeLessThan(300);
    expect(slotOf(await courseByCode(t, 'CSC-201'), 'B').faculty).toBe('Ivy New');
  });
});

describe('concurrent writes', () => {
  it('two creates of one course code: one 201, one 409', async () => {
    const hod = await t.login('hod');
    const body = {
      courseCode: 'RACE-1',
      name: 'Race',
      credits: 3,
      departments: [await deptId(t, 'Computer Science')],
      slots: [{ sectionCode: 'A', day: 'Monday', time: '09:00', location: 'R' }],
    };
    const results = await Promise.all([t.post('/api/course', body, hod), t.post('/api/course', body, hod)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await count(t, 'courses')).toBe(6);
  });

  it('one slot assigned to two faculty members at once: one 200, one 409', async () => {
    const hod = await t.login('hod');
    const slot = slotOf(await courseByCode(t, 'CSC-201'), 'B').id;
    const results = await Promise.all([
      t.put(`/api/course/user/${await t.userId('faculty2')}`, { slots: [slot] }, hod),
      t.put(`/api/course/user/${await t.userId('faculty3')}`, { slots: [slot] }, hod),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().error).toBe(MSG.slotTaken);
  });
});
