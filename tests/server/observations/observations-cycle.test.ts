/**
 * The whole cycle through the REST API, initiate → Complete Observation, with the milestones (status, progress,
 * cycle label) at every step, the final scores, and the sync pull each party receives.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { meetings, observations, schedulingRequests } from '../../../src/server/db/schema.js';
import { MSG } from '../../../src/shared/messages.js';
import { SYNC_PAGE_MAX_BYTES } from '../../../src/shared/sync/protocol.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { actors, answers, doc, initiate, key, lock, put, scheduleDone, scoreAll, type Actors } from '../support/observations-fixture.js';
import { uploadArtifact } from '../support/observations-upload.js';

let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await createTestApp({ config: { dataDir: mkdtempSync(path.join(tmpdir(), 'observa-cycle-')) } });
});
beforeEach(async () => {
  await t.reset();
  a = await actors(t);
});
afterAll(() => t?.close());

interface Change {
  entity: string;
  id: string;
  version: number;
  data: Record<string, unknown> | null;
}
async function pullAll(token: string, since = '0') {
  const changes: Change[] = [];
  let cursor = since;
  for (let i = 0; i < 50; i++) {
    const res = await t.get(`/api/sync/changes?since=${cursor}&limit=50`, token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { changes: Change[]; cursor: string; hasMore: boolean };
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  return { changes, cursor };
}

describe('the observation cycle end to end', () => {
  it('initiate → scheduling → informed → uninformed → post-observation → Complete, with final score and percentage', async () => {
    const id = await initiate(t, a);
    const milestone = async () => {
      const d = await doc(t, id, a.hod);
      return [d.status, d.observationProgress, d.cycleLabel];
    };
    expect(await milestone()).toEqual(['Pending', 0, '---']);

    await scheduleDone(t, a, id);
    expect(await milestone()).toEqual(['Ongoing', 10, 'Informed Observation']);

    await scoreAll(t, 'informed', id, a.observer, 3); // 60.0
    await scoreAll(t, 'informed', id, a.faculty, 4); // 80.0
    expect((await lock(t, 'informed', id, a.observer)).statusCode).toBe(200);
    expect(await milestone()).toEqual(['Ongoing', 50, '---']);

    expect((await t.post('/api/observation/uninformed', { observationsId: id, id: randomUUID() }, a.observer, key())).statusCode).toBe(201);
    expect(await milestone()).toEqual(['Ongoing', 50, 'Uninformed Observation']);
    await scoreAll(t, 'uninformed', id, a.observer, 2); // 40.0
    await scoreAll(t, 'uninformed', id, a.faculty, 3); // 60.0
    expect((await lock(t, 'uninformed', id, a.observer)).statusCode).toBe(200);
    expect(await milestone()).toEqual(['Ongoing', 80, '---']);

    const postId = randomUUID();
    const slot = { id: randomUUID(), dateTime: '2026-11-02T13:00:00Z' };
    expect((await t.post('/api/observation/post-scheduling', { observationsId: id, facultyId: a.ids.faculty, id: postId, timeSlotsByObserver: [slot], location: 'Room 4' }, a.observer, key())).statusCode).toBe(201);
    const steps = (await doc(t, id, a.faculty)).meetings.postObservation.reflectionPlan.steps;
    expect((await put(t, 'post-scheduling', { observationsId: id, templateResponse: answers(steps) }, a.faculty)).statusCode).toBe(200);
    expect((await uploadArtifact(t, postId, a.faculty, 'mp4', 'class.mp4')).statusCode).toBe(201);
    expect((await put(t, 'post-scheduling', { observationsId: id, timeSlotByFaculty: slot.id }, a.faculty)).statusCode).toBe(200);
    expect((await put(t, 'post-scheduling', { observationsId: id, status: 'Scheduled' }, a.observer)).statusCode).toBe(200);
    expect(await milestone()).toEqual(['Ongoing', 80, 'Post Observation']);
    const done = await put(t, 'post-scheduling', { observationsId: id, status: 'Completed' }, a.observer);
    expect(done.json()).toEqual({ message: MSG.observationUpdated });
    expect(await milestone()).toEqual(['Completed', 100, '---']);

    const final = await doc(t, id, a.hod);
    expect(final.meetings.informedObservation).toMatchObject({ observerScore: 60, facultyScore: 80, finalScore: 70, percentage: 87.5 });
    expect(final.meetings.uninformedObservation).toMatchObject({ observerScore: 40, facultyScore: 60, finalScore: 50, percentage: 62.5 });
    expect(final.meetings.postObservation).toMatchObject({ status: 'Completed', scheduledOn: '2026-11-02T13:00:00.000Z', timeSlotByFaculty: slot.id });
    expect(final.meetings.postObservation.artifacts).toEqual([{ id: expect.any(String), name: 'class.mp4', type: 'mp4', fileURL: expect.stringMatching(/^\/api\/artifacts\/.+\/file$/) }]);

    const mine = await doc(t, id, a.faculty);
    expect(mine.meetings.informedObservation).toMatchObject({ observerScore: null, facultyScore: 80, finalScore: null, percentage: null });
    expect(JSON.stringify(mine.meetings.uninformedObservation.rubrics)).not.toMatch(/"observerScore":\d/);

    // a new cycle for this faculty member may start now
    const again = await t.post('/api/observation/initiate', { facultyIds: [a.ids.faculty], observerId: a.ids.observer2, semester: 'Spring' }, a.hod, key());
    expect(again.statusCode).toBe(201);
  });
});

describe('sync pull of observations and messages', () => {
  it('each party pulls the documents it may see, faculty without observer scores; the chat comes along', async () => {
    const id = await initiate(t, a);
    await scheduleDone(t, a, id);
    await scoreAll(t, 'informed', id, a.observer, 3);
    await t.post(`/api/observation/${id}/messages`, { id: randomUUID(), body: 'See you Monday' }, a.faculty, key());

    const obsOf = (changes: Change[]) => changes.filter((c) => c.entity === 'observations');
    const observer = await pullAll(a.observer);
    const o = obsOf(observer.changes);
    expect(o).toHaveLength(1);
    expect(o[0].data).toMatchObject({ id, meetings: { informedObservation: { observerScore: 60 } } });
    expect(o[0].version).toBe((await doc(t, id, a.observer)).version);
    // reasons none; only the chat message
    expect(observer.changes.filter((c) => c.entity === 'messages').map((c) => c.data?.body)).toEqual(['See you Monday']);

    const faculty = await pullAll(a.faculty);
    const f = obsOf(faculty.changes)[0].data as { meetings: { informedObservation: { observerScore: unknown; rubrics: { observerScore: unknown }[] } } };
    expect(f.meetings.informedObservation.observerScore).toBeNull();
    expect(f.meetings.informedObservation.rubrics.every((r) => r.observerScore === null)).toBe(true);

    for (const token of [a.hodMath, a.faculty2, a.observer2]) {
      const other = await pullAll(token);
      expect(obsOf(other.changes)).toHaveLength(0);
      expect(other.changes.filter((c) => c.entity === 'messages')).toHaveLength(0);
    }
    expect(obsOf((await pullAll(a.hod)).changes)).toHaveLength(1);

    // a later change arrives as a new version since the cursor; a deletion as a tombstone
    await scoreAll(t, 'informed', id, a.faculty, 2);
    const next = await pullAll(a.observer, observer.cursor);
    expect(obsOf(next.changes).map((c) => (c.data as { meetings: { informedObservation: { facultyScore: number } } }).meetings.informedObservation.facultyScore)).toEqual([40]);
    expect((await t.del(`/api/observation/${id}`, a.superadmin, key())).statusCode).toBe(200);
    const gone = await pullAll(a.faculty, next.cursor);
    expect(gone.changes.filter((c) => c.entity === 'observations')).toEqual([expect.objectContaining({ id, data: null })]);
  });

  it('builds a page of hundreds of documents with a fixed number of queries', async () => {
    // Setup straight into the tables (the rules are tested above): 300 observations with requests and meetings.
    const rows = Array.from({ length: 300 }, () => ({
      id: randomUUID(), facultyId: a.ids.faculty2, observerId: a.ids.observer, hodId: a.ids.hod, departmentId: null, semester: 'Fall', status: 'Completed',
    }));
    await t.db.insert(observations).values(rows);
    await t.db.insert(schedulingRequests).values(rows.map((r) => ({ observationId: r.id, status: 'Completed' })));
    await t.db.insert(meetings).values(rows.map((r) => ({ observationId: r.id, kind: 'informed', status: 'Completed', observerScore: 50, facultyScore: 60 })));
    const started = performance.now();
    const res = await t.get('/api/sync/changes?since=0&limit=500', a.superadmin);
    const ms = performance.now() - started;
    const first = res.json() as { changes: Change[]; cursor: string; hasMore: boolean };
    // Hundreds of whole documents in one page, which also ends by bytes (SYNC_PAGE_MAX_BYTES): the
    // rest follow on the next page.
    expect(first.changes.filter((c) => c.entity === 'observations').length).toBeGreaterThanOrEqual(250);
    expect(res.body.length).toBeLessThanOrEqual(SYNC_PAGE_MAX_BYTES + 20_000);
    const rest = first.hasMore ? (await pullAll(a.superadmin, first.cursor)).changes : [];
    const obs = [...first.changes, ...rest].filter((c) => c.entity === 'observations');
    expect(obs).toHaveLength(300);
    expect(obs.every((c) => (c.data as { meetings: { informedObservation: { rubrics: unknown[] } } }).meetings.informedObservation.rubrics.length === 20)).toBe(true);
    // Generous bound: only an N+1 regression (hundreds of queries) gets near it.
    expect(ms).toBeLessThan(5000);
  });

  it('refetch answers the current document for the asking user', async () => {
    const id = await initiate(t, a);
    const res = await t.get(`/api/sync/changes?since=0&limit=50&refetch=observations:${id}`, a.faculty);
    expect(res.statusCode, res.body).toBe(200);
    const first = (res.json() as { changes: Change[] }).changes[0];
    expect(first).toMatchObject({ entity: 'observations', id, data: { id, status: 'Pending' } });
    const hidden = await t.get(`/api/sync/changes?since=0&limit=50&refetch=observations:${id}`, a.faculty2);
    expect((hidden.json() as { changes: Change[] }).changes[0]).toMatchObject({ id, data: null });
  });
});
