/**
 * Shared steps of the observation-cycle tests: sign in the demo roles, and drive a cycle to a given stage through
 * the real REST API (no shortcuts into the database except reading seed ids and `classHeld`, which stands for time passing).
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { courses, rubricItems, schedulingRequests, slots, SPEC_RUBRIC_VERSION_ID } from '../../../src/server/db/schema.js';
import { nextDayOn, utcDay } from '../../../src/shared/class-dates.js';
import type { TestApp } from './helpers.js';

export interface Actors {
  hod: string;
  observer: string;
  observer2: string;
  faculty: string;
  faculty2: string;
  superadmin: string;
  admin: string;
  hodMath: string;
  ids: { hod: string; observer: string; observer2: string; faculty: string; faculty2: string; faculty3: string; facultyMath: string };
}

export async function actors(t: TestApp): Promise<Actors> {
  const [hod, observer, observer2, faculty, faculty2, superadmin, admin, hodMath] = await Promise.all(
    ['hod', 'observer', 'observer2', 'faculty', 'faculty2', 'superadmin', 'admin', 'hod.math'].map((w) => t.login(w)),
  );
  const ids = {
    hod: await t.userId('hod'),
    observer: await t.userId('observer'),
    observer2: await t.userId('observer2'),
    faculty: await t.userId('faculty'),
    faculty2: await t.userId('faculty2'),
    faculty3: await t.userId('faculty3'),
    facultyMath: await t.userId('faculty.math'),
  };
  return { hod, observer, observer2, faculty, faculty2, superadmin, admin, hodMath, ids };
}

export const key = () => ({ 'idempotency-key': randomUUID() });

export async function initiate(t: TestApp, a: Actors, facultyId = a.ids.faculty): Promise<string> {
  const id = randomUUID();
  const res = await t.post('/api/observation/initiate', { facultyIds: [facultyId], observerId: a.ids.observer, hodId: a.ids.hod, semester: 'Fall', ids: { [facultyId]: id } }, a.hod, key());
  expect(res.statusCode, res.body).toBe(201);
  return id;
}

export async function doc(t: TestApp, id: string, token: string) {
  const res = await t.get(`/api/observation/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The faculty's slots of their first course (CSC-101 for faculty@: Monday 09:00-10:30). */
export async function facultyCourse(t: TestApp, facultyId: string) {
  const rows = await t.db
    .select({ courseId: slots.courseId, day: slots.day, time: slots.time, code: courses.courseCode })
    .from(slots)
    .innerJoin(courses, eq(courses.id, slots.courseId))
    .where(eq(slots.facultyId, facultyId))
    .orderBy(asc(courses.courseCode));
  const courseId = rows[0].courseId;
  return { courseId, slots: rows.filter((r) => r.courseId === courseId).map((r) => ({ day: r.day, time: r.time })) };
}

/**
 * A class date the scheduling rules accept: the first day on `weekday` from tomorrow on, 09:00 UTC.
 * `weeks` later ones for a second pick.
 */
export function classDate(weekday: string, weeks = 0): string {
  const day = nextDayOn(utcDay(new Date(), 1 + weeks * 7), weekday);
  return `${day}T09:00:00.000Z`;
}

/** The historical class every downstream assertion (calendar, exports) counts on: a Monday in the past. */
export const HELD_CLASS = '2026-09-14T09:00:00.000Z';

/**
 * Time passing, as a fixture shortcut: the scheduled class (picked in the future through the API) has taken
 * place — `scheduledOn` moves to HELD_CLASS so rubrics may be completed (they may not before the class day).
 */
export async function classHeld(t: TestApp, observationId: string): Promise<void> {
  await t.db.update(schedulingRequests).set({ scheduledOn: new Date(HELD_CLASS) }).where(eq(schedulingRequests.observationId, observationId));
}

export async function put(t: TestApp, path: string, body: unknown, token: string) {
  return t.put(`/api/observation/${path}`, body, token, key());
}

export function answers(steps: { id: string; code: string }[], words = 70) {
  const narrative = Array.from({ length: words }, (_, i) => `reflect${i}`).join(' ');
  return steps.map((s) => ({ id: s.id, response: /Reflective/.test(s.code) ? narrative : `An answer for ${s.id.slice(0, 4)}.` }));
}

export async function startScheduling(t: TestApp, a: Actors, id: string) {
  const { courseId, slots: own } = await facultyCourse(t, a.ids.faculty);
  const res = await t.post('/api/observation/scheduling', { observationsId: id, facultyId: a.ids.faculty, courseId }, a.observer, key());
  expect(res.statusCode, res.body).toBe(201);
  return { courseId, own };
}

/** From initiate to scheduling Done (informed observation created). */
export async function scheduleDone(t: TestApp, a: Actors, id: string, informedId = randomUUID()) {
  const { own } = await startScheduling(t, a, id);
  const d = await doc(t, id, a.faculty);
  const ok = async (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBe(200);
  await ok(await put(t, 'scheduling', { observationsId: id, templateResponse: answers(d.obsRequest.teachingPlan.steps) }, a.faculty));
  await ok(await put(t, 'scheduling', { observationsId: id, timeSlotsByFaculty: own }, a.faculty));
  await ok(await put(t, 'scheduling', { observationsId: id, timeSlotByObserver: [own[0]], scheduledOn: classDate(own[0].day) }, a.observer));
  await ok(await put(t, 'scheduling', { observationsId: id, facultyAccepted: true }, a.faculty));
  await ok(await put(t, 'scheduling', { observationsId: id, observerAccepted: true }, a.observer));
  await ok(await put(t, 'scheduling', { observationsId: id, status: 'Completed', informedId }, a.observer));
  await classHeld(t, id);
  return informedId;
}

/** The SPEC rubric's items (the version observations use unless initiated with another), in group order. */
export async function rubricIds(t: TestApp) {
  const rows = await t.db
    .select({ id: rubricItems.id, code: rubricItems.code })
    .from(rubricItems)
    .where(eq(rubricItems.rubricVersionId, SPEC_RUBRIC_VERSION_ID))
    .orderBy(asc(rubricItems.groupPosition), asc(rubricItems.position));
  return rows;
}

/** Saves all four groups with `score` each, then submits: total = 20 × score. */
export async function scoreAll(t: TestApp, kind: 'informed' | 'uninformed', id: string, token: string, score: number) {
  const items = await rubricIds(t);
  for (const code of ['1-A', '1-B', '1-C', '1-D']) {
    const group = items.filter((i) => i.code === code).map((i) => ({ id: i.id, score }));
    const res = await put(t, kind, { observationsId: id, rubricsFinal: group }, token);
    expect(res.statusCode, res.body).toBe(200);
  }
  const res = await put(t, kind, { observationsId: id, submit: true }, token);
  expect(res.statusCode, res.body).toBe(200);
}

export async function lock(t: TestApp, kind: 'informed' | 'uninformed', id: string, token: string) {
  return put(t, kind, { observationsId: id, status: 'Completed' }, token);
}

/** From initiate through both locked observations; `whileOpen` runs while the informed rubric is still open. */
export async function bothObservationsDone(t: TestApp, a: Actors, id: string, whileOpen?: () => Promise<void>) {
  await scheduleDone(t, a, id);
  await whileOpen?.();
  await scoreAll(t, 'informed', id, a.observer, 3);
  await scoreAll(t, 'informed', id, a.faculty, 4);
  expect((await lock(t, 'informed', id, a.observer)).statusCode).toBe(200);
  const res = await t.post('/api/observation/uninformed', { observationsId: id, id: randomUUID() }, a.observer, key());
  expect(res.statusCode, res.body).toBe(201);
  await scoreAll(t, 'uninformed', id, a.observer, 2);
  await scoreAll(t, 'uninformed', id, a.faculty, 3);
  expect((await lock(t, 'uninformed', id, a.observer)).statusCode).toBe(200);
}
