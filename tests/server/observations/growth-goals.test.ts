/**
 * Growth goals (src/shared/growth-goals.ts, services/observations/growth-goals.ts), on PGlite and PostgreSQL:
 * agreed at the post-observation meeting by its observer and faculty member (not before the meeting exists, not
 * after the cycle is completed), tied to rubric items with actions and a target date; carried into the faculty
 * member's next cycles until reviewed as met; the department's goals by rubric item for its HOD.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOAL_MSG, GOALS_PER_OBSERVATION } from '../../../src/shared/growth-goals.js';
import { useTestApp, type TestApp } from '../support/helpers.js';
import { completedCycle } from '../support/completed-cycle.js';
import { actors, bothObservationsDone, doc, initiate, key, put, rubricIds, type Actors } from '../support/observations-fixture.js';
import { uploadArtifact } from '../support/observations-upload.js';

const t = useTestApp(() => ({ config: { dataDir: mkdtempSync(path.join(tmpdir(), 'observa-goals-')) } }));

/** A cycle at its post-observation meeting (scheduled, not completed). */
async function atMeeting(t: TestApp, a: Actors): Promise<string> {
  const id = await initiate(t, a);
  await bothObservationsDone(t, a, id);
  const slot = { id: randomUUID(), dateTime: '2026-10-07T10:00:00.000Z' };
  expect((await t.post('/api/observation/post-scheduling', { observationsId: id, timeSlotsByObserver: [slot], location: 'Room 1' }, a.observer, key())).statusCode).toBe(201);
  return id;
}

const goal = (observationsId: string, items: string[], over: object = {}) => ({
  observationsId,
  id: randomUUID(),
  rubricItemIds: items,
  goal: 'Check understanding before moving on',
  actions: 'Exit ticket in the last five minutes; one cold-call round per class.',
  targetDate: '2027-03-01',
  ...over,
});

describe('growth goals: agreeing them at the meeting', () => {
  it('the observer and the faculty member agree and edit goals once the meeting exists; nobody else; every field checked', async () => {
    const a = await actors(t);
    const items = await rubricIds(t);
    const early = await initiate(t, a);
    const before = await put(t, 'goal', goal(early, [items[0].id]), a.observer);
    expect(before.statusCode).toBe(409);
    expect(before.json()).toEqual({ error: GOAL_MSG.noMeeting });
    await t.del(`/api/observation/${early}`, a.superadmin, key());

    const id = await atMeeting(t, a);
    const g = goal(id, [items[0].id, items[5].id]);
    const saved = await put(t, 'goal', g, a.observer);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ id: g.id, observationId: id, rubricItemIds: [items[0].id, items[5].id], targetDate: '2027-03-01' });
    // The faculty member edits it; the HOD, another faculty member and the other department's HOD may not.
    expect((await put(t, 'goal', { ...g, goal: 'Check understanding every ten minutes' }, a.faculty)).statusCode).toBe(200);
    for (const token of [a.hod, a.faculty2, a.hodMath, a.admin]) expect((await put(t, 'goal', goal(id, [items[0].id]), token)).statusCode).toBeGreaterThanOrEqual(403);
    expect((await put(t, 'goal', goal(id, [items[0].id]), a.hod)).json()).toEqual({ error: GOAL_MSG.onlyParticipants });

    const field = async (over: object) => (await put(t, 'goal', goal(id, [items[0].id], over), a.observer)).json().error as string;
    expect(await field({ goal: '   ' })).toMatch(/^goal: /);
    expect(await field({ rubricItemIds: [] })).toMatch(/^rubricItemIds: /);
    expect(await field({ rubricItemIds: [randomUUID()] })).toBe(GOAL_MSG.unknownItem);
    expect(await field({ targetDate: '2027-02-30' })).toMatch(/^targetDate: /);
    expect(await field({ targetDate: 'soon' })).toMatch(/^targetDate: /);

    const d = await doc(t, id, a.faculty);
    expect(d.goals).toHaveLength(1);
    expect(d.goals[0]).toMatchObject({ goal: 'Check understanding every ten minutes', actions: g.actions });
    // The HOD reads them (summative).
    expect((await doc(t, id, a.hod)).goals).toHaveLength(1);

    for (let i = 1; i < GOALS_PER_OBSERVATION; i++) expect((await put(t, 'goal', goal(id, [items[i].id]), a.observer)).statusCode).toBe(200);
    const tooMany = await put(t, 'goal', goal(id, [items[0].id]), a.observer);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toEqual({ error: GOAL_MSG.tooMany });

    // Removing: theirs only, and an unknown goal is 404.
    expect((await t.del(`/api/observation/${id}/goal/${g.id}`, a.hod, key())).statusCode).toBe(403);
    expect((await t.del(`/api/observation/${id}/goal/${g.id}`, a.faculty, key())).statusCode).toBe(200);
    expect((await t.del(`/api/observation/${id}/goal/${g.id}`, a.faculty, key())).statusCode).toBe(404);
    expect((await doc(t, id, a.observer)).goals).toHaveLength(GOALS_PER_OBSERVATION - 1);
  });

  it('a completed cycle’s goals no longer change', async () => {
    const a = await actors(t);
    const items = await rubricIds(t);
    const id = await completedCycle(t, a);
    const res = await put(t, 'goal', goal(id, [items[0].id]), a.observer);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: GOAL_MSG.completed });
  });
});

describe('growth goals: carried into the next cycle', () => {
  it('shown in the next observation from its start, reviewed there; a goal met stops carrying, partly carries on', async () => {
    const a = await actors(t);
    const items = await rubricIds(t);
    // Cycle 1 agrees two goals and is completed.
    const first = await atMeeting(t, a);
    const g1 = goal(first, [items[2].id]);
    const g2 = goal(first, [items[3].id], { goal: 'Vary the questions' });
    for (const g of [g1, g2]) expect((await put(t, 'goal', g, a.observer)).statusCode).toBe(200);
    await completeMeeting(t, a, first);

    // Cycle 2: the goals are there from initiation, not yet reviewed; reviewing is the meeting's two people's.
    const second = await initiate(t, a);
    const carried = (await doc(t, second, a.faculty)).carriedGoals as { id: string; review: unknown; agreedIn: { semester: string } }[];
    expect(carried.map((c) => c.id).sort()).toEqual([g1.id, g2.id].sort());
    expect(carried.every((c) => c.review === null && c.agreedIn.semester === 'Fall')).toBe(true);
    expect((await doc(t, first, a.faculty)).carriedGoals).toEqual([]);
    expect((await put(t, 'goal-review', { observationsId: second, goalId: g1.id, status: 'met' }, a.hod)).statusCode).toBe(403);
    const met = await put(t, 'goal-review', { observationsId: second, goalId: g1.id, status: 'met', note: 'Exit tickets every class.' }, a.observer);
    expect(met.statusCode, met.body).toBe(200);
    expect((await put(t, 'goal-review', { observationsId: second, goalId: g2.id, status: 'partly' }, a.faculty)).statusCode).toBe(200);
    const bad = await put(t, 'goal-review', { observationsId: second, goalId: g2.id, status: 'done' }, a.faculty);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^status: /);
    const unknown = await put(t, 'goal-review', { observationsId: second, goalId: randomUUID(), status: 'met' }, a.faculty);
    expect(unknown.json()).toEqual({ error: GOAL_MSG.notCarried });
    // A goal is not reviewed in the cycle that agreed it.
    expect((await put(t, 'goal-review', { observationsId: first, goalId: g1.id, status: 'met' }, a.observer)).statusCode).toBe(409);
    const reviewed = (await doc(t, second, a.observer)).carriedGoals as { id: string; review: { status: string; note: string } | null }[];
    expect(reviewed.find((c) => c.id === g1.id)?.review).toMatchObject({ status: 'met', note: 'Exit tickets every class.' });
    expect(reviewed.find((c) => c.id === g2.id)?.review).toMatchObject({ status: 'partly' });
    // Another faculty member's observation does not carry these goals.
    const other = await initiate(t, a, a.ids.faculty2);
    expect((await doc(t, other, a.faculty2)).carriedGoals).toEqual([]);
    expect((await put(t, 'goal-review', { observationsId: other, goalId: g2.id, status: 'met' }, a.faculty2)).json()).toEqual({ error: GOAL_MSG.notCarried });

    // Cycle 3: only the goal reviewed as partly carries on, with its earlier review.
    await finish(t, a, second);
    const third = await initiate(t, a);
    const still = (await doc(t, third, a.faculty)).carriedGoals as { id: string; review: unknown; earlierReview: { status: string } | null }[];
    expect(still.map((c) => c.id)).toEqual([g2.id]);
    expect(still[0]).toMatchObject({ review: null, earlierReview: { status: 'partly' } });
    // The second cycle keeps its reviews as they were made.
    expect(((await doc(t, second, a.faculty)).carriedGoals as { id: string }[]).map((c) => c.id).sort()).toEqual([g1.id, g2.id].sort());
  });

  it('deleting the cycle that agreed them takes them out of the next cycle on every device that holds it', async () => {
    const a = await actors(t);
    const items = await rubricIds(t);
    const first = await atMeeting(t, a);
    const g = goal(first, [items[1].id]);
    expect((await put(t, 'goal', g, a.observer)).statusCode).toBe(200);
    await completeMeeting(t, a, first);
    const second = await initiate(t, a);
    const other = await initiate(t, a, a.ids.faculty2);
    expect((await doc(t, second, a.faculty)).carriedGoals.map((c: { id: string }) => c.id)).toEqual([g.id]);

    // The faculty member's device has pulled everything; then the Super_Admin deletes the first cycle.
    const synced = await changesSince(t, a.faculty, '0');
    const otherVersion = (await doc(t, other, a.faculty2)).version;
    expect((await t.del(`/api/observation/${first}`, a.superadmin, key())).statusCode).toBe(200);

    // Its next pull brings the second cycle again, now carrying nothing; the first leaves as a removal.
    const after = await changesSince(t, a.faculty, synced.cursor);
    const again = after.changes.find((c) => c.entity === 'observations' && c.id === second);
    expect(again?.data?.carriedGoals).toEqual([]);
    expect(after.changes.find((c) => c.entity === 'observations' && c.id === first)?.data).toBeNull();
    // Another faculty member's observation is left alone.
    expect((await doc(t, other, a.faculty2)).version).toBe(otherVersion);
  });

  it('the department’s goals by rubric item: counts by latest review, for its HOD, Admin and Super_Admin only', async () => {
    const a = await actors(t);
    const items = await rubricIds(t);
    const first = await atMeeting(t, a);
    const g1 = goal(first, [items[2].id, items[3].id]);
    const g2 = goal(first, [items[3].id]);
    for (const g of [g1, g2]) expect((await put(t, 'goal', g, a.observer)).statusCode).toBe(200);
    await completeMeeting(t, a, first);
    const second = await initiate(t, a);
    expect((await put(t, 'goal-review', { observationsId: second, goalId: g1.id, status: 'not_yet' }, a.observer)).statusCode).toBe(200);

    const me = await t.loginUser('hod');
    const dept = (me.department as { id: number }).id;
    const res = await t.get(`/api/analytics/goals?departmentId=${dept}`, a.hod);
    expect(res.statusCode, res.body).toBe(200);
    const byItem = new Map((res.json().items as { rubricItemId: string; goals: number; notYet: number; open: number; met: number }[]).map((i) => [i.rubricItemId, i]));
    expect(byItem.get(items[2].id)).toMatchObject({ goals: 1, notYet: 1, open: 0, met: 0 });
    expect(byItem.get(items[3].id)).toMatchObject({ goals: 2, notYet: 1, open: 1 });
    expect(byItem.has(items[0].id)).toBe(false);
    expect((await t.get(`/api/analytics/goals?departmentId=${dept}`, a.admin)).statusCode).toBe(200);
    for (const token of [a.hodMath, a.faculty, a.observer]) expect((await t.get(`/api/analytics/goals?departmentId=${dept}`, token)).statusCode).toBe(403);
    expect((await t.get('/api/analytics/goals?departmentId=x', a.hod)).statusCode).toBe(400);
  });
});

describe('growth goals of a formative cycle', () => {
  it('are the faculty member’s: never shown to the HOD, not in the department’s counts, carried for the faculty member and observer only', async () => {
    const a = await actors(t);
    const items = await rubricIds(t);
    const me = await t.loginUser('hod');
    const dept = (me.department as { id: number }).id;
    expect((await t.put(`/api/department/${dept}/observation-mode`, { mode: 'formative' }, a.admin, key())).statusCode).toBe(200);
    const first = await atMeeting(t, a);
    const g = goal(first, [items[4].id]);
    expect((await put(t, 'goal', g, a.faculty)).statusCode).toBe(200);
    expect((await doc(t, first, a.hod)).goals).toEqual([]);
    expect((await doc(t, first, a.observer)).goals).toHaveLength(1);
    await completeMeeting(t, a, first);
    const counts = (await t.get(`/api/analytics/goals?departmentId=${dept}`, a.hod)).json().items as { rubricItemId: string; goals: number }[];
    expect(counts.find((i) => i.rubricItemId === items[4].id)).toBeUndefined();

    // The next cycle is summative: the HOD reads it, but not the formative cycle's goal it carries.
    expect((await t.put(`/api/department/${dept}/observation-mode`, { mode: 'summative' }, a.admin, key())).statusCode).toBe(200);
    const next = await initiate(t, a);
    expect((await doc(t, next, a.faculty)).carriedGoals.map((c: { id: string }) => c.id)).toEqual([g.id]);
    expect((await doc(t, next, a.observer)).carriedGoals).toHaveLength(1);
    expect((await doc(t, next, a.hod)).carriedGoals).toEqual([]);
  });
});

/** Completes the post-observation meeting of a cycle at its meeting stage, as completed-cycle.ts does. */
async function completeMeeting(t: TestApp, a: Actors, id: string): Promise<void> {
  const post = (await doc(t, id, a.faculty)).meetings.postObservation;
  if (post.status === 'Completed') return;
  const steps = post.reflectionPlan.steps as { id: string; code: string }[];
  const narrative = Array.from({ length: 70 }, (_, i) => `reflect${i}`).join(' ');
  await put(t, 'post-scheduling', { observationsId: id, templateResponse: steps.map((s) => ({ id: s.id, response: /Reflective/.test(s.code) ? narrative : 'An answer.' })) }, a.faculty);
  expect((await uploadArtifact(t, post.id, a.faculty, 'pdf')).statusCode).toBe(201);
  expect((await put(t, 'post-scheduling', { observationsId: id, timeSlotByFaculty: post.timeSlotsByObserver[0].id }, a.faculty)).statusCode).toBe(200);
  expect((await put(t, 'post-scheduling', { observationsId: id, status: 'Scheduled' }, a.observer)).statusCode).toBe(200);
  const done = await put(t, 'post-scheduling', { observationsId: id, status: 'Completed' }, a.observer);
  expect(done.statusCode, done.body).toBe(200);
}

/** An initiated cycle taken through both observations and its meeting to Completed. */
async function finish(t: TestApp, a: Actors, id: string): Promise<void> {
  await bothObservationsDone(t, a, id);
  const slot = { id: randomUUID(), dateTime: '2026-10-07T10:00:00.000Z' };
  expect((await t.post('/api/observation/post-scheduling', { observationsId: id, timeSlotsByObserver: [slot], location: 'Room 1' }, a.observer, key())).statusCode).toBe(201);
  await completeMeeting(t, a, id);
}

/** The sync feed after `since`, every page (what a device's pull receives). */
async function changesSince(t: TestApp, token: string, since: string) {
  const changes: { entity: string; id: string; data: Record<string, unknown> | null }[] = [];
  let cursor = since;
  for (let i = 0; i < 50; i++) {
    const res = await t.get(`/api/sync/changes?since=${cursor}&limit=50`, token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as { changes: typeof changes; cursor: string; hasMore: boolean };
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  return { changes, cursor };
}
