/**
 * Slots of an existing course: add, edit and delete by the course creators (a HOD only in
 * their own department), with the course-creation slot rules, 409 for an assigned slot, a slot used by an
 * observation and the last slot, and each change reaching devices through GET /api/sync/changes.
 */
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Course } from '../../../src/shared/contract/courses.js';
import { MSG } from '../../../src/shared/messages.js';
import { useTestApp } from '../support/helpers.js';
import { courseByCode, slotOf } from '../support/admin-fixtures.js';
import { actors, initiate, startScheduling } from '../support/observations-fixture.js';

const t = useTestApp();

const key = () => ({ 'idempotency-key': randomUUID() });
const slot = (over: Record<string, unknown> = {}) => ({ sectionCode: 'D', day: 'Saturday', time: '08:00 - 09:30', location: 'Room B-104', ...over });

type Change = { entity: string; id: string; version: number; data: Record<string, unknown> | null };
/** The whole feed a user pulls from `since`, and its cursor. */
async function pull(token: string, since = '0'): Promise<{ changes: Change[]; cursor: string }> {
  const changes: Change[] = [];
  let cursor = since;
  for (;;) {
    const res = await t.get(`/api/sync/changes?since=${cursor}&limit=2000`, token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { changes, cursor };
  }
}

describe('POST /course/:id/slot', () => {
  it('a HOD adds a slot to their department’s course; the course document reaches devices with it', async () => {
    const hod = await t.login('hod');
    const csc201 = await courseByCode(t, 'CSC-201');
    const { cursor } = await pull(hod);
    const id = randomUUID();
    const res = await t.post(`/api/course/${csc201.id}/slot`, slot({ id }), hod, key());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(MSG.slotAdded);
    const added = slotOf(res.json().course, 'D');
    expect(added).toMatchObject({ id, day: 'Saturday', time: '08:00-09:30', location: 'Room B-104', facultyId: null });

    const { changes } = await pull(hod, cursor);
    const course = changes.find((c) => c.entity === 'courses' && c.id === csc201.id);
    expect((course?.data as unknown as Course).slots.map((s) => s.sectionCode)).toEqual(['A', 'B', 'D']);
  });

  it('applies the course-creation slot rules and a unique section code (400, SPEC §5 messages)', async () => {
    const hod = await t.login('hod');
    const { id } = await courseByCode(t, 'CSC-201');
    const cases: [Record<string, unknown>, string][] = [
      [{ location: '' }, MSG.incompleteSlot],
      [{ day: 'Someday' }, MSG.slotDay],
      [{ time: '9am' }, MSG.slotTime],
      [{ time: '11:00-10:00' }, MSG.slotTime],
      [{ sectionCode: 'a' }, MSG.duplicateSection],
    ];
    for (const [over, message] of cases) {
      const res = await t.post(`/api/course/${id}/slot`, slot(over), hod, key());
      expect([res.statusCode, res.json().error], JSON.stringify(over)).toEqual([400, message]);
    }
    expect((await courseByCode(t, 'CSC-201')).slots).toHaveLength(2);
  });

  it('only course creators, and a HOD only in their own department; 404 for an unknown course', async () => {
    const { id } = await courseByCode(t, 'CSC-201');
    for (const who of ['observer', 'faculty', 'director']) {
      const res = await t.post(`/api/course/${id}/slot`, slot(), await t.login(who), key());
      expect(res.statusCode, who).toBe(403);
    }
    const other = await t.post(`/api/course/${id}/slot`, slot(), await t.login('hod.math'), key());
    expect([other.statusCode, other.json().error]).toEqual([403, MSG.ownDepartmentSlot]);
    // A shared course (Mathematics + Computer Science) is the Mathematics HOD's too.
    const shared = await courseByCode(t, 'MTH-210');
    expect((await t.post(`/api/course/${shared.id}/slot`, slot(), await t.login('hod.math'), key())).statusCode).toBe(201);
    for (const who of ['admin', 'superadmin']) {
      const res = await t.post(`/api/course/${id}/slot`, slot({ sectionCode: who }), await t.login(who), key());
      expect(res.statusCode, who).toBe(201);
    }
    expect((await t.post(`/api/course/${randomUUID()}/slot`, slot(), await t.login('admin'), key())).statusCode).toBe(404);
  });

  it('refuses a reused slot id (409)', async () => {
    const hod = await t.login('hod');
    const csc201 = await courseByCode(t, 'CSC-201');
    const res = await t.post(`/api/course/${csc201.id}/slot`, slot({ id: csc201.slots[0].id }), hod, key());
    expect([res.statusCode, res.json().error]).toEqual([409, MSG.courseIdTaken]);
  });
});

describe('PUT /course/:id/slot/:slotId', () => {
  it('edits day, time, section code and location; an assigned slot’s faculty sees it in their user document', async () => {
    const hod = await t.login('hod');
    const faculty = await t.login('faculty');
    const facultyId = await t.userId('faculty');
    const csc101 = await courseByCode(t, 'CSC-101');
    const a = slotOf(csc101, 'A');
    const { cursor } = await pull(faculty);
    const res = await t.put(`/api/course/${csc101.id}/slot/${a.id}`, { sectionCode: 'A1', day: 'Tuesday', time: '10:00-11:30', location: 'Room X' }, hod, key());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.slotUpdated);
    expect(slotOf(res.json().course, 'A1')).toMatchObject({ id: a.id, day: 'Tuesday', time: '10:00-11:30', location: 'Room X', facultyId });

    const { changes } = await pull(faculty, cursor);
    const course = changes.find((c) => c.entity === 'courses' && c.id === csc101.id)?.data as unknown as Course;
    expect(course.slots.find((s) => s.id === a.id)?.sectionCode).toBe('A1');
    const me = changes.find((c) => c.entity === 'users' && c.id === facultyId)?.data as { courseSlots: { id: string; day: string }[] };
    expect(me.courseSlots.find((s) => s.id === a.id)?.day).toBe('Tuesday');
  });

  it('validates like creation, keeps its own section code, and refuses another slot’s code', async () => {
    const hod = await t.login('hod');
    const csc101 = await courseByCode(t, 'CSC-101');
    const c = slotOf(csc101, 'C');
    const url = `/api/course/${csc101.id}/slot/${c.id}`;
    const same = await t.put(url, slot({ sectionCode: 'c' }), hod, key());
    expect(same.statusCode, same.body).toBe(200);
    const dup = await t.put(url, slot({ sectionCode: 'b' }), hod, key());
    expect([dup.statusCode, dup.json().error]).toEqual([400, MSG.duplicateSection]);
    const bad = await t.put(url, slot({ time: '25:00' }), hod, key());
    expect([bad.statusCode, bad.json().error]).toEqual([400, MSG.slotTime]);
    // A slot of another course is not found under this one.
    const csc201 = await courseByCode(t, 'CSC-201');
    expect((await t.put(`/api/course/${csc201.id}/slot/${c.id}`, slot(), hod, key())).statusCode).toBe(404);
    expect((await t.put(url, slot(), await t.login('hod.math'), key())).statusCode).toBe(403);
  });
});

describe('DELETE /course/:id/slot/:slotId', () => {
  it('deletes an unassigned slot; the course document without it reaches devices', async () => {
    const hod = await t.login('hod');
    const csc101 = await courseByCode(t, 'CSC-101');
    const c = slotOf(csc101, 'C');
    const { cursor } = await pull(hod);
    const res = await t.del(`/api/course/${csc101.id}/slot/${c.id}`, hod, key());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.slotDeleted);
    expect(res.json().course.slots.map((s: { sectionCode: string }) => s.sectionCode)).toEqual(['A', 'B']);

    // The deleted slot may have carried the course document's version: the course must be re-sent anyway.
    const { changes } = await pull(hod, cursor);
    const course = changes.find((ch) => ch.entity === 'courses' && ch.id === csc101.id)?.data as unknown as Course;
    expect(course.slots.map((s) => s.sectionCode)).toEqual(['A', 'B']);
    expect((await t.del(`/api/course/${csc101.id}/slot/${c.id}`, hod, key())).statusCode).toBe(404);
  });

  it('refuses an assigned slot with 409 naming the faculty member, and keeps it', async () => {
    const hod = await t.login('hod');
    const csc101 = await courseByCode(t, 'CSC-101');
    const b = slotOf(csc101, 'B');
    const res = await t.del(`/api/course/${csc101.id}/slot/${b.id}`, hod, key());
    expect([res.statusCode, res.json().error]).toEqual([409, MSG.slotAssignedTo('Felix Moreau')]);
    expect(slotOf(await courseByCode(t, 'CSC-101'), 'B').facultyId).toBe(await t.userId('faculty2'));
  });

  it('refuses a slot used by an observation with 409', async () => {
    const a = await actors(t);
    const id = await initiate(t, a);
    const { courseId } = await startScheduling(t, a, id);
    const csc101 = await courseByCode(t, 'CSC-101');
    expect(courseId).toBe(csc101.id);
    const res = await t.del(`/api/course/${csc101.id}/slot/${slotOf(csc101, 'A').id}`, a.hod, key());
    expect([res.statusCode, res.json().error]).toEqual([409, MSG.slotUsedByObservation('Fatima Rahman')]);
  });

  it('keeps the last slot of a course (409), and only creators of the department delete', async () => {
    const hod = await t.login('hod');
    const phy = await courseByCode(t, 'PHY-110');
    expect((await t.del(`/api/course/${phy.id}/slot/${phy.slots[0].id}`, hod, key())).statusCode).toBe(403);
    const admin = await t.login('admin');
    expect((await t.del(`/api/course/${phy.id}/slot/${phy.slots[0].id}`, await t.login('observer'), key())).statusCode).toBe(403);
    expect((await t.del(`/api/course/${phy.id}/slot/${phy.slots[0].id}`, admin, key())).statusCode).toBe(200);
    const last = await t.del(`/api/course/${phy.id}/slot/${phy.slots[1].id}`, admin, key());
    expect([last.statusCode, last.json().error]).toEqual([409, MSG.lastSlot]);
  });
});

describe('DELETE /course/:id/slot/:slotId/faculty (unassign)', () => {
  it('frees an assigned slot: the faculty member loses it, devices get both documents, and it can be deleted', async () => {
    const hod = await t.login('hod');
    const felix = await t.userId('faculty2');
    const felixToken = await t.login('faculty2');
    const csc101 = await courseByCode(t, 'CSC-101');
    const b = slotOf(csc101, 'B');
    const { cursor } = await pull(felixToken);
    const res = await t.del(`/api/course/${csc101.id}/slot/${b.id}/faculty`, hod, key());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(MSG.slotUnassigned);
    expect(slotOf(res.json().course, 'B')).toMatchObject({ facultyId: null, faculty: null });
    const me = (await t.get(`/api/user/${felix}`, felixToken)).json();
    expect(me.courseSlots.map((s: { id: string }) => s.id)).not.toContain(b.id);
    // the user document moved in the feed (their slots changed)
    const { changes } = await pull(felixToken, cursor);
    const user = changes.find((ch) => ch.entity === 'users' && ch.id === felix)?.data as { courseSlots: { id: string }[] } | undefined;
    expect(user?.courseSlots.map((s) => s.id)).not.toContain(b.id);
    // unassigned again: 409; now it may be deleted
    const again = await t.del(`/api/course/${csc101.id}/slot/${b.id}/faculty`, hod, key());
    expect([again.statusCode, again.json().error]).toEqual([409, MSG.slotNotAssigned]);
    expect((await t.del(`/api/course/${csc101.id}/slot/${b.id}`, hod, key())).statusCode).toBe(200);
  });

  it('refuses while the faculty member has an open observation of the course, and only creators of the department may', async () => {
    const a = await actors(t);
    const id = await initiate(t, a);
    await startScheduling(t, a, id);
    const csc101 = await courseByCode(t, 'CSC-101');
    const slotA = slotOf(csc101, 'A');
    const res = await t.del(`/api/course/${csc101.id}/slot/${slotA.id}/faculty`, a.hod, key());
    expect([res.statusCode, res.json().error]).toEqual([409, MSG.slotInOpenObservation('Fatima Rahman')]);
    expect((await t.del(`/api/course/${csc101.id}/slot/${slotA.id}/faculty`, a.hodMath, key())).statusCode).toBe(403);
    expect((await t.del(`/api/course/${csc101.id}/slot/${slotA.id}/faculty`, a.observer, key())).statusCode).toBe(403);
    expect((await t.del(`/api/course/${csc101.id}/slot/${randomUUID()}/faculty`, a.hod, key())).statusCode).toBe(404);
    expect(slotOf(await courseByCode(t, 'CSC-101'), 'A').facultyId).toBe(a.ids.faculty);
  });
});

describe('a course shared between departments (MTH-210: Mathematics and Computer Science)', () => {
  it('a HOD edits, moves, unassigns or deletes only the slots of their own faculty and the free ones — the rule of assignment', async () => {
    const [hodCs, hodMath] = [await t.login('hod'), await t.login('hod.math')];
    const mth = await courseByCode(t, 'MTH-210');
    const held = slotOf(mth, 'A'); // faculty.math's (Mathematics)
    const free = slotOf(mth, 'B');
    const facultyMath = await t.userId('faculty.math');
    const facultyCs = await t.userId('faculty2');
    expect(held.facultyId).toBe(facultyMath);

    // Assignment: the Computer Science HOD may not take Mathematics' faculty member (the existing rule) …
    const assign = await t.put(`/api/course/user/${facultyMath}`, { slots: [slotOf(mth, 'C').id] }, hodCs, key());
    expect(assign.statusCode, assign.body).toBe(403);
    // … and so may not move, edit, unassign or delete the section that member teaches either.
    const refused = [
      await t.put(`/api/course/${mth.id}/slot/${held.id}`, slot({ sectionCode: 'A', day: 'Friday' }), hodCs, key()),
      await t.del(`/api/course/${mth.id}/slot/${held.id}/faculty`, hodCs, key()),
      await t.del(`/api/course/${mth.id}/slot/${held.id}`, hodCs, key()),
    ];
    for (const res of refused) expect([res.statusCode, res.json().error], res.body).toEqual([403, MSG.ownDepartmentFaculty]);
    const after = slotOf(await courseByCode(t, 'MTH-210'), 'A');
    expect(after).toMatchObject({ facultyId: facultyMath, day: held.day, time: held.time, location: held.location });

    // A free section of the shared course is theirs to edit, and to give to their own faculty member.
    expect((await t.put(`/api/course/${mth.id}/slot/${free.id}`, slot({ sectionCode: 'B', day: 'Wednesday' }), hodCs, key())).statusCode).toBe(200);
    expect((await t.put(`/api/course/user/${facultyCs}`, { slots: [free.id] }, hodCs, key())).statusCode).toBe(200);
    // The other way round: Mathematics' HOD leaves that Computer Science section alone, and manages their own.
    const back = await t.del(`/api/course/${mth.id}/slot/${free.id}/faculty`, hodMath, key());
    expect([back.statusCode, back.json().error]).toEqual([403, MSG.ownDepartmentFaculty]);
    expect((await t.put(`/api/course/${mth.id}/slot/${held.id}`, slot({ sectionCode: 'A', day: 'Friday' }), hodMath, key())).statusCode).toBe(200);
    expect((await t.del(`/api/course/${mth.id}/slot/${held.id}/faculty`, hodMath, key())).statusCode).toBe(200);
    // Super_Admin acts anywhere.
    expect((await t.del(`/api/course/${mth.id}/slot/${free.id}/faculty`, await t.login('superadmin'), key())).statusCode).toBe(200);
  });
});
