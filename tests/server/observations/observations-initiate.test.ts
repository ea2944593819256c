import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, notifications, observations, SPEC_RUBRIC_VERSION_ID, tombstones } from '../../../src/server/db/schema.js';
import { MSG } from '../../../src/shared/messages.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { actors, doc, initiate, key, type Actors } from '../support/observations-fixture.js';

let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  a = await actors(t);
});
afterAll(() => t?.close());

const init = (body: unknown, token: string, headers = key()) => t.post('/api/observation/initiate', body, token, headers);

describe('POST /api/observation/initiate', () => {
  it('creates one Pending observation per faculty with the client ids, emails and notifies faculty and observer', async () => {
    const ids = { [a.ids.faculty]: randomUUID(), [a.ids.faculty2]: randomUUID() };
    const res = await init({ facultyIds: [a.ids.faculty, a.ids.faculty2], observerId: a.ids.observer, hodId: a.ids.hod, semester: 'Spring', ids }, a.hod);
    expect(res.statusCode).toBe(201);
    // The demo observer is not calibrated on the SPEC version: a warning, the observations are made all the same.
    expect(res.json()).toEqual({
      message: MSG.observationsInitiated,
      ids: [ids[a.ids.faculty], ids[a.ids.faculty2]],
      warnings: [{ observerId: a.ids.observer, rubricVersionId: SPEC_RUBRIC_VERSION_ID, message: expect.stringMatching(/^observerId: .+ is not calibrated on this rubric version$/) }],
    });

    const d = await doc(t, ids[a.ids.faculty], a.hod);
    expect(d).toMatchObject({
      id: ids[a.ids.faculty],
      facultyId: a.ids.faculty,
      observerId: a.ids.observer,
      hodId: a.ids.hod,
      semester: 'Spring',
      status: 'Pending',
      observationStatus: 'Pending',
      observationProgress: 0,
      cycleLabel: '---',
      obsRequest: null,
      course: null,
      faculty: { name: 'Fatima Rahman' },
      observer: { name: 'Olivia Brennan' },
      meetings: { informedObservation: null, uninformedObservation: null, postObservation: null },
    });
    expect(d.faculty.courseSlots.length).toBe(2);

    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.templateType, 'InitiateObs'));
    expect(mails.map((m) => m.to).sort()).toEqual(['faculty2@university.edu', 'faculty@university.edu', 'observer@university.edu', 'observer@university.edu']);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, a.ids.faculty));
    expect(notes).toHaveLength(1);
    expect(notes[0].route).toBe(`/observations/detail-observation/${ids[a.ids.faculty]}`);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'observation.initiate'));
    expect(audits).toHaveLength(2);
  });

  it('answers the §5 messages for missing observer, faculty or semester', async () => {
    expect((await init({ facultyIds: [], observerId: a.ids.observer, semester: 'Fall' }, a.hod)).json()).toEqual({ error: MSG.selectObserverAndFaculty });
    expect((await init({ facultyIds: [a.ids.faculty], semester: 'Fall' }, a.hod)).json()).toEqual({ error: MSG.selectObserverAndFaculty });
    const noSem = await init({ facultyIds: [a.ids.faculty], observerId: a.ids.observer }, a.hod);
    expect(noSem.statusCode).toBe(400);
    expect(noSem.json()).toEqual({ error: MSG.selectSemester });
    expect((await init({ facultyIds: [a.ids.faculty], observerId: a.ids.observer, semester: 'Winter' }, a.hod)).json()).toEqual({ error: MSG.selectSemester });
  });

  it('only a Head of Department, only users of the right roles in their department', async () => {
    const body = { facultyIds: [a.ids.faculty], observerId: a.ids.observer, semester: 'Fall' };
    expect((await init(body, a.observer)).statusCode).toBe(403);
    expect((await init(body, a.superadmin)).statusCode).toBe(403);
    const otherHod = await init(body, a.hodMath);
    expect(otherHod.statusCode).toBe(403);
    expect(otherHod.json()).toEqual({ error: MSG.observerAndFacultyOfDepartment });
    // wrong roles: a faculty as observer, an observer as faculty, another department's faculty, garbage ids
    expect((await init({ ...body, observerId: a.ids.faculty2 }, a.hod)).statusCode).toBe(403);
    expect((await init({ ...body, facultyIds: [a.ids.observer2] }, a.hod)).statusCode).toBe(403);
    expect((await init({ ...body, facultyIds: [a.ids.facultyMath] }, a.hod)).statusCode).toBe(403);
    expect((await init({ ...body, facultyIds: ['nope'] }, a.hod)).statusCode).toBe(403);
    expect((await init(body, '')).statusCode).toBe(401);
  });

  it('refuses faculty who already have an open observation; allows a new one after completion', async () => {
    const id = await initiate(t, a);
    const again = await init({ facultyIds: [a.ids.faculty, a.ids.faculty2], observerId: a.ids.observer, semester: 'Fall' }, a.hod);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: MSG.facultyHasOpenObservation });
    await t.db.update(observations).set({ status: 'Completed' }).where(eq(observations.id, id));
    expect((await init({ facultyIds: [a.ids.faculty], observerId: a.ids.observer, semester: 'Summer' }, a.hod)).statusCode).toBe(201);
  });

  it('refuses a client id that already names another observation (409), without a 500', async () => {
    const id = await initiate(t, a);
    const res = await init({ facultyIds: [a.ids.faculty2], observerId: a.ids.observer, semester: 'Fall', ids: { [a.ids.faculty2]: id } }, a.hod);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'That id is already in use!' });
  });

  it('replays an Idempotency-Key with the stored answer and creates nothing twice', async () => {
    const headers = key();
    const body = { facultyIds: [a.ids.faculty], observerId: a.ids.observer, semester: 'Fall', ids: { [a.ids.faculty]: randomUUID() } };
    const first = await init(body, a.hod, headers);
    const second = await init(body, a.hod, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replay']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await t.db.select().from(observations)).toHaveLength(1);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.templateType, 'InitiateObs'))).toHaveLength(2);
  });
});

describe('GET /api/observation/:id and /api/observations', () => {
  it('is readable by its HOD, observer, faculty and the all-seeing roles; 403 for others; 404 unknown', async () => {
    const id = await initiate(t, a);
    for (const token of [a.hod, a.observer, a.faculty, a.superadmin, a.admin]) expect((await t.get(`/api/observation/${id}`, token)).statusCode).toBe(200);
    const other = await t.get(`/api/observation/${id}`, a.hodMath);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: MSG.forbidden });
    expect((await t.get(`/api/observation/${id}`, a.faculty2)).statusCode).toBe(403);
    expect((await t.get(`/api/observation/${id}`, a.observer2)).statusCode).toBe(403);
    expect((await t.get(`/api/observation/${randomUUID()}`, a.hod)).statusCode).toBe(404);
    expect((await t.get('/api/observation/not-a-uuid', a.hod)).statusCode).toBe(404);
    expect((await t.get(`/api/observation/${id}`)).statusCode).toBe(401);
  });

  it('lists only what the user may see', async () => {
    const id = await initiate(t, a);
    const list = async (token: string) => ((await t.get('/api/observations', token)).json() as { id: string }[]).map((o) => o.id);
    expect(await list(a.hod)).toEqual([id]);
    expect(await list(a.faculty)).toEqual([id]);
    expect(await list(a.observer)).toEqual([id]);
    expect(await list(a.superadmin)).toEqual([id]);
    expect(await list(a.faculty2)).toEqual([]);
    expect(await list(a.observer2)).toEqual([]);
    expect(await list(a.hodMath)).toEqual([]);
  });
});

describe('DELETE /api/observation/:id', () => {
  it('Super_Admin only; cascades and leaves a tombstone', async () => {
    const id = await initiate(t, a);
    await t.post(`/api/observation/${id}/messages`, { body: 'hello' }, a.observer, key());
    expect((await t.del(`/api/observation/${id}`, a.hod, key())).statusCode).toBe(403);
    const res = await t.del(`/api/observation/${id}`, a.superadmin, key());
    expect(res.statusCode).toBe(200);
    expect((await t.get(`/api/observation/${id}`, a.superadmin)).statusCode).toBe(404);
    const stones = await t.db.select().from(tombstones).where(eq(tombstones.entityId, id));
    expect(stones.map((s) => s.entity)).toEqual(['observations']);
    expect((await t.db.select().from(tombstones).where(eq(tombstones.entity, 'observation_messages'))).length).toBe(1);
    expect((await t.del(`/api/observation/${id}`, a.superadmin, key())).statusCode).toBe(404);
  });
});
