/**
 * The ordered lane (DESIGN.md § Push): rows in `seq` order, each applied once by the server.
 * More than one row ready → a batch (push-batch.ts); a lone row → its single REST call (push.ts), as other
 * clients make it. Either way a row's answer is handled the same.
 */
import type { OutboxRow } from '../db/db.js';
import type { EngineCtx } from './context.js';
import { PUSH_BATCH_MAX } from '../../shared/sync/protocol.js';
import { knownUserId } from './meta.js';
import { pushBatch, takeBatch } from './push-batch.js';
import { ownRows, pushRow, type LaneResult } from './push.js';

/** Drain the ordered lane until it is empty, waiting on backoff, or blocked. */
export async function pushOrdered(ctx: EngineCtx): Promise<LaneResult> {
  const { db } = ctx;
  for (;;) {
    if (ctx.stopped()) return { state: 'stopped' };
    if (ctx.state.authRequired) return { state: 'auth' };
    const batching = !ctx.state.singlePushOnly;
    const rows: OutboxRow[] = await db.transaction('r', knownUserId(db) !== undefined ? [db.outbox] : [db.outbox, db.meta], async () => {
      const mine = await ownRows(ctx);
      const ours = (r: OutboxRow) => r.lane === 'ordered' && mine(r);
      const cursorQuery = (limit: number) => db.outbox.where('status').equals('pending').filter(ours).limit(limit).toArray();
      if (!batching) return cursorQuery(1);
      // One getAll of the head of the queue (a filtered query walks a cursor row by row: far slower); only when
      // that whole page belongs to the blob lane or another account does the filtered walk look further.
      const head = await db.outbox.where('status').equals('pending').limit(PUSH_BATCH_MAX).toArray();
      const mineInHead = head.filter(ours);
      return mineInHead.length || head.length < PUSH_BATCH_MAX ? mineInHead : cursorQuery(PUSH_BATCH_MAX);
    });
    const row = rows[0];
    if (!row) return { state: 'drained' };
    if (row.nextAttemptAt > ctx.clock.now()) return { state: 'waiting', wakeAt: row.nextAttemptAt };
    if (batching) {
      // The ready rows at the head of the lane (a row waiting on backoff ends the batch: order is kept).
      const now = ctx.clock.now();
      const ready = rows.findIndex((r) => r.nextAttemptAt > now);
      const batch = takeBatch(ready === -1 ? rows : rows.slice(0, ready));
      if (batch.length > 1) {
        const r = await pushBatch(ctx, batch);
        if (r !== 'next') return r;
        continue;
      }
    }
    const uid = knownUserId(db);
    // The signed-in user is known here: the next row is read by this row's acknowledging transaction (a Dexie
    // query only — no other await inside, which would let IndexedDB commit the transaction early).
    // Batching: no chain — rows queued while this one was in flight go together in the next round.
    const peek = uid !== undefined && !batching ? () => db.outbox.where('status').equals('pending').filter((r) => r.lane === 'ordered' && (!uid || !r.userId || r.userId === uid)).first() : undefined;
    let r = await pushRow(ctx, row, row.args, peek);
    while (typeof r === 'object' && 'next' in r) {
      const next = r.next;
      if (!next) return { state: 'drained' };
      if (ctx.stopped()) return { state: 'stopped' };
      if (ctx.state.authRequired) return { state: 'auth' };
      if (next.nextAttemptAt > ctx.clock.now()) return { state: 'waiting', wakeAt: next.nextAttemptAt };
      r = await pushRow(ctx, next, next.args, peek);
    }
    if (r !== 'next') return r;
  }
}

