/**
 * Unit tests of the engine's parts on fake-indexeddb with scripted ports: backoff (full jitter, Retry-After),
 * request headers, 401 handling, rebase, reset keeping the outbox, leader election fallback, blob chunking and
 * the blob lane, quota errors.
 */
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { ReplicaDb } from '../../src/client/db/db.js';
import { BACKOFF_CAP_MS, backoffCeiling, nextDelay, parseRetryAfter } from '../../src/client/sync/backoff.js';
import { chunkCount, chunkSource, readBlob, storeChunks } from '../../src/client/sync/blobs.js';
import { SyncEngine } from '../../src/client/sync/engine.js';
import { StorageFullError, MutationArgsError } from '../../src/client/sync/errors.js';
import { electLeader } from '../../src/client/sync/leader.js';
import { META, getMeta, setMeta } from '../../src/client/sync/meta.js';
import { mutateIn } from '../../src/client/sync/mutate.js';
import { queueFile } from '../../src/client/sync/operations.js';
import type { Transport, TransportRequest, Uploader } from '../../src/client/sync/ports.js';
import { BLOB_CHUNK_BYTES, MAX_PARALLEL_UPLOADS } from '../../src/shared/constants.js';
import { SimServer } from './sim-server.js';
import type { OutboxRow } from '../../src/client/db/db.js';
import { takeBatch } from '../../src/client/sync/push-batch.js';
import { ACK_SCAN_HEAD } from '../../src/client/sync/push.js';
import { PUSH_BATCH_MAX, PUSH_BATCH_MAX_BYTES } from '../../src/shared/sync/protocol.js';
import { FakeClock, seeded } from './sim-kit.js';

const fixed = (v: number) => ({ next: () => v });
const newDb = () => new ReplicaDb('unit', { indexedDB: new IDBFactory(), IDBKeyRange });

function setup(opts: { uploader?: Uploader; batchPush?: boolean } = {}) {
  const server = new SimServer();
  server.put('users', { id: 'u-1', name: 'Ada', phone: null, designation: null });
  server.put('notifications', { id: 'n-1', userId: 'u-1', open: false });
  const db = newDb();
  const clock = new FakeClock();
  const sent: TransportRequest[] = [];
  const script: ((req: TransportRequest) => ReturnType<Transport['send']> | undefined)[] = [];
  const transport: Transport = {
    async send(req) {
      sent.push(req);
      return (await script.shift()?.(req)) ?? server.handle(req);
    },
  };
  const engine = new SyncEngine({ db, transport, clock, random: seeded(1), getToken: () => 'good', uploader: opts.uploader, batchPush: opts.batchPush });
  return { server, db, clock, sent, script, engine };
}

describe('backoff', () => {
  it('draws full jitter within [1 s, min(60 s, 2^(n-1) s)]', () => {
    for (let n = 1; n <= 12; n++) {
      const ceil = backoffCeiling(n);
      expect(ceil).toBe(Math.min(BACKOFF_CAP_MS, 1000 * 2 ** (n - 1)));
      expect(nextDelay(n, fixed(0))).toBe(1000);
      expect(nextDelay(n, fixed(0.999999))).toBeLessThanOrEqual(ceil);
      expect(nextDelay(n, fixed(0.999999))).toBeGreaterThanOrEqual(ceil - 1);
    }
    const rng = seeded(7);
    for (let i = 0; i < 1000; i++) {
      const d = nextDelay(20, rng);
      expect(d).toBeGreaterThanOrEqual(1000);
      expect(d).toBeLessThanOrEqual(60_000);
    }
  });

  it('honours Retry-After in seconds or as an HTTP date, when longer than the draw', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(nextDelay(1, fixed(0.5), 45_000)).toBe(45_000);
    expect(nextDelay(7, fixed(0.99), 2_000)).toBeGreaterThan(2_000);
  });
});

describe('push', () => {
  it('sends in order with Idempotency-Key, X-Client-Id and the bearer token, which is never stored', async () => {
    const { db, engine, sent, clock } = setup({ batchPush: false });
    await setMeta(db, META.userId, 'u-1');
    const a = await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: '1' } }, { now: clock.now() });
    const b = await mutateIn(db, 'notification.open', { id: 'n-1' }, { now: clock.now() });
    expect(JSON.stringify(await db.outbox.toArray())).not.toContain('good');
    await engine.drainOnce();
    const writes = sent.filter((r) => r.method !== 'GET');
    expect(writes.map((r) => r.headers['idempotency-key'])).toEqual([a.mutationId, b.mutationId]);
    expect(writes[0]).toMatchObject({ method: 'PUT', path: '/api/user/update/u-1', body: { phone: '1' } });
    expect(writes[0].headers.authorization).toBe('Bearer good');
    expect(writes[0].headers['x-client-id']).toBe(await getMeta(db, META.clientId));
    expect(await db.outbox.count()).toBe(0);
  });

  it('sends several waiting rows as one batch (intents in order, token attached at send time); a lone row singly', async () => {
    const { db, engine, sent, clock, server } = setup();
    await setMeta(db, META.userId, 'u-1');
    const a = await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: '1' } }, { now: clock.now() });
    const b = await mutateIn(db, 'notification.open', { id: 'n-1' }, { now: clock.now() });
    await engine.drainOnce();
    const writes = sent.filter((r) => r.method !== 'GET');
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatchObject({ method: 'POST', path: '/api/sync/push' });
    expect(writes[0].body).toEqual({
      rows: [
        // clientTime: the device time each change was made (the audit trail's X-Client-Time).
        { mutationId: a.mutationId, name: 'user.updateProfile', args: { userId: 'u-1', changes: { phone: '1' } }, clientTime: clock.now() },
        { mutationId: b.mutationId, name: 'notification.open', args: { id: 'n-1' }, clientTime: clock.now() },
      ],
    });
    expect(writes[0].headers.authorization).toBe('Bearer good');
    expect(await db.outbox.count()).toBe(0);
    expect(server.docs.users.get('u-1')?.phone).toBe('1');
    await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: '2' } }, { now: clock.now() });
    await engine.drainOnce();
    const single = sent.filter((r) => r.method !== 'GET').at(-1)!;
    expect(single).toMatchObject({ method: 'PUT', path: '/api/user/update/u-1' });
    expect(single.headers['x-client-time']).toBe(String(clock.now()));
  });

  it('bounds a batch by rows and by bytes; a row bigger than the limit goes alone', () => {
    const row = (i: number, text: string) => ({ seq: i, mutationId: `m${i}`, name: 'user.updateProfile', args: { userId: 'u-1', changes: { designation: text } } }) as unknown as OutboxRow;
    expect(takeBatch(Array.from({ length: 150 }, (_, i) => row(i, 'x')))).toHaveLength(PUSH_BATCH_MAX);
    const big = 'é'.repeat(100_000); // 200 000 bytes in UTF-8
    expect(takeBatch([row(1, big), row(2, big), row(3, big), row(4, big)])).toHaveLength(2);
    expect(takeBatch([row(1, 'é'.repeat(PUSH_BATCH_MAX_BYTES)), row(2, 'x')])).toHaveLength(1);
  });

  it("handles a batch's answers row by row: refused → needs attention and on; 5xx → backoff there, the rest wait in order", async () => {
    const { db, engine, clock, server } = setup();
    await setMeta(db, META.userId, 'u-1');
    const ok1 = await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: '1' } }, { now: clock.now() });
    const bad = await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: 'REFUSE-x' } }, { now: clock.now() });
    const ok2 = await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { designation: 'Lecturer' } }, { now: clock.now() });
    const failing = await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: '3' } }, { now: clock.now() });
    const after = await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: '4' } }, { now: clock.now() });
    let n = 0;
    server.rowFault = () => ++n === 4; // the 4th row fails with a 500
    const r = await engine.drainOnce();
    const rows = await db.outbox.orderBy('seq').toArray();
    expect(rows.map((x) => x.mutationId)).toEqual([bad.mutationId, failing.mutationId, after.mutationId]);
    expect(rows[0]).toMatchObject({ status: 'needs-attention', lastStatus: 400, lastError: 'Refused by the rules.' });
    expect(rows[1]).toMatchObject({ status: 'pending', attempts: 1 });
    expect(rows[1].nextAttemptAt).toBeGreaterThan(clock.now());
    expect(rows[2]).toMatchObject({ status: 'pending', attempts: 0 });
    expect(r.wakeAt).toBe(rows[1].nextAttemptAt);
    expect(server.stored.has(ok1.mutationId) && server.stored.has(ok2.mutationId)).toBe(true);
    clock.t = rows[1].nextAttemptAt;
    await engine.drainOnce();
    expect((await db.outbox.toArray()).map((x) => x.mutationId)).toEqual([bad.mutationId]);
    expect(server.docs.users.get('u-1')).toMatchObject({ phone: '4', designation: 'Lecturer' });
  });

  // The acknowledgement reads the pending row after the acknowledged ones, then the head of the queue, then the rest
  // of it (push.ts): the last edit is right after, inside the head, or past it.
  it.each([PUSH_BATCH_MAX - 1, PUSH_BATCH_MAX + 50, ACK_SCAN_HEAD + PUSH_BATCH_MAX])("writes an acknowledged record's document only once no pending row touches it, however far down the queue that row is (%i rows between)", async (between) => {
    const { db, engine, clock, server, script } = setup();
    server.returnsDocs = true;
    await setMeta(db, META.userId, 'u-1');
    await engine.drainOnce(); // the replica holds the profile
    // The profile edited first and last, with more than the acknowledgement's first read of other rows between.
    await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: 'first' } }, { now: clock.now() });
    for (let i = 0; i < between; i++) await mutateIn(db, 'notification.open', { id: 'n-1' }, { now: clock.now() });
    await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: 'last' } }, { now: clock.now() });
    expect((await db.users.get('u-1'))?.phone).toBe('last');
    // The first batch is answered; the second fails, so the queue stops with the last edit still pending. What the
    // replica shows is read when the second batch goes out: after the first one's acknowledgement, before any pull.
    const left = between + 2 - PUSH_BATCH_MAX;
    let shownAfterAck: unknown;
    script.push(() => undefined, async () => {
      // Sent while the first batch's answers are being written (ordered-lane.ts): looked at once they are.
      while ((await db.outbox.count()) > left) await new Promise((r) => setTimeout(r, 1));
      shownAfterAck = (await db.users.get('u-1'))?.phone;
      return { status: 503, body: { error: 'down' }, headers: {} };
    });
    await engine.drainOnce();
    expect(server.docs.users.get('u-1')?.phone).toBe('first');
    expect(await db.outbox.where('status').equals('pending').count()).toBe(left);
    // The server's copy after the first edit would hide the pending last one: the replica keeps the optimistic copy.
    expect(shownAfterAck).toBe('last');
    // Once the last edit is acknowledged, the server's document is written.
    clock.t += BACKOFF_CAP_MS;
    await engine.drainOnce();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.users.get('u-1')).toMatchObject({ phone: 'last', version: server.docs.users.get('u-1')!.version });
  });

  // One at a time, the acknowledgement reads the row after the acknowledged one by key (push.ts, ordered-lane.ts);
  // a pending row queued before it that touches the record (another account's, waiting) is found by the fallback.
  it.each([true, false])(
    "one at a time: sends this account's rows in order and writes the document only once no pending row touches the record (another account's row queued first: %s)",
    async (othersFirst) => {
      const { db, engine, clock, server, script, sent } = setup({ batchPush: false });
      server.returnsDocs = true;
      await setMeta(db, META.userId, 'u-1');
      await engine.drainOnce(); // the replica holds the profile
      const pulled = (await db.users.get('u-1'))!.version;
      if (othersFirst) {
        await setMeta(db, META.userId, 'u-2');
        await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { designation: 'theirs' } }, { now: clock.now() });
        await setMeta(db, META.userId, 'u-1');
      }
      for (const phone of ['1', '2', '3']) await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone } }, { now: clock.now() });
      let shownBeforePull: number | undefined;
      // The three changes answered by the server, then the pull: the replica is looked at as the pull goes out.
      script.push(
        () => undefined,
        () => undefined,
        () => undefined,
        async (req) => {
          shownBeforePull = (await db.users.get('u-1'))?.version;
          return server.handle(req);
        },
      );
      await engine.drainOnce();
      const puts = sent.filter((r) => r.method !== 'GET' && !r.path.startsWith('/api/sync'));
      expect(puts.map((r) => (r.body as { phone?: string }).phone)).toEqual(['1', '2', '3']);
      expect(server.docs.users.get('u-1')?.phone).toBe('3');
      expect((await db.outbox.toArray()).map((r) => r.userId)).toEqual(othersFirst ? ['u-2'] : []);
      if (othersFirst) expect(shownBeforePull, "another account's pending change of the record: the optimistic copy stays").toBe(pulled);
      else expect(shownBeforePull, 'nothing pending touches the record: the server copy is written').toBe(server.docs.users.get('u-1')!.version);
    },
  );

  it('sends the next batch while the one before is acknowledged, never past a row that backs off, each change once and in order', async () => {
    const { db, engine, clock, server, sent } = setup();
    await setMeta(db, META.userId, 'u-1');
    const n = 3 * PUSH_BATCH_MAX + 50;
    for (let i = 0; i < n; i++) await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: `p${i}` } }, { now: clock.now() });
    const failAt = PUSH_BATCH_MAX + 50;
    let k = 0;
    server.rowFault = () => ++k === failAt; // a row of the second batch fails with a 500
    await engine.drainOnce();
    const pushes = () => sent.filter((r) => r.path === '/api/sync/push');
    // The third batch was not sent ahead: the second one's answer backed a row off.
    expect(pushes()).toHaveLength(2);
    expect(await db.outbox.count()).toBe(n - failAt + 1);
    clock.t = (await db.outbox.orderBy('seq').first())!.nextAttemptAt;
    await engine.drainOnce();
    expect(await db.outbox.count()).toBe(0);
    // Each change applied once, and the last one last.
    for (let i = 0; i < n; i++) expect(server.applied.get(`p${i}`), `p${i}`).toBe(1);
    expect(server.docs.users.get('u-1')?.phone).toBe(`p${n - 1}`);
    // Each batch held consecutive changes of the queue: the first two from the start, the next from the row that
    // backed off, then on from where the one before ended.
    const firstOf = pushes().map((r) => {
      const phones = (r.body as { rows: { args: { changes: { phone: string } } }[] }).rows.map((x) => Number(x.args.changes.phone.slice(1)));
      phones.forEach((p, i) => expect(p).toBe(phones[0]! + i));
      return phones[0];
    });
    expect(firstOf).toEqual([0, PUSH_BATCH_MAX, failAt - 1, failAt - 1 + PUSH_BATCH_MAX]);
  });

  it('a 401 on the batch keeps the queue and asks for sign-in; a server without the batch route gets single calls', async () => {
    const { db, engine, clock, script, sent } = setup();
    await setMeta(db, META.userId, 'u-1');
    await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: '1' } }, { now: clock.now() });
    await mutateIn(db, 'notification.open', { id: 'n-1' }, { now: clock.now() });
    script.push(async () => ({ status: 401, headers: {}, body: { error: 'Please sign in again.' } }));
    const r = await engine.drainOnce();
    expect(r.authRequired).toBe(true);
    expect(await db.outbox.count()).toBe(2);
    engine.setAuthOk();
    script.push(async () => ({ status: 404, headers: {}, body: { error: 'Not found!' } }));
    await engine.drainOnce();
    expect(await db.outbox.count()).toBe(0);
    expect(sent.filter((x) => x.method !== 'GET').map((x) => x.path)).toEqual(['/api/sync/push', '/api/sync/push', '/api/user/update/u-1', '/api/notifications/n-1/open']);
  });

  it('waits out a 503 with Retry-After, keeping the row and its order', async () => {
    const { db, engine, script, clock } = setup();
    await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: '1' } }, { now: clock.now() });
    script.push(async () => ({ status: 503, headers: { 'retry-after': '30' }, body: { error: 'busy' } }));
    const r = await engine.drainOnce();
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'busy' });
    expect(row.nextAttemptAt).toBeGreaterThanOrEqual(clock.now() + 30_000);
    expect(r.wakeAt).toBeLessThanOrEqual(row.nextAttemptAt);
    await engine.drainOnce(); // too early: nothing sent
    expect(await db.outbox.count()).toBe(1);
    clock.t = row.nextAttemptAt;
    await engine.drainOnce();
    expect(await db.outbox.count()).toBe(0);
  });

  it('401 stops the queue and keeps it until a new sign-in', async () => {
    const { db, engine, server, clock } = setup();
    await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: '1' } }, { now: clock.now() });
    server.tokenValid = false;
    const r = await engine.drainOnce();
    expect(r.authRequired).toBe(true);
    expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
    server.tokenValid = true;
    await engine.drainOnce();
    expect(await db.outbox.count()).toBe(1); // still waiting for the sign-in
    engine.setAuthOk();
    await engine.drainOnce();
    expect(await db.outbox.count()).toBe(0);
    expect(server.docs.users.get('u-1')?.phone).toBe('1');
  });
});

describe('accounts', () => {
  it("never sends another account's queued rows with this account's token", async () => {
    const { db, engine, sent, clock, server } = setup();
    await setMeta(db, META.userId, 'u-2');
    await mutateIn(db, 'notification.open', { id: 'n-1' }, { now: clock.now() }); // queued by u-2
    await setMeta(db, META.userId, 'u-1'); // someone else signed in on this device
    await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: '7' } }, { now: clock.now() });
    await engine.drainOnce();
    expect(sent.filter((r) => r.method !== 'GET').map((r) => r.path)).toEqual(['/api/user/update/u-1']);
    expect((await db.outbox.toArray()).map((r) => r.userId)).toEqual(['u-2']);
    expect(server.docs.notifications.get('n-1')?.open).toBe(false);
  });
});

describe('pull', () => {
  it('rebases unsent changes on top of pulled documents so the screen never flips back', async () => {
    const { db, engine, server, script, clock } = setup();
    await engine.drainOnce();
    await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: 'mine' } }, { now: clock.now() });
    server.put('users', { ...server.docs.users.get('u-1')!, name: 'Ada L.' }); // someone else's change
    script.push(async () => {
      throw new (await import('../../src/client/sync/ports.js')).NetworkError('offline');
    });
    await engine.drainOnce(); // push fails, pull brings the renamed user
    expect(await db.users.get('u-1')).toMatchObject({ name: 'Ada L.', phone: 'mine' });
  });

  it('a reset clears the replica and downloads again, never dropping outbox rows or stored files', async () => {
    const { db, engine, server, script, clock } = setup();
    await engine.drainOnce();
    await db.notifications.put({ id: 'stale', open: false });
    await mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { designation: 'Dr' } }, { now: clock.now() });
    await db.blobChunks.put({ blobId: 'b', index: 0, data: new ArrayBuffer(3) });
    await db.blobs.put({ id: 'b', mutationId: 'm', name: 'f', type: '', size: 3, chunkCount: 1, uploadUrl: null, uploadedBytes: 0, status: 'pending', lastError: null, createdAt: 0 });
    server.delete('notifications', 'n-1');
    server.purgeTombstones();
    await setMeta(db, META.cursor, '1');
    const { NetworkError } = await import('../../src/client/sync/ports.js');
    script.push(async () => {
      throw new NetworkError('offline');
    });
    await engine.drainOnce();
    expect(await db.notifications.toArray()).toEqual([]);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.blobChunks.count()).toBe(1);
    expect((await db.users.get('u-1'))?.designation).toBe('Dr');
  });
});

describe('pull ahead', () => {
  it('asks for the next page before writing the current one, uses every answer once, and ends with the whole replica', async () => {
    const server = new SimServer();
    for (let i = 0; i < 7; i++) server.put('notifications', { id: `n-${i}`, userId: 'u-1', open: false });
    const db = newDb();
    let writes = 0;
    const sends: { since: string; writesBefore: number }[] = [];
    const transport: Transport = {
      async send(req) {
        const q = new URL(req.path, 'http://x').searchParams;
        if (req.path.startsWith('/api/sync/changes')) sends.push({ since: q.get('since')!, writesBefore: writes });
        return server.handle(req);
      },
    };
    const engine = new SyncEngine({ db, transport, clock: new FakeClock(), random: seeded(1), getToken: () => 'good', pageLimit: 2, onChange: () => writes++ });
    await engine.drainOnce();
    expect((await db.notifications.toArray()).map((n) => n.id).sort()).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => `n-${i}`));
    // Four pages of two: four requests, none wasted, each from the cursor of the page before it.
    expect(sends.map((s) => s.since)).toHaveLength(4);
    expect(new Set(sends.map((s) => s.since)).size).toBe(4);
    // Page k+1 was asked for before page k was written (no write between the two requests).
    expect(sends[1].writesBefore).toBe(sends[0].writesBefore);
    expect(await getMeta(db, META.cursor)).toBe(String(server.version));
  });

  it('drops the page asked ahead when a refused change must be re-pulled first', async () => {
    const server = new SimServer();
    for (let i = 0; i < 5; i++) server.put('notifications', { id: `n-${i}`, userId: 'u-1', open: false });
    const db = newDb();
    const sinces: string[] = [];
    const refetches: string[] = [];
    const transport: Transport = {
      async send(req) {
        if (req.path.startsWith('/api/sync/changes')) {
          const q = new URL(req.path, 'http://x').searchParams;
          sinces.push(q.get('since')!);
          refetches.push(q.get('refetch') ?? '');
          // While the first page is in flight, a refused change asks for a re-pull.
          if (sinces.length === 1) await setMeta(db, META.refetch, ['notifications:n-0']);
        }
        return server.handle(req);
      },
    };
    const engine = new SyncEngine({ db, transport, clock: new FakeClock(), random: seeded(1), getToken: () => 'good', pageLimit: 2 });
    await engine.drainOnce();
    expect(refetches.filter((r) => r === 'notifications:n-0')).toHaveLength(1);
    expect(await getMeta(db, META.refetch)).toEqual([]);
    expect(await db.notifications.count()).toBe(5);
  });
});

describe('leader election', () => {
  it('is the leader at once where navigator.locks is missing', async () => {
    const seen: boolean[] = [];
    const h = electLeader((l) => seen.push(l), undefined);
    await Promise.resolve();
    expect(h.isLeader()).toBe(true);
    expect(seen).toEqual([true]);
  });

  it('with locks, one leader at a time; the next takes over on release', async () => {
    let holder: Promise<unknown> = Promise.resolve();
    const locks = {
      request(_name: string, _opts: object, cb: (lock: unknown) => Promise<unknown>) {
        const run = holder.then(() => cb({}));
        holder = run.catch(() => undefined);
        return run;
      },
    };
    const a = electLeader(() => undefined, locks);
    const b = electLeader(() => undefined, locks);
    await new Promise((r) => setTimeout(r, 0));
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    const released = a.release();
    await released;
    await new Promise((r) => setTimeout(r, 0));
    expect([a.isLeader(), b.isLeader()]).toEqual([false, true]);
    await b.release();
  });
});

describe('blob store and lane', () => {
  it('stores chunks of at most the chunk size and reassembles the exact bytes', async () => {
    const db = newDb();
    const bytes = Uint8Array.from({ length: 3500 }, (_, i) => (i * 7) & 0xff);
    const n = await storeChunks(db, 'b1', new Blob([bytes]), 1000);
    expect(n).toBe(4);
    const chunks = await db.blobChunks.where('blobId').equals('b1').toArray();
    expect(chunks.map((c) => (c.data as ArrayBuffer).byteLength)).toEqual([1000, 1000, 1000, 500]);
    const row = { id: 'b1', size: 3500, name: 'f' } as never;
    expect(await readBlob(db, row, 1000)).toEqual(bytes);
    expect(await chunkSource(db, row, 1000).slice(950, 2100)).toEqual(bytes.slice(950, 2100));
    expect(chunkCount(BLOB_CHUNK_BYTES + 1)).toBe(2);
    expect(chunkCount(BLOB_CHUNK_BYTES)).toBe(1);
  });

  it('uploads at most MAX_PARALLEL_UPLOADS at once, then registers each file in order and deletes its chunks', async () => {
    let active = 0;
    let peak = 0;
    let n = 0;
    const uploader: Uploader = {
      async upload(blob, source, cb) {
        active++;
        peak = Math.max(peak, active);
        const url = `/api/files/${(++n).toString(16).padStart(32, '0')}`;
        await cb.onUrl(url);
        expect((await source.slice(0, blob.size)).length).toBe(blob.size);
        await new Promise((r) => setTimeout(r, 5));
        cb.onProgress(blob.size, blob.size);
        active--;
        return url;
      },
    };
    const { db, engine, script, sent, clock } = setup({ uploader });
    const queued = [];
    for (let i = 0; i < 3; i++) {
      const file = Object.assign(new Blob([new Uint8Array(10 + i)]), { name: `f${i}.pdf` });
      queued.push(
        await queueFile(db, file, {
          name: 'artifact.register',
          args: { observationsId: '00000000-0000-4000-8000-000000000001', postId: 'p', id: `00000000-0000-4000-8000-00000000001${i}`, name: `f${i}.pdf`, type: 'application/pdf' },
          blobField: 'fileURL',
        }, clock.now()),
      );
    }
    for (let i = 0; i < 3; i++) script.push(async () => ({ status: 201, headers: {}, body: { message: 'ok' } }));
    await engine.runBlobs();
    expect(peak).toBe(MAX_PARALLEL_UPLOADS);
    const regs = sent.filter((r) => r.path.startsWith('/api/upload-artifact/'));
    expect(regs.map((r) => r.headers['idempotency-key'])).toEqual(queued.map((q) => q.mutationId));
    for (const r of regs) expect((r.body as { fileURL: string }).fileURL).toMatch(/^\/api\/files\/[0-9a-f]{32}$/);
    expect(await db.blobChunks.count()).toBe(0);
    expect(await db.blobs.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('mutate', () => {
  it('turns a full disk into StorageFullError with nothing half-written', async () => {
    const db = newDb();
    // The device's IndexedDB refuses writes to the outbox (middleware must be installed before opening).
    db.use({
      stack: 'dbcore',
      name: 'quota',
      create: (down) => ({
        ...down,
        table: (name) => {
          const t = down.table(name);
          return name !== 'outbox' ? t : { ...t, mutate: () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')) };
        },
      }),
    });
    await db.users.put({ id: 'u-1', phone: 'old' });
    await expect(mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { phone: 'new' } }, { now: 1 })).rejects.toBeInstanceOf(StorageFullError);
    expect((await db.users.get('u-1'))?.phone).toBe('old');
    expect(await db.outbox.count()).toBe(0);
  });

  it('rejects arguments its schema refuses, before anything is written', async () => {
    const db = newDb();
    await expect(mutateIn(db, 'user.updateProfile', { userId: 'u-1', changes: { password: 'x' } } as never, { now: 1 })).rejects.toBeInstanceOf(MutationArgsError);
    expect(await db.outbox.count()).toBe(0);
  });
});
