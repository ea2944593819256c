/**
 * Optimistic applies of calibration (src/client/sync/apply/calibration.ts) on the replicated session: scores,
 * the submission and notes show at once; re-applied by a rebase on top of the server's copy they change nothing
 * more (set semantics: the submitted count moves once, a note is listed once); a closed or submitted session,
 * and a session the device does not hold, are left as they are.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CalibrationSession } from '../../src/shared/contract/calibration.js';
import { getDb, mutate } from '../../src/client/sync/index.js';
import { META, setMeta } from '../../src/client/sync/meta.js';
import { rebase } from '../../src/client/sync/rebase.js';
import { A1, A2, B1, session, SESSION_ID } from './calibration/fixtures.js';

const db = getDb();
const get = async () => (await db.calibrationSessions.get(SESSION_ID)) as unknown as CalibrationSession;
const NOTE = 'ca1b0000-0000-4000-8000-000000000901';

beforeEach(async () => {
  await Promise.all([db.calibrationSessions.clear(), db.outbox.clear(), db.meta.clear()]);
  await setMeta(db, META.userId, 'ca1b0000-0000-4000-8000-000000000111');
});

describe('calibration applies', () => {
  it('write scores, the submission and a note once, also when a rebase applies them again', async () => {
    await db.calibrationSessions.put(session() as never);
    await mutate('calibration.saveScores', { sessionId: SESSION_ID, scores: [{ id: A1, score: 2 }, { id: A2, score: 3 }] });
    await mutate('calibration.note', { sessionId: SESSION_ID, id: NOTE, body: 'At the board', offsetSeconds: 95 });
    await mutate('calibration.note', { sessionId: SESSION_ID, id: 'ca1b0000-0000-4000-8000-000000000902', body: 'Earlier', offsetSeconds: 12 });
    await mutate('calibration.submit', { sessionId: SESSION_ID, scores: [{ id: B1, score: 1 }] });
    const once = await get();
    expect(once.mine!.scores).toEqual({ [A1]: 2, [A2]: 3, [B1]: 1 });
    expect(once.mine!.submittedAt).toEqual(expect.any(String));
    expect(once.participants).toEqual({ total: 3, submitted: 1 });
    expect(once.mine!.notes.map((n) => [n.body, n.offsetSeconds])).toEqual([['Earlier', 12], ['At the board', 95]]);

    // A rebase on the same copy (nothing pulled meanwhile) changes nothing.
    await db.transaction('rw', db.tables, () => rebase(db));
    expect(await get()).toEqual(once);
    // A rebase on the server's older copy gives the same screen again.
    await db.calibrationSessions.put(session() as never);
    await db.transaction('rw', db.tables, () => rebase(db));
    expect(await get()).toEqual(once);
  });

  it('leave a closed or submitted session, and one the device lacks, as they are', async () => {
    const closed = session({ status: 'closed', closedAt: '2026-11-27T00:00:00.000Z' });
    await db.calibrationSessions.put(closed as never);
    await mutate('calibration.saveScores', { sessionId: SESSION_ID, scores: [{ id: A1, score: 2 }, { id: A2, score: 3 }] });
    await mutate('calibration.note', { sessionId: SESSION_ID, id: NOTE, body: 'Too late', offsetSeconds: 1 });
    expect(await get()).toEqual(closed);

    const submitted = session({ mine: { scores: { [A1]: 1, [A2]: 1, [B1]: 1 }, submittedAt: '2026-11-26T00:00:00.000Z', notes: [] }, participants: { total: 3, submitted: 1 } });
    await db.calibrationSessions.put(submitted as never);
    await mutate('calibration.submit', { sessionId: SESSION_ID, scores: [{ id: B1, score: 3 }] });
    expect(await get()).toEqual(submitted);

    await db.calibrationSessions.clear();
    await mutate('calibration.saveScores', { sessionId: SESSION_ID, scores: [{ id: B1, score: 2 }] });
    expect(await db.calibrationSessions.count()).toBe(0);
  });
});
