import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emailOutbox, observations } from '../../../src/server/db/schema.js';
import { MSG } from '../../../src/shared/messages.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { actors, answers, bothObservationsDone, doc, initiate, key, put, scheduleDone, type Actors } from '../support/observations-fixture.js';
import { uploadArtifact } from '../support/observations-upload.js';

let t: TestApp;
let a: Actors;
let id: string;
beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: mkdtempSync(path.join(tmpdir(), 'observa-post-')) } });
});
beforeEach(async () => {
  await t.reset();
  a = await actors(t);
  id = await initiate(t, a);
});
afterAll(() => t?.close());

const slotA = { id: randomUUID(), dateTime: '2026-10-05T09:30:00+02:00' };
const slotB = { id: randomUUID(), dateTime: '2026-10-06T14:00:00.000Z' };
const create = (body: object, token: string) =>
  t.post('/api/observation/post-scheduling', { observationsId: id, facultyId: a.ids.faculty, ...body }, token, key());
const update = (body: object, token: string) => put(t, 'post-scheduling', { observationsId: id, ...body }, token);
const postOf = async (token = a.observer) => (await doc(t, id, token)).meetings.postObservation;

describe('POST /api/observation/post-scheduling', () => {
  it('only once both observations are Completed', async () => {
    await scheduleDone(t, a, id);
    const res = await create({ timeSlotsByObserver: [slotA], location: 'Room 1' }, a.observer);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: MSG.observationsNotCompleted });
  });

  it('observer creates with UTC slots and a location; reflection plan copied; §5 messages; once', async () => {
    await bothObservationsDone(t, a, id);
    expect((await create({ timeSlotsByObserver: [slotA], location: 'Room 1' }, a.faculty)).statusCode).toBe(403);
    expect((await create({ timeSlotsByObserver: [], location: 'Room 1' }, a.observer)).json()).toEqual({ error: MSG.timingsOrLocation });
    expect((await create({ timeSlotsByObserver: [slotA], location: ' ' }, a.observer)).json()).toEqual({ error: MSG.timingsOrLocation });
    expect((await create({ timeSlotsByObserver: ['not a date'], location: 'Room 1' }, a.observer)).json()).toEqual({ error: MSG.timingsOrLocation });
    const postId = randomUUID();
    const res = await create({ id: postId, timeSlotsByObserver: [slotA, slotB], location: 'Meeting Room 2' }, a.observer);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: MSG.postCreated, id: postId });
    const p = await postOf();
    expect(p).toMatchObject({ id: postId, status: 'Ongoing', location: 'Meeting Room 2', timeSlotByFaculty: null, artifacts: [] });
    expect(p.timeSlotsByObserver).toEqual([
      { id: slotA.id, dateTime: '2026-10-05T07:30:00.000Z' },
      { id: slotB.id, dateTime: '2026-10-06T14:00:00.000Z' },
    ]);
    expect(p.reflectionPlan.editedBy).toBeNull();
    expect(p.reflectionPlan.steps).toHaveLength(13);
    expect((await create({ timeSlotsByObserver: [slotA], location: 'Room 1' }, a.observer)).json()).toEqual({ error: MSG.postExists });
  });
});

describe('PUT /api/observation/post-scheduling', () => {
  beforeEach(async () => {
    await bothObservationsDone(t, a, id);
    expect((await create({ timeSlotsByObserver: [slotA, slotB], location: 'Room 1' }, a.observer)).statusCode).toBe(201);
  });

  it('reflection plan: faculty only; write-ups ≥ 60 words without bullets; every field required', async () => {
    const steps = (await postOf(a.faculty)).reflectionPlan.steps;
    expect((await update({ templateResponse: answers(steps) }, a.observer)).statusCode).toBe(403);
    expect((await update({ templateResponse: answers(steps).slice(2) }, a.faculty)).json()).toEqual({ error: MSG.provideAllDetails });
    expect((await update({ templateResponse: answers(steps, 20) }, a.faculty)).json()).toEqual({ error: MSG.reflectiveWriteupRule });
    const bullets = answers(steps).map((x, i) => (i === 12 ? { ...x, response: `- ${x.response}` } : x));
    expect((await update({ templateResponse: bullets }, a.faculty)).json()).toEqual({ error: MSG.reflectiveWriteupRule });
    const ok = await update({ templateResponse: answers(steps), templateId: 'x', editedById: 'y' }, a.faculty);
    expect(ok.statusCode).toBe(200);
    expect((await postOf(a.faculty)).reflectionPlan.editedBy).toBe(a.ids.faculty);
  });

  it('observer updates slots (location falls back), faculty picks one after plan + artifact, Mark Scheduled, Complete', async () => {
    // observer update
    expect((await update({ timeSlotsByObserver: [] }, a.observer)).json()).toEqual({ error: MSG.timings });
    const slotC = { id: randomUUID(), dateTime: '2026-10-07T10:00:00Z' };
    expect((await update({ timeSlotsByObserver: [slotA, slotC] }, a.observer)).statusCode).toBe(200);
    let p = await postOf();
    expect(p.location).toBe('Room 1');
    expect(p.timeSlotsByObserver.map((s: { id: string }) => s.id)).toEqual([slotA.id, slotC.id]);
    expect((await update({ timeSlotsByObserver: [slotA, slotC] }, a.faculty)).statusCode).toBe(403);

    // Mark Scheduled needs faculty's choice
    const early = await update({ status: 'Scheduled' }, a.observer);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: MSG.markScheduledNeedsSlot });
    expect((await update({ status: 'Completed' }, a.observer)).json()).toEqual({ error: MSG.completeNeedsScheduled });

    // faculty's choice needs the slot, the reflection plan and an artifact
    expect((await update({ timeSlotByFaculty: '' }, a.faculty)).json()).toEqual({ error: MSG.timings });
    expect((await update({ timeSlotByFaculty: slotA.id }, a.faculty)).json()).toEqual({ error: MSG.reflectionPlanFirst });
    await update({ templateResponse: answers((await postOf(a.faculty)).reflectionPlan.steps) }, a.faculty);
    expect((await update({ timeSlotByFaculty: slotA.id }, a.faculty)).json()).toEqual({ error: MSG.artifactNeeded });
    expect((await uploadArtifact(t, p.id, a.faculty, 'pdf')).statusCode).toBe(201);
    expect((await update({ timeSlotByFaculty: slotB.id }, a.faculty)).json()).toEqual({ error: MSG.timings }); // removed slot
    expect((await update({ timeSlotByFaculty: slotC.id }, a.observer)).statusCode).toBe(403);
    expect((await update({ timeSlotByFaculty: slotC.id }, a.faculty)).json()).toEqual({ message: MSG.postUpdated });
    expect((await postOf(a.faculty)).timeSlotByFaculty).toBe(slotC.id);

    // Mark Scheduled → Complete
    expect((await update({ status: 'Scheduled' }, a.faculty)).statusCode).toBe(403);
    expect((await update({ status: 'Scheduled' }, a.observer)).statusCode).toBe(200);
    p = await postOf();
    expect(p).toMatchObject({ status: 'Scheduled', scheduledOn: '2026-10-07T10:00:00.000Z' });
    expect((await doc(t, id, a.hod)).cycleLabel).toBe('Post Observation');
    const closed = await update({ timeSlotsByObserver: [slotA] }, a.observer);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toEqual({ error: MSG.postNotOngoing });
    expect((await update({ status: 'Scheduled' }, a.observer)).json()).toEqual({ error: MSG.postNotOngoing });
    expect((await update({ status: 'Completed' }, a.faculty)).statusCode).toBe(403);
    expect((await update({ status: 'Completed' }, a.observer)).json()).toEqual({ message: MSG.observationUpdated });

    const d = await doc(t, id, a.hod);
    expect(d).toMatchObject({ status: 'Completed', observationStatus: 'Completed', observationProgress: 100, cycleLabel: '---' });
    expect(d.ending).not.toBeNull();
    expect(d.meetings.postObservation.status).toBe('Completed');
    const after = await update({ status: 'Completed' }, a.observer);
    expect(after.statusCode).toBe(409);
    expect(after.json()).toEqual({ error: MSG.observationCompleted });
    expect((await t.db.select().from(observations).where(eq(observations.id, id)))[0].progress).toBe(100);
    // scheduling updates were mailed
    expect((await t.db.select().from(emailOutbox).where(eq(emailOutbox.templateType, 'UpdateObs'))).length).toBeGreaterThan(8);
  });

  it('removing the slot faculty chose clears the choice', async () => {
    await update({ templateResponse: answers((await postOf(a.faculty)).reflectionPlan.steps) }, a.faculty);
    await uploadArtifact(t, (await postOf()).id, a.faculty, 'png');
    await update({ timeSlotByFaculty: slotB.id }, a.faculty);
    await update({ timeSlotsByObserver: [slotA], location: 'Room 9' }, a.observer);
    const p = await postOf();
    expect(p).toMatchObject({ timeSlotByFaculty: null, location: 'Room 9' });
  });
});
