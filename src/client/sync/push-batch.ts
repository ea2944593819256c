/**
 * The batched push (docs/adr/2026-11-24-batched-push.md): when more than one ordered row waits, up to PUSH_BATCH_MAX of
 * them (and PUSH_BATCH_MAX_BYTES of JSON) go in one POST /api/sync/push. Each row's answer is handled exactly as
 * the single call's would be (push.ts): 2xx acknowledged, 4xx needs attention and the queue moves on, 401 stops
 * for sign-in, 5xx/408/429 backs the row off and the lane waits. Rows the server did not attempt stay pending,
 * in order. The batch call itself failing is treated as the first row's failure (network → backoff, 401 → sign
 * in); a server without the batch route (404/405) or refusing the batch as a whole makes this engine send
 * singly from then on.
 */
import { PushResponse, PUSH_BATCH_MAX, PUSH_BATCH_MAX_BYTES } from '../../shared/sync/protocol.js';
import type { OutboxRow } from '../db/db.js';
import { nextDelay } from './backoff.js';
import { call, classify, requireUpdate, type EngineCtx, type Outcome } from './context.js';
import { acknowledgeMany, markRefused, type LaneResult } from './push.js';

export const PUSH_PATH = '/api/sync/push';

const utf8 = new TextEncoder();

/** The longest prefix of `rows` that fits one batch (at least one row, even a large one); sizes in UTF-8 bytes. */
export function takeBatch(rows: OutboxRow[]): OutboxRow[] {
  const out: OutboxRow[] = [];
  let bytes = 16;
  for (const r of rows) {
    if (out.length >= PUSH_BATCH_MAX) break;
    const size = utf8.encode(JSON.stringify({ mutationId: r.mutationId, name: r.name, args: r.args, clientTime: r.createdAt })).length + 1;
    if (out.length > 0 && bytes + size > PUSH_BATCH_MAX_BYTES) break;
    out.push(r);
    bytes += size;
  }
  return out;
}

async function backOff(ctx: EngineCtx, row: OutboxRow, message: string, retryAfterMs: number | null): Promise<LaneResult> {
  const attempts = row.attempts + 1;
  const wakeAt = ctx.clock.now() + nextDelay(attempts, ctx.random, retryAfterMs);
  await ctx.db.outbox.update(row.seq!, { attempts, nextAttemptAt: wakeAt, lastError: message });
  ctx.emit();
  return { state: 'waiting', wakeAt };
}

/** Sends `rows` (≥ 2, in seq order) as one batch and answers the outcome (never throws: see `call`). */
export function sendBatch(ctx: EngineCtx, rows: OutboxRow[]): Promise<Outcome> {
  return call(ctx, {
    method: 'POST',
    path: PUSH_PATH,
    body: { rows: rows.map((r) => ({ mutationId: r.mutationId, name: r.name, args: r.args, clientTime: r.createdAt })) },
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * Handles a batch's answer row by row. `goingOn` runs once the answer shows the lane goes on past this batch
 * (every row attempted, each accepted or refused), before any answer is written: the ordered lane sends its next
 * batch then, so the server applies it while these answers are written (ordered-lane.ts).
 */
export async function settleBatch(ctx: EngineCtx, rows: OutboxRow[], outcome: Outcome, goingOn?: () => Promise<void>): Promise<'next' | LaneResult> {
  if (ctx.stopped()) return { state: 'stopped' };
  if (outcome.kind === 'auth') {
    ctx.state.authRequired = true;
    ctx.emit();
    return { state: 'auth' };
  }
  if (outcome.kind === 'update') return { state: 'stopped' };
  if (outcome.kind === 'retry') return backOff(ctx, rows[0], outcome.message, outcome.retryAfterMs);
  const parsed = outcome.kind === 'ok' ? PushResponse.safeParse(outcome.body) : null;
  if (!parsed?.success) {
    // An older server (no batch route) or a batch it will not take as a whole: the rows go singly instead.
    ctx.state.singlePushOnly = true;
    return 'next';
  }
  const byId = new Map(parsed.data.results.map((r) => [r.mutationId, r]));
  const now = ctx.clock.now();
  const outcomes = rows.map((row) => {
    const r = byId.get(row.mutationId);
    // Not attempted (or missing): still pending, sent again in order.
    return r && 'status' in r ? classify(r.status, r.body, undefined, now) : null;
  });
  if (goingOn && outcomes.every((o) => o?.kind === 'ok' || o?.kind === 'refused')) await goingOn();
  let acks: { row: OutboxRow; body: unknown }[] = [];
  const flush = async () => {
    if (acks.length) await acknowledgeMany(ctx, acks);
    acks = [];
  };
  for (const [i, row] of rows.entries()) {
    const o = outcomes[i];
    if (!o) break;
    if (o.kind === 'ok') {
      acks.push({ row, body: o.body });
      continue;
    }
    await flush();
    if (ctx.stopped()) return { state: 'stopped' };
    if (o.kind === 'refused') {
      await markRefused(ctx, row, o.status, o.message);
      continue;
    }
    if (o.kind === 'auth') {
      ctx.state.authRequired = true;
      ctx.emit();
      return { state: 'auth' };
    }
    if (o.kind === 'update') {
      requireUpdate(ctx);
      return { state: 'stopped' };
    }
    return backOff(ctx, row, o.message, o.retryAfterMs);
  }
  await flush();
  return 'next';
}
