/**
 * The batched push (POST /api/sync/push; wire shape in src/shared/sync/protocol.ts): queued changes applied in
 * order, each exactly once, each by its mutator — the very input() and run() of its REST call (mutator.ts).
 *
 *   rows ──► stored answers of their keys (one statement)
 *        ──► chunks of CHUNK_ROWS rows, one transaction each:
 *              first try:  BEGIN; each row: stored? its answer : run it;
 *                          INSERT every row's audit rows; INSERT every row's key + answer; COMMIT
 *                 │ a row failed, or a key was stored meanwhile (twice in the batch, or by a concurrent twin)
 *                 ▼ ROLLBACK (nothing of the chunk remains), then
 *              savepoints: BEGIN; each row: SAVEPOINT; run; INSERT its audit + key rows; RELEASE ──► its answer
 *                                           failed: ROLLBACK TO SAVEPOINT ──► the twin's answer, or the refusal
 *                          COMMIT
 *        ──► feed nudged, after-commit work of the committed rows
 *
 * A savepoint is a subtransaction: a row is kept or undone as a unit, exactly as its own transaction would be,
 * with its key row inside that unit, so exactly-once holds. The first try needs none because it never commits a
 * failed row. A chunk's rows share its commit: none is answered before it, and a crash before it leaves none
 * applied; the client then sends the same rows under the same keys again. CHUNK_ROWS stays below PostgreSQL's 64
 * cached subtransaction ids per backend, past which every other session's snapshots slow down.
 *
 * Invariant: rows take effect strictly in order, as if sent one at a time; a row answered 401/408/429/5xx stops
 * the batch, and the rows after it are `notAttempted` (never applied), so the client's order holds when it sends
 * them again.
 */
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { mutationDef } from '../../shared/sync/mutations/index.js';
import { stopsBatch, type PushRow, type PushRowResult } from '../../shared/sync/protocol.js';
import type { Tx } from '../db/client.js';
import { plausibleClientTime, type AuditInput, type ClientStamp } from '../services/audit.js';
import type { AppDeps, AuthUser } from '../services/deps.js';
import { errorResponse } from '../http/error-response.js';
import { HttpError } from '../services/errors.js';
import { runAfterCommit, writeContext, type WriteEffects } from './context.js';
import { keyed, recordWrites, replayOf, storedAnswers, type Keyed, type StoredAnswer } from './idempotency.js';
import type { Mutator, WriteResult } from './mutator.js';
import { mutatorFor, paramsOf } from './registry.js';

/** Rows per transaction: below PostgreSQL's 64 cached subtransaction ids (see above). */
export const CHUNK_ROWS = 50;

export interface PushContext {
  deps: AppDeps;
  user: AuthUser;
  log: FastifyBaseLogger;
  /** The device's id (X-Client-Id), stamped on the audit rows with each row's own time. */
  clientId: string | null;
  committed: () => void;
}

/** A row ready to run: its mutator's input and key, or its answer already (refused before running, or a replay). */
type Prepared =
  | { row: PushRow; answer: WriteResult; ready: true }
  | { row: PushRow; ready: false; k: Keyed; input: unknown; m: Mutator<unknown>; stamp: ClientStamp };

const refused = (row: PushRow, status: number, error: string): Prepared => ({ row, ready: true, answer: { status, body: { error } } });

function prepare(p: PushContext, row: PushRow, stored: Map<string, StoredAnswer>): Prepared {
  const def = mutationDef(row.name);
  if (!def || !mutatorFor(row.name)) return refused(row, 400, `name: unknown change "${row.name}"`);
  if (def.lane === 'blob') return refused(row, 400, `name: "${row.name}" is sent through the upload lane, not in a batch`);
  try {
    const parsed = def.args.safeParse(row.args);
    if (!parsed.success) throw parsed.error;
    // Path and body from the args as sent: exactly what the client's single call sends.
    const args = row.args as never;
    const path = `/api${def.path(args)}`;
    const body = def.body(args);
    const m = mutatorFor(row.name, path);
    if (!m) throw new HttpError('validation', `path: no change "${row.name}" at ${path}`);
    const params = paramsOf(m, path);
    const k = keyed(p.user.id, row.mutationId, def.method, path, body);
    const replay = replayOf(k, stored.get(row.mutationId));
    if (replay) return { row, ready: true, answer: { status: replay.statusCode, body: replay.response } };
    const input = m.input({ params, body });
    const stamp = { clientId: p.clientId, clientTime: clientTimeOf(row.clientTime) };
    return { row, ready: false, k, input, m, stamp };
  } catch (err) {
    const r = errorResponse(err);
    return { row, ready: true, answer: { status: r.status, body: r.body } };
  }
}

function clientTimeOf(t: PushRow['clientTime']): Date | null {
  return t === undefined || t === null ? null : plausibleClientTime(new Date(t));
}

/** A row's failure as its answer (a 5xx is logged: it stops the batch). */
function failed(p: PushContext, row: PushRow, err: unknown): WriteResult {
  const r = errorResponse(err);
  if (r.unexpected) p.log.error({ err, mutation: row.name }, 'batched row failed');
  return { status: r.status, body: r.body };
}

/** The first try failed somewhere: roll the chunk back and run it again with a savepoint per row. */
class TryAgain extends Error {}

async function runChunk(p: PushContext, rows: Prepared[], savepoints: boolean): Promise<{ results: PushRowResult[]; effects: WriteEffects[] }> {
  const results: PushRowResult[] = [];
  const effects: WriteEffects[] = [];
  await p.deps.db.transaction(async (tx) => {
    const keys: { k: Keyed; answer: WriteResult }[] = [];
    const audits: AuditInput[] = [];
    // With savepoints, a row violating a deferred foreign key (migration 0015) must fail inside its own savepoint.
    if (savepoints) await tx.execute(sql`set constraints all immediate`);
    for (const r of rows) {
      let answer: WriteResult;
      if (r.ready) answer = r.answer;
      else if (!savepoints) {
        try {
          answer = await runRow(p, tx, r, effects, (a) => audits.push(...a));
        } catch {
          throw new TryAgain();
        }
        keys.push({ k: r.k, answer });
      } else answer = await runInSavepoint(p, tx, r, effects);
      results.push({ mutationId: r.row.mutationId, status: answer.status, body: answer.body });
      if (stopsBatch(answer.status)) break;
    }
    // First try: the deferred foreign-key checks (migration 0015), then every row's audit and key rows; a key
    // stored meanwhile fails here and the chunk runs again with savepoints.
    if (!savepoints) {
      try {
        await tx.execute(sql`set constraints all immediate`);
        await recordWrites(tx, keys, audits);
      } catch {
        throw new TryAgain();
      }
    }
  });
  return { results, effects };
}

async function runRow(p: PushContext, tx: Tx, r: Extract<Prepared, { ready: false }>, effects: WriteEffects[], audits: (a: AuditInput[]) => void): Promise<WriteResult> {
  const made = writeContext(tx, p.user, p.deps, p.log, p.deps.now());
  const answer = await r.m.run(made.ctx, r.input);
  effects.push(made.effects);
  audits(made.effects.audits.map((a) => ({ ...r.stamp, ...a })));
  return answer;
}

async function runInSavepoint(p: PushContext, tx: Tx, r: Extract<Prepared, { ready: false }>, effects: WriteEffects[]): Promise<WriteResult> {
  await tx.execute(sql`savepoint observa_row`);
  const mine: WriteEffects[] = [];
  try {
    let audits: AuditInput[] = [];
    const answer = await runRow(p, tx, r, mine, (a) => (audits = a));
    await recordWrites(tx, [{ k: r.k, answer }], audits);
    await tx.execute(sql`release savepoint observa_row`);
    effects.push(...mine);
    return answer;
  } catch (err) {
    await tx.execute(sql`rollback to savepoint observa_row`);
    // A key stored meanwhile (by a twin, or by an earlier row of this batch) answers as a replay.
    try {
      const twin = replayOf(r.k, (await storedAnswers(tx, r.k.userId, [r.k.key])).get(r.k.key));
      if (twin) return { status: twin.statusCode, body: twin.response };
    } catch (mismatch) {
      return failed(p, r.row, mismatch);
    }
    return failed(p, r.row, err);
  }
}

/** Applies the rows in order; one result per row. */
export async function runPush(p: PushContext, rows: PushRow[]): Promise<PushRowResult[]> {
  const stored = await storedAnswers(p.deps.db, p.user.id, [...new Set(rows.map((r) => r.mutationId))]);
  const results: PushRowResult[] = [];
  for (let at = 0; at < rows.length; at += CHUNK_ROWS) {
    const chunk = rows.slice(at, at + CHUNK_ROWS).map((row) => prepare(p, row, stored));
    let done;
    try {
      done = await runChunk(p, chunk, false);
    } catch (err) {
      if (!(err instanceof TryAgain)) throw err;
      done = await runChunk(p, chunk, true);
    }
    results.push(...done.results);
    p.committed();
    await runAfterCommit(done.effects, p.log);
    if (done.results.length < chunk.length) break;
  }
  for (const row of rows.slice(results.length)) results.push({ mutationId: row.mutationId, notAttempted: true });
  return results;
}
