/**
 * SPEC §7, call by call, with exactly the bodies SPEC documents (no client UUIDs, no `submit`, no `ids`, none of
 * the app's richer forms), checking status and the response fields SPEC §3 names. One university, driven in
 * order the way the original product's client drives it: create a faculty member, run a whole observation cycle,
 * administer courses, templates and the prompt. Runs on PGlite and (OBSERVA_TEST_DB=postgres) PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../../src/server/db/schema.js';
import { classHeld, classDate, answers } from '../support/observations-fixture.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/helpers.js';
import { SAMPLES, writeUpload } from '../support/observations-upload.js';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'observa-spec-'));
  t = await createTestApp({ config: { dataDir } });
  await t.reset();
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** SPEC §7: "responses are checked for an error field first" — a success never has one. */
function ok(res: { statusCode: number; body: string }, status = 200): Json {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.body ? JSON.parse(res.body) : {};
  expect(body, res.body).not.toHaveProperty('error');
  return body;
}

// SPEC §3 field lists.
const USER = ['id', 'name', 'email', 'role', 'campus', 'department', 'phone', 'dateOfBirth', 'designation', 'avatar', 'institute', 'degree', 'starting', 'ending', 'facultyObs', 'courseSlots'];
const COURSE = ['id', 'courseCode', 'name', 'credits', 'department', 'departments', 'campus', 'isElective', 'isDepthElective', 'slots'];
const SLOT = ['id', 'courseId', 'course', 'sectionCode', 'day', 'time', 'location', 'facultyId', 'faculty'];
const OBSERVATION = ['id', 'course', 'courseId', 'faculty', 'facultyId', 'observer', 'semester', 'observationStatus', 'status', 'starting', 'ending', 'createdAt', 'observationProgress', 'obsRequest', 'meetings'];
const OBS_REQUEST = ['status', 'timeSlotByObserver', 'timeSlotsByFaculty', 'scheduledOn', 'reasons', 'facultyAccepted', 'observerAccepted', 'teachingPlan'];
const MEETING = ['id', 'status', 'observerScore', 'facultyScore', 'rubrics', 'observationsId'];
const POST = ['id', 'status', 'location', 'scheduledOn', 'timeSlotsByObserver', 'timeSlotByFaculty', 'artifacts', 'reflectionPlan'];
const STEP = ['id', 'field', 'name', 'code', 'templatePlanId'];
const has = (obj: Json, fields: string[]) => expect(Object.keys(obj)).toEqual(expect.arrayContaining(fields));

/** What the calls hand to the next ones. */
const s: Json = {};
const tokens: Record<string, string> = {};

describe('SPEC §7 with the documented bodies', () => {
  it('POST /auth/login answers the user object with a token', async () => {
    const body = ok(await t.post('/api/auth/login', { email: 'hod@university.edu', password: DEMO_PASSWORD }));
    has(body, [...USER, 'token']);
    has(body.department, ['id', 'name']);
    tokens.hod = body.token;
    s.hod = body;
    for (const who of ['superadmin', 'observer']) tokens[who] = await t.login(who);
    s.observerId = await t.userId('observer');
  });

  it('GET /data/{role}/{departmentId} answers the users and courses; GET /course/{id} the slots with facultyId', async () => {
    const data = ok(await t.get(`/api/data/Head_of_Department/${s.hod.department.id}`, tokens.hod));
    expect(data.users.length).toBeGreaterThan(0);
    for (const u of data.users) has(u, USER);
    for (const c of data.courses) has(c, COURSE);
    const withFree = data.courses.find((c: Json) => c.slots.filter((x: Json) => x.facultyId === null).length >= 1);
    expect(withFree).toBeTruthy();
    const course = ok(await t.get(`/api/course/${withFree.id}`, tokens.hod));
    has(course, COURSE);
    for (const slot of course.slots) has(slot, SLOT);
    s.course = course;
    s.freeSlots = course.slots.filter((x: Json) => x.facultyId === null).map((x: Json) => x.id);
  });

  it('POST /auth/create makes a Faculty member from name, email, password, role, campus, department and courses (slot ids)', async () => {
    const body = { name: 'Spec Faculty', email: 'spec.faculty@university.edu', password: 'first-password', role: 'Faculty', campus: 'Main_Campus', department: s.hod.department.id, courses: s.freeSlots };
    const created = ok(await t.post('/api/auth/create', body, tokens.hod), 201);
    has(created, USER);
    s.facultyId = created.id;
    // The course followed from the slots: the new member holds exactly them.
    expect(created.courseSlots.map((x: Json) => x.id).sort()).toEqual([...s.freeSlots].sort());
    const course = ok(await t.get(`/api/course/${s.course.id}`, tokens.hod));
    for (const slot of course.slots.filter((x: Json) => s.freeSlots.includes(x.id))) expect(slot).toMatchObject({ facultyId: s.facultyId, faculty: 'Spec Faculty' });
  });

  it('PUT /auth/reset-password with email, oldPassword, newPassword answers a message', async () => {
    tokens.faculty = await t.login('spec.faculty@university.edu', 'first-password');
    const res = ok(await t.put('/api/auth/reset-password', { email: 'spec.faculty@university.edu', oldPassword: 'first-password', newPassword: 'second-password' }, tokens.faculty));
    expect(res.message).toEqual(expect.any(String));
    tokens.faculty = await t.login('spec.faculty@university.edu', 'second-password');
  });

  it('PUT /user/update/{id} answers the updated user with a working token, never stored with the Idempotency-Key', async () => {
    const body = { dateOfBirth: '1990-05-01', designation: 'Lecturer', institute: 'Spec University', degree: 'PhD', starting: '2015', ending: '2019', phone: null };
    const res = ok(await t.put(`/api/user/update/${s.facultyId}`, body, tokens.faculty, { 'idempotency-key': 'spec-profile-1' }));
    has(res, [...USER, 'token']);
    expect(res).toMatchObject({ ...body, id: s.facultyId });
    // Stored as the current user (SPEC §7), its token goes on working.
    expect(ok(await t.get('/api/auth/me', res.token)).id).toBe(s.facultyId);
    const [stored] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'spec-profile-1'));
    expect(JSON.stringify(stored.response)).not.toContain(res.token);
    // A replay answers the same user, with the token too.
    const replay = ok(await t.put(`/api/user/update/${s.facultyId}`, body, tokens.faculty, { 'idempotency-key': 'spec-profile-1' }));
    expect(replay.token).toBe(res.token);
  });

  it('POST /observation/initiate with facultyIds, observerId, hodId, semester', async () => {
    ok(await t.post('/api/observation/initiate', { facultyIds: [s.facultyId], observerId: s.observerId, hodId: s.hod.id, semester: 'Fall' }, tokens.hod), 201);
  });

  it('GET /user/{id} is the user data: slots with course, and the observations with the §3 fields', async () => {
    const data = ok(await t.get(`/api/user/${s.facultyId}`, tokens.faculty));
    has(data, [...USER, 'slots', 'observations']);
    expect(data.slots.map((x: Json) => x.id).sort()).toEqual([...s.freeSlots].sort());
    for (const slot of data.slots) expect(slot.course).toMatchObject({ id: s.course.id, courseCode: s.course.courseCode });
    expect(data.observations).toHaveLength(1);
    const o = data.observations[0];
    has(o, OBSERVATION);
    expect(o.faculty.name).toBe('Spec Faculty');
    expect(o.observer.name).toEqual(expect.any(String));
    expect(o.observationProgress).toEqual(expect.any(Number));
    has(o.meetings, ['informedObservation', 'uninformedObservation', 'postObservation']);
    expect(data.facultyObs).toEqual([o.id]);
    s.obsId = o.id;
    // The observer's and the HOD's user data carry it too.
    expect(ok(await t.get(`/api/user/${s.observerId}`, tokens.observer)).observations.map((x: Json) => x.id)).toContain(s.obsId);
    expect(ok(await t.get(`/api/user/${s.hod.id}`, tokens.hod)).observations.map((x: Json) => x.id)).toContain(s.obsId);
  });

  it('POST /observation/scheduling with facultyId, observationsId, courseId', async () => {
    ok(await t.post('/api/observation/scheduling', { facultyId: s.facultyId, observationsId: s.obsId, courseId: s.course.id }, tokens.observer), 201);
    const o = ok(await t.get(`/api/observation/${s.obsId}`, tokens.faculty));
    has(o, OBSERVATION);
    has(o.obsRequest, OBS_REQUEST);
    has(o.obsRequest.teachingPlan, ['editedBy', 'steps']);
    for (const step of o.obsRequest.teachingPlan.steps) has(step, [...STEP, 'response']);
    s.teachingPlan = o.obsRequest.teachingPlan;
  });

  it('PUT /observation/scheduling: teaching plan, slots, date, reasons, both acceptances, Done', async () => {
    const id = s.obsId;
    ok(await t.put('/api/observation/scheduling', { templateResponse: answers(s.teachingPlan.steps), templateId: s.teachingPlan.id, editedById: s.facultyId, observationsId: id }, tokens.faculty));
    const slot = { day: s.course.slots.find((x: Json) => s.freeSlots.includes(x.id)).day, time: s.course.slots.find((x: Json) => s.freeSlots.includes(x.id)).time };
    ok(await t.put('/api/observation/scheduling', { observationsId: id, timeSlotsByFaculty: [slot] }, tokens.faculty));
    const when = classDate(slot.day);
    ok(await t.put('/api/observation/scheduling', { observationsId: id, timeSlotByObserver: [slot], scheduledOn: when, reasons: 'First visit' }, tokens.observer));
    ok(await t.put('/api/observation/scheduling', { observationsId: id, facultyAccepted: true }, tokens.faculty));
    ok(await t.put('/api/observation/scheduling', { observationsId: id, observerAccepted: true }, tokens.observer));
    ok(await t.put('/api/observation/scheduling', { observationsId: id, status: 'Completed' }, tokens.observer));
    const o = ok(await t.get(`/api/observation/${id}`, tokens.observer));
    expect(o.obsRequest).toMatchObject({ status: 'Completed', facultyAccepted: true, observerAccepted: true, scheduledOn: when, reasons: 'First visit' });
    await classHeld(t, id); // time passes: the class took place (rubrics are completed from its day on)
    expect(o.obsRequest.teachingPlan.editedBy).toBeTruthy();
    has(o.meetings.informedObservation, MEETING);
    s.informedId = o.meetings.informedObservation.id;
    s.items = o.meetings.informedObservation.rubrics.map((r: Json) => r.id);
    expect(s.items).toHaveLength(20);
  });

  const rubricsFinal = (score: number) => s.items.map((id: string) => ({ id, score }));

  it('PUT /observation/informed with observationsId, informedId, rubricsFinal, role sets that side’s total out of 80', async () => {
    const res = ok(await t.put('/api/observation/informed', { observationsId: s.obsId, informedId: s.informedId, rubricsFinal: rubricsFinal(3), role: 'Observer' }, tokens.observer));
    expect(res.message).toEqual(expect.any(String));
    ok(await t.put('/api/observation/informed', { observationsId: s.obsId, informedId: s.informedId, rubricsFinal: rubricsFinal(4), role: 'Faculty' }, tokens.faculty));
    const seen = ok(await t.get(`/api/observation/${s.obsId}`, tokens.observer)).meetings.informedObservation;
    expect(seen).toMatchObject({ observerScore: 60, facultyScore: 80 });
    for (const r of seen.rubrics) has(r, ['id', 'code', 'title', 'facultyScore', 'observerScore']);
    // Faculty never receive the observer's score: not in the observation, not in their user data.
    const mine = ok(await t.get(`/api/user/${s.facultyId}`, tokens.faculty)).observations[0].meetings.informedObservation;
    expect(mine).toMatchObject({ observerScore: null, facultyScore: 80 });
    expect(mine.rubrics.every((r: Json) => r.observerScore === null)).toBe(true);
    expect(JSON.stringify(ok(await t.get(`/api/user/${s.facultyId}`, tokens.faculty)).observations)).not.toMatch(/"observerScore":\d/);
    // … while their HOD's view of them has it.
    expect(ok(await t.get(`/api/user/${s.facultyId}`, tokens.hod)).observations[0].meetings.informedObservation.observerScore).toBe(60);
  });

  it('PUT /observation/informed with status Completed; POST /observation/uninformed with observationsId; PUT /observation/uninformed', async () => {
    ok(await t.put('/api/observation/informed', { observationsId: s.obsId, informedId: s.informedId, status: 'Completed' }, tokens.observer));
    ok(await t.post('/api/observation/uninformed', { observationsId: s.obsId }, tokens.observer), 201);
    const uninformedId = ok(await t.get(`/api/observation/${s.obsId}`, tokens.observer)).meetings.uninformedObservation.id;
    ok(await t.put('/api/observation/uninformed', { observationsId: s.obsId, uninformedId, rubricsFinal: rubricsFinal(2), role: 'Observer' }, tokens.observer));
    ok(await t.put('/api/observation/uninformed', { observationsId: s.obsId, uninformedId, rubricsFinal: rubricsFinal(3), role: 'Faculty' }, tokens.faculty));
    const m = ok(await t.get(`/api/observation/${s.obsId}`, tokens.observer)).meetings.uninformedObservation;
    expect(m).toMatchObject({ observerScore: 40, facultyScore: 60 });
    ok(await t.put('/api/observation/uninformed', { observationsId: s.obsId, uninformedId, status: 'Completed' }, tokens.observer));
  });

  it('POST and PUT /observation/post-scheduling, POST /upload-artifact/{id}: the whole meeting', async () => {
    const id = s.obsId;
    ok(await t.post('/api/observation/post-scheduling', { observationsId: id, facultyId: s.facultyId, timeSlotsByObserver: ['2026-10-01T10:00:00.000Z'], location: 'Room 101' }, tokens.observer), 201);
    let post = ok(await t.get(`/api/observation/${id}`, tokens.faculty)).meetings.postObservation;
    has(post, POST);
    for (const step of post.reflectionPlan.steps) has(step, STEP);
    ok(await t.put('/api/observation/post-scheduling', { templateResponse: answers(post.reflectionPlan.steps), templateId: post.reflectionPlan.id, editedById: s.facultyId, observationsId: id }, tokens.faculty));

    const uploadId = writeUpload(t, SAMPLES.pdf(), s.facultyId);
    const uploaded = ok(await t.post(`/api/upload-artifact/${post.id}`, { fileURL: `/api/files/${uploadId}`, name: 'lesson.pdf', type: 'application/pdf' }, tokens.faculty), 201);
    expect(uploaded.message).toEqual(expect.any(String));

    ok(await t.put('/api/observation/post-scheduling', { observationsId: id, timeSlotsByObserver: ['2026-10-01T10:00:00.000Z', '2026-10-02T11:00:00.000Z'], location: 'Room 102' }, tokens.observer));
    post = ok(await t.get(`/api/observation/${id}`, tokens.faculty)).meetings.postObservation;
    for (const a of post.artifacts) has(a, ['id', 'name', 'type', 'fileURL']);
    for (const x of post.timeSlotsByObserver) has(x, ['id', 'dateTime']);
    ok(await t.put('/api/observation/post-scheduling', { observationsId: id, timeSlotByFaculty: post.timeSlotsByObserver[1].id }, tokens.faculty));
    expect(ok(await t.put('/api/observation/post-scheduling', { observationsId: id, status: 'Scheduled' }, tokens.observer)).message).toEqual(expect.any(String));
    expect(ok(await t.put('/api/observation/post-scheduling', { observationsId: id, status: 'Completed' }, tokens.observer)).message).toEqual(expect.any(String));
    const o = ok(await t.get(`/api/observation/${id}`, tokens.observer));
    expect(o.meetings.postObservation).toMatchObject({ status: 'Completed', location: 'Room 102', timeSlotByFaculty: post.timeSlotsByObserver[1].id });
  });

  it('GET /data/super-data: users, and observations with the §3 fields', async () => {
    const data = ok(await t.get('/api/data/super-data', tokens.superadmin));
    has(data, ['users', 'observations', 'courses', 'departments']);
    const o = data.observations.find((x: Json) => x.id === s.obsId);
    has(o, OBSERVATION);
    expect(o.faculty.name).toBe('Spec Faculty');
    expect(o.observer.name).toEqual(expect.any(String));
    expect(o.observationProgress).toBe(100);
    has(o.meetings.postObservation, POST);
    expect(o.meetings.informedObservation.observerScore).toBe(60);
  });

  it('GET and PUT /template/{id}: steps carry templatePlanId; a single step {id, name, field} is accepted', async () => {
    const plan = ok(await t.get('/api/template/Teaching', tokens.superadmin));
    const byId = ok(await t.get(`/api/template/${plan.id}`, tokens.superadmin));
    for (const step of byId.steps) {
      has(step, STEP);
      expect(step.templatePlanId).toBe(plan.id);
    }
    const step = byId.steps[0];
    const res = ok(await t.put(`/api/template/${step.templatePlanId}`, { id: step.id, name: 'Programme outcomes', field: 'Which programme outcomes does the lesson serve?' }, tokens.superadmin));
    expect(res.steps.find((x: Json) => x.id === step.id)).toMatchObject({ name: 'Programme outcomes', field: 'Which programme outcomes does the lesson serve?' });
  });

  it('GET and PUT /email/{id}', async () => {
    const tpl = ok(await t.get('/api/email/CreateUser', tokens.superadmin));
    has(tpl, ['id', 'email']);
    const updated = ok(await t.put(`/api/email/${tpl.id}`, { email: 'Welcome {{name}} ({{email}})!' }, tokens.superadmin));
    expect(updated).toMatchObject({ id: tpl.id, email: 'Welcome {{name}} ({{email}})!' });
  });

  it('GET /department answers a list (no message field); POST /observation/prompt answers a message', async () => {
    const depts = ok(await t.get('/api/department', tokens.superadmin)) as unknown as Json[];
    expect(Array.isArray(depts)).toBe(true);
    for (const d of depts) has(d, ['id', 'name']);
    const res = ok(await t.post('/api/observation/prompt', { departmentId: s.hod.department.id, campus: 'Main_Campus', threshold: 60 }, tokens.superadmin));
    expect(res.message).toEqual(expect.any(String));
  });

  it('POST /course and PUT /course/user/{facultyId}', async () => {
    const body = { courseCode: 'SPC-101', name: 'Spec Course', departments: [s.hod.department.id], campus: 'Main_Campus', credits: 3, slots: [{ sectionCode: 'A', day: 'Monday', time: '09:00-10:30', location: 'Room 1' }, { sectionCode: 'B', day: 'Tuesday', time: '11:00-12:30', location: 'Room 2' }] };
    const created = ok(await t.post('/api/course', body, tokens.hod), 201);
    has(created.course, COURSE);
    const course = ok(await t.get(`/api/course/${created.course.id}`, tokens.hod));
    expect(course.slots.map((x: Json) => x.facultyId)).toEqual([null, null]);
    const res = ok(await t.put(`/api/course/user/${s.facultyId}`, { slots: [course.slots[0].id] }, tokens.hod));
    expect(res.message).toEqual(expect.any(String));
    expect(ok(await t.get(`/api/course/${course.id}`, tokens.hod)).slots.find((x: Json) => x.id === course.slots[0].id).facultyId).toBe(s.facultyId);
  });

  it('DELETE /observation/{id} answers a message', async () => {
    expect(ok(await t.del(`/api/observation/${s.obsId}`, tokens.superadmin)).message).toEqual(expect.any(String));
    expect((await t.get(`/api/observation/${s.obsId}`, tokens.superadmin)).statusCode).toBe(404);
  });
});
