import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { MSG } from '../../../src/shared/messages.js';
import { useTestApp } from '../support/helpers.js';
import { count, courseByCode, deptId, notificationsOf, slotOf } from '../support/admin-fixtures.js';

const t = useTestApp();

async function courseBody(over: Record<string, unknown> = {}) {
  return {
    courseCode: 'CSC-011',
    name: 'Software Craft',
    credits: 3,
    departments: [await deptId(t, 'Computer Science')],
    campus: 'Main_Campus',
    isElective: true,
    isDepthElective: false,
    slots: [
      { sectionCode: 'A', day: 'Monday', time: '09:00-10:30', location: 'Room 1' },
      { sectionCode: 'B', day: 'Tuesday', time: '13:00', location: 'Room 2' },
    ],
    ...over,
  };
}

describe('POST /course', () => {
  it('a HOD creates a course with slots in their department and campus', async () => {
    const hod = await t.login('hod');
    const res = await t.post('/api/course', await courseBody(), hod);
    expect(res.statusCode).toBe(201);
    const { message, course } = res.json();
    expect(message).toBe(MSG.courseCreated);
    expect(course).toMatchObject({
      courseCode: 'CSC-011',
      name: 'Software Craft',
      credits: 3,
      campus: 'Main_Campus',
      isElective: true,
      isDepthElective: false,
      department: [{ name: 'Computer Science' }],
    });
    expect(course.slots.map((s: { sectionCode: string; facultyId: null; faculty: null }) => [s.sectionCode, s.facultyId, s.faculty])).toEqual([
      ['A', null, null],
      ['B', null, null],
    ]);
    const listed = (await t.get('/api/courses', hod)).json().courses;
    expect(listed.map((c: { courseCode: string }) => c.courseCode)).toContain('CSC-011');
  });

  it('answers the SPEC §5 messages and our range rules with 400', async () => {
    const hod = await t.login('hod');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, MSG.courseDetails],
      [{ courseCode: '  ' }, MSG.courseDetails],
      [{ credits: null }, MSG.courseDetails],
      [{ departments: [] }, MSG.courseDetails],
      [{ slots: [] }, MSG.minOneSlot],
      [{ slots: [{ sectionCode: 'A', day: 'Monday', time: '09:00' }] }, MSG.incompleteSlot],
      [{ slots: [{ sectionCode: 'A', day: 'Monday', time: '9am', location: 'R' }] }, MSG.slotTime],
      [{ slots: [{ sectionCode: 'A', day: 'Monday', time: '11:00-10:00', location: 'R' }] }, MSG.slotTime],
      [{ slots: [{ sectionCode: 'A', day: 'Someday', time: '10:00', location: 'R' }] }, MSG.slotDay],
      [{ credits: 7 }, MSG.creditsRange],
      [{ credits: 2.5 }, MSG.creditsRange],
      [{ credits: 0 }, MSG.creditsRange],
      [{ departments: [9999] }, MSG.unknownDepartment],
      [
        {
          slots: [
            { sectionCode: 'A', day: 'Monday', time: '09:00', location: 'R' },
            { sectionCode: 'a', day: 'Friday', time: '10:00', location: 'R' },
          ],
        },
        MSG.duplicateSection,
      ],
    ];
    for (const [over, error] of cases) {
      const res = await t.post('/api/course', await courseBody(over), hod);
      expect([res.statusCode, res.json().error], JSON.stringify(over)).toEqual([400, error]);
    }
    expect(await count(t, 'courses')).toBe(5);
  });

  it("a HOD must include their own department; other departments may be added", async () => {
    const hod = await t.login('hod');
    const math = await deptId(t, 'Mathematics');
    const cs = await deptId(t, 'Computer Science');
    const only = await t.post('/api/course', await courseBody({ departments: [math] }), hod);
    expect([only.statusCode, only.json().error]).toEqual([403, MSG.ownDepartmentCourse]);
    const both = await t.post('/api/course', await courseBody({ departments: [math, cs] }), hod);
    expect(both.statusCode).toBe(201);
    expect(both.json().course.department.map((d: { name: string }) => d.name)).toEqual(['Computer Science', 'Mathematics']);
  });

  it('course codes are unique per campus, case-insensitively (409)', async () => {
    const hod = await t.login('hod');
    const res = await t.post('/api/course', await courseBody({ courseCode: 'csc-101' }), hod);
    expect([res.statusCode, res.json().error]).toEqual([409, MSG.courseCodeTaken]);
  });

  it('only HOD, Super_Admin and Admin create courses', async () => {
    for (const who of ['observer', 'faculty', 'director']) {
      const res = await t.post('/api/course', await courseBody({ courseCode: `X-${who}` }), await t.login(who));
      expect(res.statusCode, who).toBe(403);
    }
    const physics = await deptId(t, 'Physics');
    const sa = await t.post('/api/course', await courseBody({ courseCode: 'PHY-500', departments: [physics] }), await t.login('superadmin'));
    expect(sa.statusCode).toBe(201);
    const ad = await t.post('/api/course', await courseBody({ courseCode: 'PHY-501', departments: [physics] }), await t.login('admin'));
    expect(ad.statusCode).toBe(201);
    expect((await t.post('/api/course', await courseBody(), undefined)).statusCode).toBe(401);
  });

  it('keeps client ids (create-then-refer offline) and refuses a reused id', async () => {
    const hod = await t.login('hod');
    const id = randomUUID();
    const slotId = randomUUID();
    const body = await courseBody({ id, slots: [{ id: slotId, sectionCode: 'A', day: 'Monday', time: '09:00', location: 'R' }] });
    const res = await t.post('/api/course', body, hod);
    expect(res.statusCode).toBe(201);
    expect(res.json().course.id).toBe(id);
    expect(res.json().course.slots[0].id).toBe(slotId);
    const again = await t.post('/api/course', { ...body, courseCode: 'CSC-012' }, hod);
    expect([again.statusCode, again.json().error]).toEqual([409, MSG.courseIdTaken]);
  });

  it('a replayed Idempotency-Key creates the course once and answers the stored response', async () => {
    const hod = await t.login('hod');
    const key = { 'idempotency-key': randomUUID() };
    const first = await t.post('/api/course', await courseBody(), hod, key);
    const second = await t.post('/api/course', await courseBody(), hod, key);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replay']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await count(t, 'courses')).toBe(6);
  });
});

describe('GET /courses and GET /course/:id', () => {
  const codes = async (who: string) =>
    ((await t.get('/api/courses', await t.login(who))).json().courses as { courseCode: string }[]).map((c) => c.courseCode).sort();

  it('shows each role the courses it may see', async () => {
    const all = ['CSC-101', 'CSC-201', 'CSC-340', 'MTH-210', 'PHY-110'];
    expect(await codes('superadmin')).toEqual(all);
    expect(await codes('admin')).toEqual(all);
    expect(await codes('director')).toEqual(all);
    expect(await codes('hod')).toEqual(['CSC-101', 'CSC-201', 'CSC-340', 'MTH-210']);
    expect(await codes('observer')).toEqual(['CSC-101', 'CSC-201', 'CSC-340', 'MTH-210']);
    expect(await codes('hod.math')).toEqual(['MTH-210']);
    expect(await codes('faculty')).toEqual(['CSC-101', 'CSC-201']);
    expect(await codes('faculty.math')).toEqual(['MTH-210']);
  });

  it('answers a course with its slots and faculty; 403 outside the department, 404 unknown', async () => {
    const csc101 = await courseByCode(t, 'CSC-101');
    const res = await t.get(`/api/course/${csc101.id}`, await t.login('hod'));
    expect(res.statusCode).toBe(200);
    const a = res.json().slots.find((s: { sectionCode: string }) => s.sectionCode === 'A');
    expect(a).toMatchObject({ facultyId: await t.userId('faculty'), faculty: 'Fatima Rahman', courseId: csc101.id });
    expect(res.json().slots.find((s: { sectionCode: string }) => s.sectionCode === 'C')).toMatchObject({ facultyId: null, faculty: null });
    expect((await t.get(`/api/course/${csc101.id}`, await t.login('hod.math'))).statusCode).toBe(403);
    expect((await t.get(`/api/course/${randomUUID()}`, await t.login('hod'))).statusCode).toBe(404);
    expect((await t.get('/api/course/not-an-id', await t.login('hod'))).statusCode).toBe(404);
  });

  it('answers GET /course/:id by the same rule as the list, for every role (one prepared statement per rule shape)', async () => {
    // Each viewer asks for every course, twice (the second answer comes from the statement prepared for the shape
    // of their rule): exactly the courses of their list answer 200, the others 403.
    const all = await Promise.all(['CSC-101', 'CSC-201', 'CSC-340', 'MTH-210', 'PHY-110'].map((c) => courseByCode(t, c)));
    for (const who of ['superadmin', 'hod', 'hod.math', 'observer', 'faculty', 'faculty.math']) {
      const mine = await codes(who);
      const token = await t.login(who);
      for (let round = 0; round < 2; round++) {
        for (const course of all) {
          const res = await t.get(`/api/course/${course.id}`, token);
          expect([who, course.courseCode, res.statusCode]).toEqual([who, course.courseCode, mine.includes(course.courseCode) ? 200 : 403]);
        }
      }
    }
  });
});

describe('PUT /course/user/:facultyId', () => {
  it('a HOD assigns unassigned slots to a faculty member of the department, who is notified', async () => {
    const hod = await t.login('hod');
    const faculty3 = await t.userId('faculty3');
    const csc101 = await courseByCode(t, 'CSC-101');
    const key = { 'idempotency-key': randomUUID() };
    const res = await t.put(`/api/course/user/${faculty3}`, { slots: [slotOf(csc101, 'C').id] }, hod, key);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.courseAssigned);
    expect(slotOf(res.json().course, 'C')).toMatchObject({ facultyId: faculty3, faculty: 'Grace Lindqvist' });
    const replay = await t.put(`/api/course/user/${faculty3}`, { slots: [slotOf(csc101, 'C').id] }, hod, key);
    expect(replay.json()).toEqual(res.json());
    const notes = await notificationsOf(t, faculty3);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Course assigned', route: '/' });
    expect(notes[0].message).toContain('CSC-101');
    const mine = (await t.get('/api/courses', await t.login('faculty3'))).json().courses.map((c: { courseCode: string }) => c.courseCode);
    expect(mine).toContain('CSC-101');
    const me = (await t.get('/api/auth/me', await t.login('faculty3'))).json();
    expect(me.courseSlots.map((s: { id: string }) => s.id)).toContain(slotOf(csc101, 'C').id);
  });

  it('refuses with SPEC messages, 409 for a taken slot, 403 across departments', async () => {
    const hod = await t.login('hod');
    const faculty3 = await t.userId('faculty3');
    const csc101 = await courseByCode(t, 'CSC-101');
    const csc201 = await courseByCode(t, 'CSC-201');
    const mth = await courseByCode(t, 'MTH-210');
    const put = (faculty: string, slots: unknown, token = hod) => t.put(`/api/course/user/${faculty}`, { slots }, token);

    let res = await put(faculty3, []);
    expect([res.statusCode, res.json().error]).toEqual([400, MSG.selectSlots]);
    res = await t.put(`/api/course/user/${faculty3}`, {}, hod);
    expect([res.statusCode, res.json().error]).toEqual([400, MSG.selectSlots]);
    res = await put('nobody', [slotOf(csc101, 'C').id]);
    expect([res.statusCode, res.json().error]).toEqual([400, MSG.assignDetails]);
    res = await put(faculty3, [slotOf(csc101, 'B').id]);
    expect([res.statusCode, res.json().error]).toEqual([409, MSG.slotTaken]);
    res = await put(faculty3, [slotOf(csc101, 'C').id, slotOf(csc201, 'B').id]);
    expect([res.statusCode, res.json().error]).toEqual([400, MSG.slotsOfOneCourse]);
    res = await put(await t.userId('observer'), [slotOf(csc101, 'C').id]);
    expect([res.statusCode, res.json().error]).toEqual([400, MSG.notFaculty]);
    res = await put(randomUUID(), [slotOf(csc101, 'C').id]);
    expect(res.statusCode).toBe(404);
    res = await put(faculty3, [randomUUID()]);
    expect(res.statusCode).toBe(404);
    // Another department's faculty member, and another department's course.
    res = await put(await t.userId('faculty.math'), [slotOf(mth, 'B').id]);
    expect(res.statusCode).toBe(403);
    res = await put(await t.userId('faculty.math'), [slotOf(csc101, 'C').id], await t.login('hod.math'));
    expect(res.statusCode).toBe(403);
    for (const who of ['observer', 'faculty', 'director']) {
      res = await put(faculty3, [slotOf(csc101, 'C').id], await t.login(who));
      expect(res.statusCode, who).toBe(403);
    }
    expect(slotOf(await courseByCode(t, 'CSC-101'), 'C').facultyId).toBeNull();
  });

  it('a shared course (Mathematics + Computer Science) can be assigned by either HOD within their department', async () => {
    const mth = await courseByCode(t, 'MTH-210');
    const res = await t.put(`/api/course/user/${await t.userId('faculty2')}`, { slots: [slotOf(mth, 'B').id] }, await t.login('hod'));
    expect(res.statusCode).toBe(200);
    const res2 = await t.put(
      `/api/course/user/${await t.userId('faculty.math')}`,
      { slots: [slotOf(mth, 'C').id] },
      await t.login('hod.math'),
    );
    expect(res2.statusCode).toBe(200);
  });
});
