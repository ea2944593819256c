import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, notifications, observationMessages, planTemplateSteps } from '../../../src/server/db/schema.js';
import { MSG } from '../../../src/shared/messages.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { actors, answers, classDate, doc, facultyCourse, HELD_CLASS, initiate, key, put, scheduleDone, startScheduling, type Actors } from '../support/observations-fixture.js';
import { utcDay, weekdayOf } from '../../../src/shared/class-dates.js';

let t: TestApp;
let a: Actors;
let id: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  a = await actors(t);
  id = await initiate(t, a);
});
afterAll(() => t?.close());

const sched = (body: object, token: string) => put(t, 'scheduling', { observationsId: id, ...body }, token);
const planOf = async () => (await doc(t, id, a.faculty)).obsRequest.teachingPlan;

describe('POST /api/observation/scheduling', () => {
  it('the observer selects a faculty course: request Ongoing, teaching plan copied, observation Ongoing', async () => {
    const { courseId } = await facultyCourse(t, a.ids.faculty);
    const reqId = randomUUID();
    const res = await t.post('/api/observation/scheduling', { observationsId: id, facultyId: a.ids.faculty, courseId, id: reqId }, a.observer, key());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: MSG.schedulingCreated });
    const d = await doc(t, id, a.observer);
    expect(d).toMatchObject({ status: 'Ongoing', courseId, course: { courseCode: 'CSC-101' }, cycleLabel: 'Observation Scheduling', observationProgress: 0 });
    expect(d.starting).not.toBeNull();
    expect(d.obsRequest).toMatchObject({ id: reqId, status: 'Ongoing', facultyAccepted: false, observerAccepted: false, timeSlotsByFaculty: [] });
    expect(d.obsRequest.teachingPlan.editedBy).toBeNull();
    expect(d.obsRequest.teachingPlan.steps.map((s: { key: string }) => s.key)).toEqual([
      'ProgramOutcomes', 'LearningOutcomes', 'LearningResources', 'TeachingSummary', 'PreTeaching', 'PostTeaching', 'Feedback',
    ]);
    expect(d.obsRequest.teachingPlan.steps[0].templatePlanId).toEqual(expect.any(String));
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, a.ids.faculty));
    expect(notes.some((n) => n.route === `/observations/observation-scheduling/${id}`)).toBe(true);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.templateType, 'UpdateObs'))).toHaveLength(1);
  });

  it('later edits of the master plan do not change the running observation', async () => {
    await startScheduling(t, a, id);
    await t.db.update(planTemplateSteps).set({ name: 'Changed' });
    expect((await planOf()).steps.every((s: { name: string }) => s.name !== 'Changed')).toBe(true);
  });

  it('only the observer, only once, only a course the faculty teaches', async () => {
    const { courseId } = await facultyCourse(t, a.ids.faculty);
    const body = { observationsId: id, facultyId: a.ids.faculty, courseId };
    expect((await t.post('/api/observation/scheduling', body, a.faculty, key())).statusCode).toBe(403);
    expect((await t.post('/api/observation/scheduling', body, a.hod, key())).statusCode).toBe(403);
    expect((await t.post('/api/observation/scheduling', body, a.observer2, key())).statusCode).toBe(403);
    const notTaught = await t.post('/api/observation/scheduling', { ...body, courseId: (await facultyCourse(t, a.ids.faculty3)).courseId }, a.observer, key());
    expect(notTaught.statusCode).toBe(400);
    expect(notTaught.json()).toEqual({ error: MSG.courseNotOfFaculty });
    expect((await t.post('/api/observation/scheduling', { ...body, courseId: '' }, a.observer, key())).json()).toEqual({ error: MSG.provideAllFields });
    expect((await t.post('/api/observation/scheduling', body, a.observer, key())).statusCode).toBe(201);
    const twice = await t.post('/api/observation/scheduling', body, a.observer, key());
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: MSG.schedulingExists });
  });
});

describe('PUT /api/observation/scheduling', () => {
  it('teaching plan: faculty only, every field required, ≤ 500 words per answer', async () => {
    const res0 = await sched({ timeSlotsByFaculty: [{ day: 'Monday', time: '09:00-10:30' }] }, a.faculty);
    expect(res0.statusCode).toBe(409);
    expect(res0.json()).toEqual({ error: MSG.schedulingNotStarted });
    await startScheduling(t, a, id);
    const steps = (await planOf()).steps;
    const full = answers(steps);
    expect((await sched({ templateResponse: full }, a.observer)).statusCode).toBe(403);
    const missing = await sched({ templateResponse: full.slice(1) }, a.faculty);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ error: MSG.provideAllDetails });
    const blank = await sched({ templateResponse: [{ ...full[0], response: '   ' }, ...full.slice(1)] }, a.faculty);
    expect(blank.json()).toEqual({ error: MSG.provideAllDetails });
    const long = await sched({ templateResponse: [{ ...full[0], response: 'word '.repeat(501) }, ...full.slice(1)] }, a.faculty);
    expect(long.json()).toEqual({ error: MSG.answerTooLong });
    // faculty cannot offer slots before the plan
    const early = await sched({ timeSlotsByFaculty: [{ day: 'Monday', time: '09:00-10:30' }] }, a.faculty);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: MSG.teachingPlanFirst });
    const ok = await sched({ templateResponse: full, templateId: 'ignored', editedById: a.ids.observer }, a.faculty);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: MSG.observationUpdated });
    const plan = await planOf();
    expect(plan.editedBy).toBe(a.ids.faculty);
    expect(plan.steps[0].response).toBe(full[0].response);
  });

  it('runs slots → pick → accept (faculty then observer) → Done, with every ordering rule', async () => {
    const { own } = await startScheduling(t, a, id);
    await sched({ templateResponse: answers((await planOf()).steps) }, a.faculty);

    expect((await sched({ timeSlotsByFaculty: [] }, a.faculty)).json()).toEqual({ error: MSG.provideSlots });
    const foreign = await sched({ timeSlotsByFaculty: [{ day: 'Wednesday', time: '11:00-12:30' }] }, a.faculty);
    expect(foreign.json()).toEqual({ error: MSG.slotsNotOfFaculty });
    expect((await sched({ timeSlotsByFaculty: own }, a.observer)).statusCode).toBe(403);
    expect((await sched({ timeSlotsByFaculty: own }, a.faculty)).statusCode).toBe(200);

    const acceptEarly = await sched({ facultyAccepted: true }, a.faculty);
    expect(acceptEarly.statusCode).toBe(409);
    expect(acceptEarly.json()).toEqual({ error: MSG.noScheduledDate });
    expect((await sched({ timeSlotByObserver: [own[0]] }, a.observer)).json()).toEqual({ error: MSG.provideAllFields });
    const when = classDate(own[0].day);
    expect((await sched({ scheduledOn: when }, a.observer)).json()).toEqual({ error: MSG.provideAllFields });
    const notOffered = await sched({ timeSlotByObserver: [{ day: 'Friday', time: '14:00-15:30' }], scheduledOn: when }, a.observer);
    expect(notOffered.json()).toEqual({ error: MSG.slotNotOffered });
    expect((await sched({ timeSlotByObserver: own[0], scheduledOn: when }, a.faculty)).statusCode).toBe(403);
    // The date falls on the slot's weekday and is not in the past.
    const past = await sched({ timeSlotByObserver: own[0], scheduledOn: HELD_CLASS }, a.observer);
    expect(past.statusCode).toBe(400);
    expect(past.json()).toEqual({ error: MSG.classDateInPast });
    const wrongDay = utcDay(new Date(when), 1);
    const offDay = await sched({ timeSlotByObserver: own[0], scheduledOn: `${wrongDay}T09:00:00.000Z` }, a.observer);
    expect(offDay.statusCode).toBe(400);
    expect(offDay.json()).toEqual({ error: MSG.classDateNotSlotDay(own[0].day, weekdayOf(wrongDay)) });
    expect((await sched({ timeSlotByObserver: own[0], scheduledOn: when, reasons: 'Monday works best for me.' }, a.observer)).statusCode).toBe(200);

    const observerFirst = await sched({ observerAccepted: true }, a.observer);
    expect(observerFirst.statusCode).toBe(409);
    expect(observerFirst.json()).toEqual({ error: MSG.facultyNotAccepted });
    const doneEarly = await sched({ status: 'Completed' }, a.observer);
    expect(doneEarly.json()).toEqual({ error: MSG.bothMustAccept });
    const acc = await sched({ facultyAccepted: true }, a.faculty);
    expect(acc.json()).toEqual({ message: MSG.observationAccepted });
    const locked = await sched({ timeSlotByObserver: own[0], scheduledOn: classDate(own[0].day, 1) }, a.observer);
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({ error: MSG.facultyAlreadyAccepted });
    expect((await sched({ observerAccepted: true }, a.faculty)).statusCode).toBe(403);
    expect((await sched({ observerAccepted: true }, a.observer)).statusCode).toBe(200);
    expect((await sched({ status: 'Completed' }, a.faculty)).statusCode).toBe(403);
    expect((await sched({ status: 'Completed' }, a.hod)).statusCode).toBe(403);

    const informedId = randomUUID();
    const done = await sched({ status: 'Completed', informedId }, a.observer);
    expect(done.json()).toEqual({ message: MSG.schedulingCompleted });
    const d = await doc(t, id, a.hod);
    expect(d.obsRequest).toMatchObject({ status: 'Completed', facultyAccepted: true, observerAccepted: true, scheduledOn: when, reasons: 'Monday works best for me.', timeSlotByObserver: [own[0]] });
    expect(d).toMatchObject({ observationProgress: 10, cycleLabel: 'Informed Observation', status: 'Ongoing' });
    expect(d.meetings.informedObservation).toMatchObject({ id: informedId, status: 'Ongoing', observerScore: null, facultyScore: null });
    expect(d.meetings.informedObservation.rubrics).toHaveLength(20);

    const after = await sched({ reasons: 'one more thing' }, a.faculty);
    expect(after.statusCode).toBe(409);
    expect(after.json()).toEqual({ error: MSG.schedulingAlreadyCompleted });
    // the reasons went to the chat too
    const chat = await t.db.select().from(observationMessages).where(eq(observationMessages.observationId, id));
    expect(chat.map((m) => m.body)).toEqual(['Monday works best for me.']);
    // every change told the other side by email
    expect((await t.db.select().from(emailOutbox).where(eq(emailOutbox.templateType, 'UpdateObs'))).length).toBeGreaterThanOrEqual(7);
  });

  it('re-offering slots resets both acceptances and drops a pick no longer offered', async () => {
    const { own } = await startScheduling(t, a, id);
    await sched({ templateResponse: answers((await planOf()).steps) }, a.faculty);
    await sched({ timeSlotsByFaculty: own }, a.faculty);
    await sched({ timeSlotByObserver: own[0], scheduledOn: classDate(own[0].day) }, a.observer);
    await sched({ facultyAccepted: true }, a.faculty);
    // faculty@ has only one CSC-101 slot: re-offer the same list (allowed), acceptances reset
    expect((await sched({ timeSlotsByFaculty: own }, a.faculty)).statusCode).toBe(200);
    const r = (await doc(t, id, a.observer)).obsRequest;
    expect(r.facultyAccepted).toBe(false);
    expect(r.timeSlotByObserver).toEqual([own[0]]);
  });

  it('a whole scheduling replayed with the same keys applies once', async () => {
    await startScheduling(t, a, id);
    const headers = key();
    const body = { observationsId: id, templateResponse: answers((await planOf()).steps) };
    const r1 = await t.put('/api/observation/scheduling', body, a.faculty, headers);
    const r2 = await t.put('/api/observation/scheduling', body, a.faculty, headers);
    expect(r2.headers['idempotent-replay']).toBe('true');
    expect(r2.json()).toEqual(r1.json());
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, a.ids.observer));
    expect(notes.filter((n) => n.title === 'Teaching plan submitted')).toHaveLength(1);
  });

  it('the fixture reaches Done', async () => {
    await scheduleDone(t, a, id);
    expect((await doc(t, id, a.faculty)).observationProgress).toBe(10);
  });
});
