/**
 * Notifications people read: one whole observation cycle through the REST API, with the repeats a
 * real user makes (the teaching plan saved twice, slots offered twice, the reflection plan saved twice),
 * yields one notification per recipient, observation and event, each naming the observation and who acted.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '../../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { classHeld, classDate, actors, answers, doc, initiate, key, lock, put, scoreAll, startScheduling, type Actors } from '../support/observations-fixture.js';
import { uploadArtifact } from '../support/observations-upload.js';

let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: mkdtempSync(path.join(tmpdir(), 'observa-notes-')) } });
});
beforeEach(async () => {
  await t.reset();
  a = await actors(t);
});
afterAll(() => t?.close());

const ok = (res: { statusCode: number; body: string }) => expect(res.statusCode, res.body).toBeLessThan(300);

/** A whole cycle, with the repeats a person makes along the way. */
async function cycle(id: string) {
  const { own } = await startScheduling(t, a, id);
  const steps = (await doc(t, id, a.faculty)).obsRequest.teachingPlan.steps as { id: string; code: string }[];
  // The plan saved, then edited and saved again: each save used to notify the observer again.
  ok(await put(t, 'scheduling', { observationsId: id, templateResponse: answers(steps) }, a.faculty));
  ok(await put(t, 'scheduling', { observationsId: id, templateResponse: answers(steps, 90) }, a.faculty));
  ok(await put(t, 'scheduling', { observationsId: id, timeSlotsByFaculty: own }, a.faculty));
  ok(await put(t, 'scheduling', { observationsId: id, timeSlotsByFaculty: own }, a.faculty)); // offered again
  ok(await put(t, 'scheduling', { observationsId: id, timeSlotByObserver: [own[0]], scheduledOn: classDate(own[0].day) }, a.observer));
  ok(await put(t, 'scheduling', { observationsId: id, facultyAccepted: true }, a.faculty));
  ok(await put(t, 'scheduling', { observationsId: id, observerAccepted: true }, a.observer));
  ok(await put(t, 'scheduling', { observationsId: id, status: 'Completed', informedId: randomUUID() }, a.observer));
  await classHeld(t, id);

  await scoreAll(t, 'informed', id, a.observer, 3);
  await scoreAll(t, 'informed', id, a.faculty, 4);
  ok(await lock(t, 'informed', id, a.observer));
  ok(await t.post('/api/observation/uninformed', { observationsId: id, id: randomUUID() }, a.observer, key()));
  await scoreAll(t, 'uninformed', id, a.observer, 2);
  await scoreAll(t, 'uninformed', id, a.faculty, 3);
  ok(await lock(t, 'uninformed', id, a.observer));

  const postId = randomUUID();
  const slot = { id: randomUUID(), dateTime: '2026-11-02T13:00:00Z' };
  ok(await t.post('/api/observation/post-scheduling', { observationsId: id, facultyId: a.ids.faculty, id: postId, timeSlotsByObserver: [slot], location: 'Room 4' }, a.observer, key()));
  const reflection = (await doc(t, id, a.faculty)).meetings.postObservation.reflectionPlan.steps;
  ok(await put(t, 'post-scheduling', { observationsId: id, templateResponse: answers(reflection) }, a.faculty));
  ok(await put(t, 'post-scheduling', { observationsId: id, templateResponse: answers(reflection, 80) }, a.faculty)); // edited
  ok(await uploadArtifact(t, postId, a.faculty, 'mp4', 'class.mp4'));
  ok(await put(t, 'post-scheduling', { observationsId: id, timeSlotByFaculty: slot.id }, a.faculty));
  ok(await put(t, 'post-scheduling', { observationsId: id, status: 'Scheduled' }, a.observer));
  ok(await put(t, 'post-scheduling', { observationsId: id, status: 'Completed' }, a.observer));
}

describe('notifications of a whole cycle', () => {
  it('no duplicates, a sensible count, each naming the observation and the person who acted', async () => {
    const id = await initiate(t, a);
    await cycle(id);
    const rows = await t.db.select().from(notifications).where(eq(notifications.observationId, id));

    const keys = rows.map((n) => `${n.userId}|${n.observationId}|${n.event}`);
    expect(new Set(keys).size).toBe(keys.length);

    const per = (userId: string) => rows.filter((n) => n.userId === userId).map((n) => n.title).sort();
    // Faculty: initiated, scheduling started, observer picked, observer confirmed, scheduling completed, informed
    // scores submitted + locked, uninformed started + scores submitted + locked, post meeting created + scheduled,
    // observation completed.
    expect(per(a.ids.faculty)).toHaveLength(13);
    // Observer: initiated, teaching plan, slots offered, faculty accepted, informed + uninformed scores submitted,
    // reflection plan, artifact, faculty chose a slot.
    expect(per(a.ids.observer)).toHaveLength(9);
    // HOD: scheduling completed, informed and uninformed locked, observation completed.
    expect(per(a.ids.hod)).toHaveLength(4);
    expect(rows).toHaveLength(26);

    for (const n of rows) {
      // The course is named once the observer chose it (scheduling); the initiation names faculty and semester.
      expect(n.subject).toBe(n.event === 'Observation initiated' ? 'Fatima Rahman · Fall' : 'CSC-101 Introduction to Programming · Fatima Rahman · Fall');
      expect(n.actorName).toMatch(/\S/);
    }
    const plan = rows.find((n) => n.userId === a.ids.observer && n.title === 'Teaching plan submitted');
    expect(plan?.actorName).toBe('Fatima Rahman');
    const initiated = rows.find((n) => n.userId === a.ids.faculty && n.title === 'Observation initiated');
    expect(initiated?.actorName).toBe('Hassan Okafor');
  });

  it('the REST list carries observationId, subject and actorName; a repeated event is unread again', async () => {
    const id = await initiate(t, a);
    const { own } = await startScheduling(t, a, id);
    const steps = (await doc(t, id, a.faculty)).obsRequest.teachingPlan.steps as { id: string; code: string }[];
    ok(await put(t, 'scheduling', { observationsId: id, templateResponse: answers(steps) }, a.faculty));
    ok(await put(t, 'scheduling', { observationsId: id, timeSlotsByFaculty: own }, a.faculty));
    const first = (await t.get('/api/notifications', a.observer)).json() as { id: string; title: string; open: boolean; createdAt: string }[];
    const offered = first.find((n) => n.title === 'Faculty offered slots')!;
    ok(await t.put(`/api/notifications/${offered.id}/open`, {}, a.observer, key()));

    ok(await put(t, 'scheduling', { observationsId: id, timeSlotsByFaculty: own.slice(0, 1) }, a.faculty));
    const list = (await t.get('/api/notifications', a.observer)).json() as Record<string, unknown>[];
    const again = list.filter((n) => n.title === 'Faculty offered slots');
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ id: offered.id, open: false, observationId: id, actorName: 'Fatima Rahman', subject: expect.stringContaining('CSC-101') });
    expect(Date.parse(again[0].createdAt as string)).toBeGreaterThanOrEqual(Date.parse(offered.createdAt));
  });
});

describe('PUT /api/notifications/read-all', () => {
  it('marks the own notifications up to `before` opened, never someone else’s; works as an idempotent replay', async () => {
    const id = await initiate(t, a);
    await startScheduling(t, a, id);
    const mine = (await t.get('/api/notifications', a.faculty)).json() as { id: string; open: boolean; createdAt: string }[];
    expect(mine.filter((n) => !n.open).length).toBe(2);
    const observerBefore = (await t.get('/api/notifications', a.observer)).json() as { open: boolean }[];

    // `before` older than everything: nothing changes.
    const none = await t.put('/api/notifications/read-all', { before: '2000-01-01T00:00:00.000Z' }, a.faculty, key());
    expect(none.json()).toEqual({ message: 'All notifications marked as read.', opened: 0 });

    const headers = key();
    const before = { before: new Date(Date.now() + 1000).toISOString() };
    const res = await t.put('/api/notifications/read-all', before, a.faculty, headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'All notifications marked as read.', opened: 2 });
    const replay = await t.put('/api/notifications/read-all', before, a.faculty, headers);
    expect(replay.json()).toEqual(res.json());
    expect(((await t.get('/api/notifications', a.faculty)).json() as { open: boolean }[]).every((n) => n.open)).toBe(true);
    expect((await t.get('/api/notifications', a.observer)).json()).toEqual(observerBefore);

    // Without `before`: all. Bad input is a 400 naming the field.
    expect((await t.put('/api/notifications/read-all', {}, a.observer, key())).json().opened).toBe(observerBefore.filter((n) => !n.open).length);
    const bad = await t.put('/api/notifications/read-all', { before: 'yesterday' }, a.faculty, key());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/before/);
    expect((await t.put('/api/notifications/read-all', { before: 'x'.repeat(300) }, a.faculty, key())).statusCode).toBe(400);
    expect((await t.put('/api/notifications/read-all', {}, undefined)).statusCode).toBe(401);
  });
});
