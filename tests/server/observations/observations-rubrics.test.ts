import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { meetings, rubricScores, schedulingRequests } from '../../../src/server/db/schema.js';
import { MSG } from '../../../src/shared/messages.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { actors, classDate, classHeld, doc, initiate, key, lock, put, rubricIds, scheduleDone, scoreAll, type Actors } from '../support/observations-fixture.js';

let t: TestApp;
let a: Actors;
let id: string;
let informedId: string;
let items: { id: string; code: string }[];
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  a = await actors(t);
  id = await initiate(t, a);
  informedId = await scheduleDone(t, a, id);
  items = await rubricIds(t);
});
afterAll(() => t?.close());

const group = (code: string, score: number) => items.filter((i) => i.code === code).map((i) => ({ id: i.id, score }));
const informed = (body: object, token: string) => put(t, 'informed', { observationsId: id, informedId, ...body }, token);

describe('PUT /api/observation/informed', () => {
  it('cannot be submitted or locked before the day of the scheduled class; group saves may be prepared', async () => {
    const future = classDate('Monday', 1); // a week or more ahead
    await t.db.update(schedulingRequests).set({ scheduledOn: new Date(future) }).where(eq(schedulingRequests.observationId, id));
    const day = future.slice(0, 10);
    for (const code of ['1-A', '1-B', '1-C', '1-D']) expect((await informed({ rubricsFinal: group(code, 3) }, a.observer)).statusCode).toBe(200);
    const early = await informed({ submit: true }, a.observer);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: MSG.rubricsBeforeClass(day) });
    // SPEC §7's form (the last group with `role`) submits too: refused the same way.
    expect((await informed({ rubricsFinal: group('1-D', 3), role: 'Observer' }, a.observer)).json()).toEqual({ error: MSG.rubricsBeforeClass(day) });
    const [m] = await t.db.select().from(meetings).where(eq(meetings.id, informedId));
    expect(m.observerScore).toBeNull();
    // The lock is refused as well (both totals set directly: only the date stands in the way).
    await t.db.update(meetings).set({ observerScore: 60, facultyScore: 60 }).where(eq(meetings.id, informedId));
    const lockEarly = await lock(t, 'informed', id, a.observer);
    expect(lockEarly.statusCode).toBe(409);
    expect(lockEarly.json()).toEqual({ error: MSG.rubricsBeforeClass(day) });
    // On the class day (here: once the class has been held) both go through.
    await classHeld(t, id);
    expect((await informed({ submit: true }, a.observer)).statusCode).toBe(200);
    expect((await lock(t, 'informed', id, a.observer)).statusCode).toBe(200);
  });

  it('saves a group per side: all five items, 0–4 each', async () => {
    const four = await informed({ rubricsFinal: group('1-A', 3).slice(0, 4) }, a.observer);
    expect(four.statusCode).toBe(400);
    expect(four.json()).toEqual({ error: MSG.selectAllRubrics });
    const outOfRange = await informed({ rubricsFinal: group('1-A', 5) }, a.observer);
    expect(outOfRange.json()).toEqual({ error: MSG.selectAllRubrics });
    expect((await informed({ rubricsFinal: [] }, a.observer)).json()).toEqual({ error: MSG.selectAllRubrics });
    const ok = await informed({ rubricsFinal: group('1-A', 3), role: 'Observer' }, a.observer);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: MSG.rubricsSaved });
    const d = await doc(t, id, a.observer);
    expect(d.meetings.informedObservation.rubrics.filter((r: { observerScore: number | null }) => r.observerScore === 3)).toHaveLength(5);
    // HOD and strangers cannot score
    expect((await informed({ rubricsFinal: group('1-A', 3) }, a.hod)).statusCode).toBe(403);
    expect((await informed({ rubricsFinal: group('1-A', 3) }, a.observer2)).statusCode).toBe(403);
    expect((await informed({ rubricsFinal: group('1-A', 3) }, a.superadmin)).statusCode).toBe(403);
  });

  it('a faculty member claiming the Observer role still scores only the faculty side', async () => {
    const res = await informed({ rubricsFinal: group('1-B', 4), role: 'Observer' }, a.faculty);
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(rubricScores);
    expect(rows.every((r) => r.side === 'faculty')).toBe(true);
    expect(rows).toHaveLength(5);
    expect((await doc(t, id, a.observer)).meetings.informedObservation.rubrics.every((r: { observerScore: number | null }) => r.observerScore === null)).toBe(true);
  });

  it('submitting needs all four groups; faculty submit once; totals out of 80', async () => {
    await informed({ rubricsFinal: [...group('1-A', 4), ...group('1-B', 4)] }, a.faculty);
    const early = await informed({ submit: true }, a.faculty);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ error: MSG.saveAllRubrics });
    await informed({ rubricsFinal: [...group('1-C', 3), ...group('1-D', 3)], submit: true }, a.faculty);
    const again = await informed({ rubricsFinal: group('1-A', 0) }, a.faculty);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: MSG.alreadyScored });
    expect((await informed({ submit: true }, a.faculty)).json()).toEqual({ error: MSG.alreadyScored });
    const [m] = await t.db.select().from(meetings).where(eq(meetings.id, informedId));
    expect(m.facultyScore).toBe(70);
    expect(m.observerScore).toBeNull();
  });

  it('faculty never receive observer scores; others see totals, final score and percentage', async () => {
    await scoreAll(t, 'informed', id, a.observer, 3); // 60
    await scoreAll(t, 'informed', id, a.faculty, 2); // 40
    const f = (await doc(t, id, a.faculty)).meetings.informedObservation;
    expect(f).toMatchObject({ observerScore: null, facultyScore: 40, finalScore: null, percentage: null });
    expect(f.rubrics.every((r: { observerScore: number | null; facultyScore: number }) => r.observerScore === null && r.facultyScore === 2)).toBe(true);
    const fromList = ((await t.get('/api/observations', a.faculty)).json() as { meetings: { informedObservation: { observerScore: unknown } } }[])[0];
    expect(fromList.meetings.informedObservation.observerScore).toBeNull();
    for (const token of [a.observer, a.hod, a.superadmin]) {
      const m = (await doc(t, id, token)).meetings.informedObservation;
      expect(m).toMatchObject({ observerScore: 60, facultyScore: 40, finalScore: 50, percentage: 62.5 });
    }
  });

  it('the observer may revise until the lock; the lock needs both totals and is the observer’s alone', async () => {
    await scoreAll(t, 'informed', id, a.observer, 3);
    expect((await informed({ rubricsFinal: group('1-A', 4) }, a.observer)).statusCode).toBe(200);
    expect((await t.db.select().from(meetings).where(eq(meetings.id, informedId)))[0].observerScore).toBe(65);
    const noFaculty = await lock(t, 'informed', id, a.observer);
    expect(noFaculty.statusCode).toBe(409);
    expect(noFaculty.json()).toEqual({ error: MSG.bothScoresNeeded });
    await scoreAll(t, 'informed', id, a.faculty, 2);
    expect((await lock(t, 'informed', id, a.faculty)).statusCode).toBe(403);
    const locked = await lock(t, 'informed', id, a.observer);
    expect(locked.statusCode).toBe(200);
    const d = await doc(t, id, a.hod);
    expect(d).toMatchObject({ observationProgress: 50, cycleLabel: '---' });
    expect(d.meetings.informedObservation.status).toBe('Completed');
  });

  it('nothing is accepted after the lock (409)', async () => {
    await scoreAll(t, 'informed', id, a.observer, 3);
    await scoreAll(t, 'informed', id, a.faculty, 3);
    await lock(t, 'informed', id, a.observer);
    for (const [body, token] of [
      [{ rubricsFinal: group('1-A', 1) }, a.observer],
      [{ rubricsFinal: group('1-A', 1) }, a.faculty],
      [{ submit: true }, a.observer],
      [{ status: 'Completed' }, a.observer],
    ] as const) {
      const res = await informed(body, token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: MSG.scoresLocked });
    }
    const scores = await t.db.select().from(rubricScores).where(and(eq(rubricScores.meetingId, informedId), eq(rubricScores.score, 1)));
    expect(scores).toHaveLength(0);
  });

  it('an unknown meeting id is 404; before scheduling Done there is nothing to score (409)', async () => {
    expect((await informed({ informedId: randomUUID(), rubricsFinal: group('1-A', 1) }, a.observer)).statusCode).toBe(404);
    const other = await initiate(t, a, a.ids.faculty2);
    const res = await put(t, 'informed', { observationsId: other, rubricsFinal: group('1-A', 1) }, a.observer);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: MSG.meetingNotStarted });
  });

  it('a replayed group save applies once', async () => {
    const headers = key();
    const body = { observationsId: id, rubricsFinal: group('1-A', 2) };
    const r1 = await t.put('/api/observation/informed', body, a.observer, headers);
    const r2 = await t.put('/api/observation/informed', body, a.observer, headers);
    expect(r2.headers['idempotent-replay']).toBe('true');
    expect(r2.json()).toEqual(r1.json());
  });

  it("a group save reaches the scorer's other devices: the observation's next version carries the scores", async () => {
    type Page = { changes: { entity: string; id: string; version: number; data: Record<string, unknown> | null }[]; cursor: string; hasMore: boolean };
    const pull = async (since: string) => {
      const all: Page['changes'] = [];
      let cursor = since;
      for (let page = 0; page < 50; page++) {
        const res = await t.get(`/api/sync/changes?since=${cursor}&limit=200`, a.observer);
        const body = res.json() as Page;
        all.push(...body.changes);
        cursor = body.cursor;
        if (!body.hasMore) break;
      }
      return { changes: all, cursor };
    };
    const before = await pull('0');
    const seen = before.changes.find((c) => c.entity === 'observations' && c.id === id)!;
    expect((await informed({ rubricsFinal: group('1-B', 4) }, a.observer)).statusCode).toBe(200);
    const after = (await pull(before.cursor)).changes.find((c) => c.entity === 'observations' && c.id === id);
    expect(after?.version).toBeGreaterThan(seen.version);
    const rubrics = (after!.data as { meetings: { informedObservation: { rubrics: { code: string; observerScore: number | null }[] } } }).meetings.informedObservation.rubrics;
    expect(rubrics.filter((r) => r.code === '1-B').map((r) => r.observerScore)).toEqual([4, 4, 4, 4, 4]);
  });
});

describe('POST /api/observation/uninformed and its scoring', () => {
  it('observer only, only after the informed lock, only once; then scored and locked like the informed one', async () => {
    const start = (token: string, uid = randomUUID()) => t.post('/api/observation/uninformed', { observationsId: id, id: uid }, token, key());
    const early = await start(a.observer);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: MSG.informedNotCompleted });
    await scoreAll(t, 'informed', id, a.observer, 3);
    await scoreAll(t, 'informed', id, a.faculty, 3);
    await lock(t, 'informed', id, a.observer);
    expect((await start(a.faculty)).statusCode).toBe(403);
    expect((await start(a.hod)).statusCode).toBe(403);
    const uid = randomUUID();
    const ok = await start(a.observer, uid);
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toEqual({ message: MSG.observationUpdated, id: uid });
    const twice = await start(a.observer);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ error: MSG.uninformedExists });
    expect((await doc(t, id, a.hod)).cycleLabel).toBe('Uninformed Observation');

    await scoreAll(t, 'uninformed', id, a.observer, 4);
    await scoreAll(t, 'uninformed', id, a.faculty, 1);
    expect((await lock(t, 'uninformed', id, a.faculty)).statusCode).toBe(403);
    expect((await lock(t, 'uninformed', id, a.observer)).statusCode).toBe(200);
    const d = await doc(t, id, a.hod);
    expect(d.meetings.uninformedObservation).toMatchObject({ id: uid, status: 'Completed', observerScore: 80, facultyScore: 20, finalScore: 50, percentage: 62.5 });
    expect(d.observationProgress).toBe(80);
    const late = await put(t, 'uninformed', { observationsId: id, rubricsFinal: group('1-A', 1) }, a.faculty);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ error: MSG.scoresLocked });
  });
});
