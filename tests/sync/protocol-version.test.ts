/**
 * The sync protocol's version on the engine's side (shared/sync/protocol-version.ts): every request carries it,
 * and a 426 from a server that no longer speaks it stops the push and the pull at once — the queued changes stay
 * pending, none is marked needs-attention or backed off — and raises `updateRequired` (the update prompt), until
 * the app is reloaded into a newer version.
 */
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ReplicaDb } from '../../src/client/db/db.js';
import { SyncEngine } from '../../src/client/sync/engine.js';
import { META, setMeta } from '../../src/client/sync/meta.js';
import { mutateIn } from '../../src/client/sync/mutate.js';
import type { Transport, TransportRequest } from '../../src/client/sync/ports.js';
import {
  SYNC_PROTOCOL_HEADER,
  SYNC_PROTOCOL_VERSION,
  UPDATE_REQUIRED_MESSAGE,
  UPDATE_REQUIRED_STATUS,
} from '../../src/shared/sync/protocol-version.js';
import { FakeClock, seeded } from './sim-kit.js';
import { SimServer } from './sim-server.js';

function setup(opts: { batchPush?: boolean } = {}) {
  const server = new SimServer();
  server.put('users', { id: 'u-1', name: 'Ada', phone: null, designation: null });
  server.put('notifications', { id: 'n-1', userId: 'u-1', open: false });
  const db = new ReplicaDb('protocol', { indexedDB: new IDBFactory(), IDBKeyRange });
  const clock = new FakeClock();
  const sent: TransportRequest[] = [];
  let tooOld = false;
  let changes = 0;
  const transport: Transport = {
    async send(req) {
      sent.push(req);
      if (tooOld) return { status: UPDATE_REQUIRED_STATUS, headers: { [SYNC_PROTOCOL_HEADER]: '2' }, body: { error: UPDATE_REQUIRED_MESSAGE } };
      return server.handle(req);
    },
  };
  const engine = new SyncEngine({
    db,
    transport,
    clock,
    random: seeded(1),
    getToken: () => 'good',
    batchPush: opts.batchPush,
    onChange: () => changes++,
  });
  return { db, clock, sent, engine, server, retire: () => (tooOld = true), changes: () => changes };
}

async function queueTwo(db: ReplicaDb, now: number) {
  await setMeta(db, META.userId, 'u-1');
  await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: '1' } }, { now });
  await mutateIn(db, 'notification.open', { id: 'n-1' }, { now });
}

describe('the sync protocol version', () => {
  it('is sent on every request of the engine', async () => {
    const { db, clock, sent, engine } = setup();
    await queueTwo(db, clock.now());
    await engine.drainOnce();
    expect(sent.length).toBeGreaterThan(1); // the batch and the pull
    for (const req of sent) expect(req.headers[SYNC_PROTOCOL_HEADER]).toBe(String(SYNC_PROTOCOL_VERSION));
    expect(await db.outbox.count()).toBe(0);
  });

  for (const batchPush of [true, false]) {
    it(`a 426 stops the ${batchPush ? 'batched' : 'one-at-a-time'} push: rows stay pending, none needs attention, the update is required`, async () => {
      const { db, clock, sent, engine, retire, changes } = setup({ batchPush });
      await queueTwo(db, clock.now());
      retire();
      const before = changes();
      const r = await engine.drainOnce();
      expect(engine.state.updateRequired).toBe(true);
      expect(changes()).toBeGreaterThan(before);
      expect(r.wakeAt).toBeNull(); // no backoff to wake for: nothing will be sent again by this version
      const rows = await db.outbox.orderBy('seq').toArray();
      expect(rows.map((row) => [row.name, row.status, row.attempts, row.lastError ?? null])).toEqual([
        ['user.updateProfile', 'pending', 0, null],
        ['notification.open', 'pending', 0, null],
      ]);
      // One request only (the push): the pull is not tried after it, and nothing goes out on later drains.
      expect(sent.length).toBe(1);
      clock.t += 10 * 60_000;
      await engine.drainOnce();
      await engine.retryNow();
      await engine.drainOnce();
      expect(sent.length).toBe(1);
      expect(await db.outbox.where('status').equals('needs-attention').count()).toBe(0);
    });
  }

  it('a 426 on the pull stops it and requires the update, keeping the cursor', async () => {
    const { db, sent, engine, retire } = setup();
    await engine.drainOnce();
    const cursor = await db.meta.get(META.cursor);
    retire();
    await engine.drainOnce();
    expect(engine.state.updateRequired).toBe(true);
    const after = sent.length;
    await engine.drainOnce();
    expect(sent.length).toBe(after);
    expect(await db.meta.get(META.cursor)).toEqual(cursor);
  });
});
