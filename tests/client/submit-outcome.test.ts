/**
 * After a write is queued the UI waits briefly for the server. The outcome is read from the
 * shared outbox (the leader may be another tab): here the test plays the leader on a real Dexie (fake-indexeddb),
 * deleting the row (acked) or parking it as needs-attention (refused), or doing nothing (slow).
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ReplicaDb } from '../../src/client/db/db.js';
import { mutateIn } from '../../src/client/sync/mutate.js';
import { awaitOutcome } from '../../src/client/sync/outcome.js';
import { submit, getDb } from '../../src/client/sync/index.js';

let db: ReplicaDb;
let n = 0;
beforeEach(async () => {
  db = new ReplicaDb(`outcome-${++n}`);
  await db.open();
});

async function queue(): Promise<string> {
  const { mutationId } = await mutateIn(db, 'user.updateProfile', { userId: 'u1', changes: { phone: '+1 555 0100' } }, { now: Date.now() });
  return mutationId;
}

describe('awaitOutcome', () => {
  it('answers applied once the leader removed the acked row', async () => {
    const id = await queue();
    setTimeout(() => void db.outbox.filter((r) => r.mutationId === id).delete(), 100);
    expect(await awaitOutcome(db, id, { waitMs: 3000, pollMs: 20 })).toEqual({ kind: 'applied' });
  });

  it("answers refused with the server's message and status when the row needs attention", async () => {
    const id = await queue();
    setTimeout(() => void db.outbox.filter((r) => r.mutationId === id).modify({ status: 'needs-attention', lastError: 'Degree end cannot be before its start!', lastStatus: 400 }), 100);
    expect(await awaitOutcome(db, id, { waitMs: 3000, pollMs: 20 })).toEqual({
      kind: 'refused',
      message: 'Degree end cannot be before its start!',
      status: 400,
    });
  });

  it('answers queued/slow when the server does not answer within the wait', async () => {
    const id = await queue();
    const t0 = Date.now();
    expect(await awaitOutcome(db, id, { waitMs: 300, pollMs: 20 })).toEqual({ kind: 'queued', reason: 'slow' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);
    expect(await db.outbox.count()).toBe(1); // still queued: it syncs later
  });

  it('answers queued/offline at once when offline, and when the connection drops while waiting', async () => {
    const id = await queue();
    const t0 = Date.now();
    expect(await awaitOutcome(db, id, { waitMs: 3000, isOnline: () => false })).toEqual({ kind: 'queued', reason: 'offline' });
    expect(Date.now() - t0).toBeLessThan(1000);
    let online = true;
    setTimeout(() => (online = false), 100);
    expect(await awaitOutcome(db, id, { waitMs: 3000, pollMs: 20, isOnline: () => online })).toEqual({ kind: 'queued', reason: 'offline' });
  });

  it('answers queued/no-engine when no sync engine runs', async () => {
    const id = await queue();
    expect(await awaitOutcome(db, id, { hasEngine: () => false })).toEqual({ kind: 'queued', reason: 'no-engine' });
  });
});

describe('submit (public API)', () => {
  it('queues through the real outbox and answers no-engine when sync is not started', async () => {
    const out = await submit('user.updateProfile', { userId: 'u1', changes: { phone: '+1 555 0101' } });
    expect(out.kind).toBe('queued');
    expect(out).toMatchObject({ reason: 'no-engine' });
    const row = await getDb().outbox.filter((r) => r.mutationId === out.mutationId).first();
    expect(row?.status).toBe('pending');
  });
});
