/**
 * Optimistic applies of the admin mutations, through the real write path (mutateIn: apply + outbox row in one
 * Dexie transaction) on fake-indexeddb. Each apply must be idempotent: re-applying (the pull's rebase) changes
 * nothing, and a pulled server copy of a created record is never overwritten.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ReplicaDb, type ReplicaRecord } from '../../src/client/db/db.js';
import { mutateIn } from '../../src/client/sync/mutate.js';
import { applyFor } from '../../src/client/sync/apply/index.js';
import { META, setMeta } from '../../src/client/sync/meta.js';
import { rebase } from '../../src/client/sync/rebase.js';
import type { Course } from '../../src/shared/contract/courses.js';
import type { User } from '../../src/shared/contract/users.js';

let db: ReplicaDb;
let n = 0;
const HOD = 'a0000000-0000-4000-8000-000000000001';
const FAC = 'a0000000-0000-4000-8000-000000000002';
const COURSE = 'c0000000-0000-4000-8000-000000000001';
const S1 = 'd0000000-0000-4000-8000-000000000001';
const S2 = 'd0000000-0000-4000-8000-000000000002';

function user(id: string, name: string, role: User['role']): ReplicaRecord {
  return {
    id, name, email: `${name.toLowerCase()}@university.edu`, role, campus: 'Main_Campus', department: { id: 1, name: 'Computer Science' },
    phone: null, dateOfBirth: null, designation: null, avatar: null, institute: null, degree: null, starting: null, ending: null,
    facultyObs: [], courseSlots: [], version: 3,
  };
}

beforeEach(async () => {
  db = new ReplicaDb(`apply-admin-${n++}`);
  await db.users.bulkPut([user(HOD, 'Hana', 'Head_of_Department'), user(FAC, 'Farid', 'Faculty')]);
  await db.departments.bulkPut([{ id: '1', name: 'Computer Science' }, { id: '2', name: 'Mathematics' }]);
  await setMeta(db, META.userId, HOD);
});

const courseArgs = {
  id: COURSE,
  courseCode: ' CSC-011 ',
  name: 'Programming',
  departments: [1, 2],
  campus: 'Main_Campus' as const,
  credits: 3,
  isElective: false,
  isDepthElective: true,
  slots: [
    { id: S1, sectionCode: 'A', day: 'Monday', time: '09:00 - 10:30', location: 'Room 1' },
    { id: S2, sectionCode: 'B', day: 'Tuesday', time: '11:00', location: 'Room 2' },
  ],
};

async function reapply(name: string, args: unknown) {
  await db.transaction('rw', [db.users, db.courses, db.departments, db.planTemplates, db.emailTemplates, db.meta], () =>
    applyFor(name)!.apply(db, args, { userId: HOD, now: 1, mutationId: 'x' }),
  );
}

describe('admin optimistic applies', () => {
  it('course.create puts the course document with department names and unassigned slots, and queues the row', async () => {
    await mutateIn(db, 'course.create', courseArgs, { now: Date.UTC(2026, 0, 5) });
    const c = (await db.courses.get(COURSE)) as unknown as Course;
    expect(c.courseCode).toBe('CSC-011');
    expect(c.department).toEqual([{ id: 1, name: 'Computer Science' }, { id: 2, name: 'Mathematics' }]);
    expect(c.slots.map((s) => [s.sectionCode, s.time, s.facultyId, s.faculty])).toEqual([
      ['A', '09:00-10:30', null, null],
      ['B', '11:00', null, null],
    ]);
    expect(c.createdAt).toBe('2026-01-05T00:00:00.000Z');
    expect(await db.outbox.count()).toBe(1);
  });

  it('course.create never overwrites a pulled server copy (rebase)', async () => {
    await db.courses.put({ id: COURSE, courseCode: 'SERVER', slots: [], version: 9 });
    await reapply('course.create', courseArgs);
    expect((await db.courses.get(COURSE))!.courseCode).toBe('SERVER');
  });

  it('course.assign sets the faculty on the slots and on the faculty user, idempotently', async () => {
    await mutateIn(db, 'course.create', courseArgs, { now: 1 });
    await mutateIn(db, 'course.assign', { facultyId: FAC, courseId: COURSE, slots: [S2] }, { now: 2 });
    await reapply('course.assign', { facultyId: FAC, courseId: COURSE, slots: [S2] });
    const c = (await db.courses.get(COURSE)) as unknown as Course;
    expect(c.slots.map((s) => s.faculty)).toEqual([null, 'Farid']);
    const f = (await db.users.get(FAC)) as unknown as User;
    expect(f.courseSlots.map((s) => [s.id, s.course?.courseCode])).toEqual([[S2, 'CSC-011']]);
  });

  it('user.create adds the user with the creator’s campus and department and takes the chosen slots', async () => {
    await mutateIn(db, 'course.create', courseArgs, { now: 1 });
    const id = 'a0000000-0000-4000-8000-000000000009';
    const args = { id, name: 'Nia New', email: 'Nia@University.edu', password: 'secret-123', role: 'Faculty' as const, course: COURSE, courses: [S1] };
    await mutateIn(db, 'user.create', args, { now: 2 });
    await reapply('user.create', args);
    const u = (await db.users.get(id)) as unknown as User;
    expect(u).toMatchObject({ name: 'Nia New', email: 'nia@university.edu', role: 'Faculty', campus: 'Main_Campus', department: { id: 1, name: 'Computer Science' } });
    expect(u.courseSlots.map((s) => s.id)).toEqual([S1]);
    expect(JSON.stringify(u)).not.toContain('secret-123');
    const c = (await db.courses.get(COURSE)) as unknown as Course;
    expect(c.slots[0]).toMatchObject({ facultyId: id, faculty: 'Nia New' });
  });

  it('planTemplate.updateStep and emailTemplate.update write the chosen text (found by id or by type)', async () => {
    await db.planTemplates.put({ id: 'p1', type: 'Teaching', name: 'Teaching Plan', steps: [{ id: 's1', name: 'Old', field: 'Old text' }, { id: 's2', name: 'Keep', field: 'Keep' }] });
    await db.emailTemplates.put({ id: 'e1', type: 'CreateUser', email: 'Hello', subject: 'Welcome' });
    await mutateIn(db, 'planTemplate.updateStep', { templateId: 'Teaching', type: 'Teaching', stepId: 's1', name: ' New ', field: 'New text' }, { now: 1 });
    await mutateIn(db, 'emailTemplate.update', { templateId: 'e1', type: 'CreateUser', email: 'Hi {{name}}' }, { now: 2 });
    const p = await db.planTemplates.get('p1');
    expect(p!.steps).toEqual([{ id: 's1', name: 'New', field: 'New text' }, { id: 's2', name: 'Keep', field: 'Keep' }]);
    expect((await db.emailTemplates.get('e1'))!.email).toBe('Hi {{name}}');
  });

  it('a missing record is skipped quietly (deleted on the server)', async () => {
    await expect(mutateIn(db, 'emailTemplate.update', { templateId: 'zz', type: 'ObsPrompt', email: 'x' }, { now: 1 })).resolves.toBeTruthy();
    await expect(mutateIn(db, 'course.assign', { facultyId: FAC, courseId: 'nope', slots: ['x'] }, { now: 1 })).resolves.toBeTruthy();
    expect(await db.outbox.count()).toBe(2);
  });

  it('the pull’s rebase re-applies every pending admin row in one transaction without failing or changing anything', async () => {
    await db.planTemplates.put({ id: 'p1', type: 'Teaching', name: 'Teaching Plan', steps: [{ id: 's1', name: 'Old', field: 'Old' }] });
    await db.emailTemplates.put({ id: 'e1', type: 'CreateUser', email: 'Hello', subject: 'Welcome' });
    const id = 'a0000000-0000-4000-8000-000000000009';
    await mutateIn(db, 'course.create', courseArgs, { now: 1 });
    await mutateIn(db, 'course.assign', { facultyId: FAC, courseId: COURSE, slots: [S2] }, { now: 2 });
    await mutateIn(db, 'user.create', { id, name: 'Nia', email: 'nia@university.edu', password: 'secret-123', role: 'Faculty', course: COURSE, courses: [S1] }, { now: 3 });
    await mutateIn(db, 'planTemplate.updateStep', { templateId: 'p1', type: 'Teaching', stepId: 's1', name: 'New', field: 'New' }, { now: 4 });
    await mutateIn(db, 'emailTemplate.update', { templateId: 'e1', type: 'CreateUser', email: 'Hi' }, { now: 5 });
    const snapshot = async () => ({ courses: await db.courses.toArray(), users: await db.users.toArray(), plans: await db.planTemplates.toArray(), emails: await db.emailTemplates.toArray() });
    const before = await snapshot();
    const warn = vi.spyOn(console, 'warn');
    const n = await db.transaction('rw', db.tables, () => rebase(db));
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    expect(n).toBe(5);
    expect(await snapshot()).toEqual(before);
  });
});
