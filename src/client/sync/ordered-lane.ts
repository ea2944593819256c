/**
 * The ordered lane (docs/sync-protocol.md § Push): rows in `seq` order, each applied once by the server.
 * More than one row ready → a batch (push-batch.ts); a lone row → its single REST call (push.ts), as other
 * clients make it. Either way a row's answer is handled the same.
 */
import type { OutboxRow } from '../db/db.js';
import type { EngineCtx, Outcome } from './context.js';
import { PUSH_BATCH_MAX } from '../../shared/sync/protocol.js';
import { knownUserId } from './meta.js';
import { sendBatch, settleBatch, takeBatch } from './push-batch.js';
import { ownRows, pushRow, type LaneResult, type PeekNext } from './push.js';

/** `read` in one read transaction, given whether a row is this account's and of the ordered lane. */
async function readOurs(ctx: EngineCtx, read: (ours: (r: OutboxRow) => boolean) => Promise<OutboxRow[]>): Promise<OutboxRow[]> {
  const { db } = ctx;
  return db.transaction('r', knownUserId(db) !== undefined ? [db.outbox] : [db.outbox, db.meta], async () => {
    const mine = await ownRows(ctx);
    return read((r) => r.lane === 'ordered' && mine(r));
  });
}

/** The pending rows at the head of the lane that are this account's: up to a batch (one row when not batching). */
function laneHead(ctx: EngineCtx, batching: boolean): Promise<OutboxRow[]> {
  const pending = () => ctx.db.outbox.where('status').equals('pending');
  return readOurs(ctx, async (ours) => {
    const cursorQuery = (n: number) => pending().filter(ours).limit(n).toArray();
    if (!batching) return cursorQuery(1);
    // One getAll of the head of the queue (a filtered query walks a cursor row by row: far slower); only when
    // that whole page belongs to the blob lane or another account does the filtered walk look further.
    const head = await pending().limit(PUSH_BATCH_MAX).toArray();
    const mineInHead = head.filter(ours);
    return mineInHead.length || head.length < PUSH_BATCH_MAX ? mineInHead : cursorQuery(PUSH_BATCH_MAX);
  });
}

/**
 * This account's pending rows of the lane queued after `seq`, from the next batch's worth of the queue (one getAll
 * by key). The rows after a batch in flight: pending rows never change until sent (a retried row is queued again
 * at the end), so what is read while the batch is in flight is what the head will be once its answers are
 * written, save rows queued meanwhile, which go in a later batch.
 */
function laneAfter(ctx: EngineCtx, seq: number): Promise<OutboxRow[]> {
  return readOurs(ctx, async (ours) => {
    const rows = await ctx.db.outbox.where(':id').above(seq).limit(PUSH_BATCH_MAX).toArray();
    return rows.filter((r) => r.status === 'pending' && ours(r));
  });
}

/** The longest batch at the start of `rows` whose rows are all due (a row waiting on backoff ends it: order is kept). */
function dueBatch(rows: OutboxRow[], now: number): OutboxRow[] {
  const waiting = rows.findIndex((r) => r.nextAttemptAt > now);
  return takeBatch(waiting === -1 ? rows : rows.slice(0, waiting));
}

/**
 * Drain the ordered lane until it is empty, waiting on backoff, or blocked.
 *
 * Batches go one after the other, each sent only once the one before was answered (so the server applies them in
 * order), but the next is sent as soon as that answer shows the lane goes on, while the answer is being written:
 *
 *   send 1 ─► answer 1 ─► send 2 ─► write answers of 1 ─► answer 2 ─► send 3 ─► write answers of 2 ─► …
 *                                   (server applies 2 meanwhile)
 *
 * The batch sent ahead is what the lane's head will be once the answers are written (laneAfter, read while the
 * batch before was in flight). If the lane stops meanwhile (stopped, signed out), that batch's answer is dropped
 * unread: its rows are still pending and go again with the same keys, which the server answers from its
 * idempotency records.
 */
export async function pushOrdered(ctx: EngineCtx): Promise<LaneResult> {
  const { db } = ctx;
  type InFlight = { rows: OutboxRow[]; outcome: Promise<Outcome>; following: Promise<OutboxRow[]> };
  // A batch goes out with the read of the rows queued after it, done while it is in flight.
  const send = (rows: OutboxRow[]): InFlight => {
    const following = laneAfter(ctx, rows.at(-1)!.seq!);
    following.catch(() => undefined); // read only if the lane goes on; a failed read then fails the lane
    return { rows, outcome: sendBatch(ctx, rows), following };
  };
  let ahead: InFlight | null = null;
  const sendAhead = (sent: InFlight) => async () => {
    if (ctx.stopped() || ctx.state.authRequired || ctx.state.updateRequired || ctx.state.singlePushOnly) return;
    const next = dueBatch(await sent.following, ctx.clock.now());
    if (next.length > 1) ahead = send(next);
  };
  for (;;) {
    if (ctx.stopped() || ctx.state.updateRequired) return { state: 'stopped' };
    if (ctx.state.authRequired) return { state: 'auth' };
    if (ahead) {
      const sent: InFlight = ahead;
      ahead = null;
      const r = await settleBatch(ctx, sent.rows, await sent.outcome, sendAhead(sent));
      if (r !== 'next') return r;
      continue;
    }
    const batching = !ctx.state.singlePushOnly;
    const rows = await laneHead(ctx, batching);
    const row = rows[0];
    if (!row) return { state: 'drained' };
    if (row.nextAttemptAt > ctx.clock.now()) return { state: 'waiting', wakeAt: row.nextAttemptAt };
    if (batching) {
      const batch = dueBatch(rows, ctx.clock.now());
      if (batch.length > 1) {
        const sent = send(batch);
        const r = await settleBatch(ctx, batch, await sent.outcome, sendAhead(sent));
        if (r !== 'next') return r;
        continue;
      }
    }
    const uid = knownUserId(db);
    // The signed-in user is known here: the next row is read by this row's acknowledging transaction (a Dexie
    // query only — no other await inside, which would let IndexedDB commit the transaction early).
    // Batching: no chain — rows queued while this one was in flight go together in the next round.
    // The next row is the first of the lane queued after the acknowledged one, read by key from it (not from the
    // start of the 'pending' index, past the tombstones of every row just sent: push.ts acknowledgeMany). Nothing of
    // the lane before it is pending: the acknowledged row was the lane's head, and a row only ever becomes pending
    // by being queued, at the end (a retried row is queued again: operations.ts retryRow).
    const peek: PeekNext | undefined =
      uid !== undefined && !batching
        ? (after) => db.outbox.where(':id').above(after).filter((r) => r.status === 'pending' && r.lane === 'ordered' && (!uid || !r.userId || r.userId === uid)).first()
        : undefined;
    let r = await pushRow(ctx, row, row.args, peek);
    while (typeof r === 'object' && 'next' in r) {
      const next = r.next;
      if (!next) return { state: 'drained' };
      if (ctx.stopped() || ctx.state.updateRequired) return { state: 'stopped' };
      if (ctx.state.authRequired) return { state: 'auth' };
      if (next.nextAttemptAt > ctx.clock.now()) return { state: 'waiting', wakeAt: next.nextAttemptAt };
      r = await pushRow(ctx, next, next.args, peek);
    }
    if (r !== 'next') return r;
  }
}
