/**
 * Push (docs/sync-protocol.md § Push): replay a lane's outbox in `seq` order, one request at a time.
 *   2xx → row deleted (a returned document is written to the replica) → next row
 *   401 → stop, keep the queue, authRequired until a new token is set
 *   426 → stop, keep the queue (no row needs attention), updateRequired until the app is updated
 *   other 4xx → row 'needs-attention' with the server's message, entity re-pulled, queue moves on
 *   network / timeout / 408 / 429 / 5xx → backoff with full jitter (Retry-After honoured); the lane waits
 */
import { mutationDef } from '../../shared/sync/mutations/index.js';
import type { OutboxRow, ReplicaRecord } from '../db/db.js';
import { nextDelay } from './backoff.js';
import { call, type EngineCtx } from './context.js';
import { addRefetch, getMeta, knownUserId, META } from './meta.js';

/** The lane's next row to send, read after the row queued as `afterSeq` was acknowledged (ordered-lane.ts). */
export type PeekNext = (afterSeq: number) => Promise<OutboxRow | undefined>;

/** Why a lane stopped: drained, waiting until `wakeAt`, or blocked on sign-in. */
export type LaneResult = { state: 'drained' } | { state: 'waiting'; wakeAt: number } | { state: 'auth' } | { state: 'stopped' };

/** Send one row. Returns what the lane does next. `args` overrides the stored args (blob lane fills the file). */
export async function pushRow(
  ctx: EngineCtx,
  row: OutboxRow,
  args: unknown = row.args,
  /** Ordered lane: reads the next row inside the acknowledging transaction (one IndexedDB transaction fewer per change). */
  peekNext?: PeekNext,
): Promise<'next' | { next: OutboxRow | undefined } | LaneResult> {
  const { db } = ctx;
  const def = mutationDef(row.name);
  if (!def) {
    await markRefused(ctx, row, 0, `This app version no longer knows the change "${row.name}".`);
    return 'next';
  }
  const outcome = await call(ctx, {
    method: def.method,
    path: `/api${def.path(args)}`,
    body: def.body(args),
    // x-client-time: when the change was made on the device (the audit trail shows it beside the arrival time).
    headers: { 'idempotency-key': row.mutationId, 'content-type': 'application/json', 'x-client-time': String(row.createdAt) },
  });
  if (ctx.stopped()) return { state: 'stopped' };
  switch (outcome.kind) {
    case 'ok': {
      const next = await acknowledge(ctx, row, outcome.body, peekNext);
      return peekNext ? { next } : 'next';
    }
    case 'auth':
      ctx.state.authRequired = true;
      ctx.emit();
      return { state: 'auth' };
    case 'update':
      return { state: 'stopped' };
    case 'refused':
      await markRefused(ctx, row, outcome.status, outcome.message);
      return 'next';
    case 'retry': {
      const attempts = row.attempts + 1;
      const wakeAt = ctx.clock.now() + nextDelay(attempts, ctx.random, outcome.retryAfterMs);
      await db.outbox.update(row.seq!, { attempts, nextAttemptAt: wakeAt, lastError: outcome.message });
      ctx.emit();
      return { state: 'waiting', wakeAt };
    }
  }
}

function isDocument(body: unknown, id: string): body is ReplicaRecord & { version: number } {
  return (
    !!body &&
    typeof body === 'object' &&
    (body as { id?: unknown }).id === id &&
    typeof (body as { version?: unknown }).version === 'number'
  );
}

/** The server has the change: drop the row (and its stored file), keep a returned document. */
async function acknowledge(ctx: EngineCtx, row: OutboxRow, body: unknown, peekNext?: PeekNext): Promise<OutboxRow | undefined> {
  return acknowledgeMany(ctx, [{ row, body }], peekNext);
}

/** Pending rows read first when acknowledging (acknowledgeMany): two batches' worth. */
export const ACK_SCAN_HEAD = 200;

/**
 * Accepted rows in one Dexie transaction (a batch's answers, or one row): each row deleted with its stored file,
 * and the newest returned document of each record written — but only once no pending row touches that record
 * any more. While some do, the replica's optimistic copy already shows the accepted change plus the pending
 * ones; writing the server's copy would mean re-applying every pending row on top (a rebase per
 * acknowledgement: quadratic in a long queue), and the last acknowledgement or the pull brings it anyway.
 */
export async function acknowledgeMany(ctx: EngineCtx, acks: { row: OutboxRow; body: unknown }[], peekNext?: PeekNext): Promise<OutboxRow | undefined> {
  const { db } = ctx;
  const key = (entity: string, id: string) => `${entity}\u0000${id}`;
  const docs = new Map<string, { row: OutboxRow; doc: ReplicaRecord & { version: number } }>();
  for (const { row, body } of acks) {
    if (!isDocument(body, row.entityId)) continue;
    const k = key(row.entity, row.entityId);
    const seen = docs.get(k);
    if (!seen || seen.doc.version <= body.version) docs.set(k, { row, doc: body });
  }
  const tables = docs.size ? db.tables : [db.outbox, db.blobs, db.blobChunks];
  const lastSeq = Math.max(...acks.map((a) => a.row.seq!));
  let next: OutboxRow | undefined;
  await db.transaction('rw', tables, async () => {
    await db.outbox.bulkDelete(acks.map((a) => a.row.seq!));
    for (const { row } of acks) {
      if (!row.blobId) continue;
      await db.blobChunks.where('blobId').equals(row.blobId).delete();
      await db.blobs.delete(row.blobId);
    }
    if (docs.size) {
      // Which of these records a pending row still touches: the head of the queue first, the rest of it only when
      // some record was not found there. The rows after an acknowledged batch are usually more changes of the same
      // records; reading the whole queue on every acknowledgement made draining a long queue quadratic (5 000
      // queued: ~2 500 rows read per batch of 100). Each read is one getAll (a cursor walk costs a step per row).
      const stillPending = new Set<string>();
      const scan = (rows: OutboxRow[]) => {
        for (const r of rows) {
          const k = key(r.entity, r.entityId);
          if (docs.has(k)) stillPending.add(k);
        }
      };
      // The first pending row queued after the acknowledged ones is read alone first: it is nearly always the next
      // change of the same record, and then nothing more is read (reading the 200-row head on each acknowledgement
      // was ~0.6 ms of the engine's ~1.3 ms per change replayed one at a time with 5 000 queued, on
      // fake-indexeddb). It is found by key from the last acknowledged row: a walk of the 'pending' index from its
      // start passes every entry just deleted, which IndexedDB keeps as a tombstone until it compacts
      // (fake-indexeddb until two thirds of its tree are tombstones; draining 5 000 changes one at a time spent
      // ~60 % of the engine's time there, and each change cost more the longer the queue).
      const following = await db.outbox.where(':id').above(lastSeq).filter((r) => r.status === 'pending').first();
      if (following) scan([following]);
      const pending = () => db.outbox.where('status').equals('pending');
      let read = 0;
      for (const page of [ACK_SCAN_HEAD, Infinity]) {
        if (stillPending.size === docs.size) break;
        const rows = await (page === Infinity ? pending().offset(read) : pending().offset(read).limit(page)).toArray();
        scan(rows);
        read += rows.length;
        if (rows.length < page) break;
      }
      for (const [k, { row, doc }] of docs) {
        if (stillPending.has(k)) continue;
        const table = db[row.entity];
        const current = await table.get(row.entityId);
        if (!current || (current.version ?? 0) <= doc.version) await table.put(doc);
      }
    }
    if (peekNext) next = await peekNext(lastSeq);
  });
  ctx.emit();
  return next;
}

/** The server refused the change: keep what the user typed, visible, and fetch the entity afresh. */
export async function markRefused(ctx: EngineCtx, row: OutboxRow, status: number, message: string): Promise<void> {
  const { db } = ctx;
  await db.transaction('rw', [db.outbox, db.meta], async () => {
    await db.outbox.update(row.seq!, {
      status: 'needs-attention',
      lastError: message,
      lastStatus: status,
      attempts: row.attempts + 1,
    });
    await addRefetch(db, row.entity, row.entityId);
  });
  ctx.emit();
}

/**
 * Rows queued by another account on this device (signed in again as someone else without signing out) are
 * never sent with this account's token: they wait, still visible, until their author signs in.
 */
export async function ownRows(ctx: EngineCtx): Promise<(row: OutboxRow) => boolean> {
  const known = knownUserId(ctx.db);
  const uid = known !== undefined ? known : await getMeta<string>(ctx.db, META.userId);
  return (row) => !uid || !row.userId || row.userId === uid;
}
