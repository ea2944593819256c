/**
 * The batched push (POST /api/sync/push; wire shape in src/shared/sync/protocol.ts).
 *
 * Every row is run by the very handler of its single REST route — found from the mutation registry's method and
 * path — inside that handler's own `idempotentWrite`, with the row's mutationId as the Idempotency-Key and the same
 * method and path stored with it. So the stored answer for a key is identical whether the row came singly or in a
 * batch, and a row sent once each way applies once.
 *
 *   rows ──► keys looked up (one query) ──► the batch in one transaction (SAVEPOINT_TX_ROWS rows each with savepoints):
 *     first attempt:  BEGIN; for each row: stored key ──► the stored answer (no statement)
 *                                          else the route's effects ──► its answer
 *                     (pipelined: a row's statement is sent while the row before waits for its answer, in row
 *                     order — row-pipeline.ts; a row sending out of that order throws the attempt away and the
 *                     rows run again one after the other, still without savepoints)
 *                     deferred foreign-key checks; INSERT every row's key and audit rows (one statement);
 *                     COMMIT (one WAL flush)
 *                     ──► feed nudged, after-commit work (file removals)
 *         │ a row failed inside idempotentWrite (refused by its service, a database error), a deferred check
 *         │ failed, or the keys' INSERT failed (a key stored meanwhile: twice in the batch, or by a concurrent twin):
 *         ▼ ROLLBACK of the whole attempt (nothing of it remains), then
 *     last attempt:   BEGIN; constraints immediate;
 *                     for each row: SAVEPOINT; effects; INSERT key + audit; RELEASE ──► its answer
 *                                          failed: ROLLBACK TO SAVEPOINT (nothing of the row remains) ──► its answer
 *                     COMMIT
 *
 * A savepoint is a subtransaction: what a row did is kept or undone as a unit, exactly as its own transaction
 * would be, and its key row is in the same unit, so exactly-once holds. The first attempt needs no savepoint
 * because it never commits a failed row: any failure inside a row's write throws the whole attempt away, and
 * refusals found before a row's write (validation, a stored key) leave nothing in the transaction. What the rows
 * share is the commit: none of them is answered before it, and a crash (or a failed COMMIT) before it leaves
 * none of them applied; the batch then answers 5xx (or nothing) and the client sends the same rows with the same
 * keys again. A transaction with savepoints takes at most SAVEPOINT_TX_ROWS rows: PostgreSQL caches 64 subtransaction ids per backend,
 * past which every other session's snapshot checks slow down (subtransaction overflow) while it is open.
 *
 * What the batch adds around the handler: the caller was authenticated once for the batch (route preHandlers
 * are not run again; they only authenticate), replays are answered from the one lookup, and a thrown error
 * becomes the answer the error handler would have sent.
 *
 * Invariant: rows take effect strictly in order, as if one at a time (the pipelined attempt stands only when its
 * statements ran in that order); a row answered 401/408/429/5xx stops the batch and the
 * rows after it are `notAttempted` (never applied), so the client's order holds when it sends them again. The
 * rows before it are committed. Handlers must use only the `tx` they are given (on PGlite a statement outside
 * it would wait for the batch's transaction forever).
 */
import { getTableName, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { mutationDef } from '../../shared/sync/mutations/index.js';
import { CLIENT_TIME_HEADER, stopsBatch, type PushRow, type PushRowResult } from '../../shared/sync/protocol.js';
import { rawRows } from '../db/raw.js';
import { PLANNED_EACH_RUN } from '../db/statement-sightings.js';
import { idempotencyKeys } from '../db/schema.js';
import { BatchAbort, BatchRerun, inBatch, recordWrites } from '../http/idempotency.js';
import { runPipelined, SentOutOfOrder } from './row-pipeline.js';
import type { AuthUser, BatchScope } from '../http/types.js';
import { errorResponse } from '../plugins/errors.js';

interface WriteRoute {
  method: string;
  /** The route's URL pattern, e.g. /api/user/update/:id. */
  url: string;
  pattern: RegExp;
  paramNames: string[];
  handler: RouteHandlerMethod;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE']);

/**
 * Records every write route as it is registered (must run before the routes are). Kept per app, so two apps in
 * one process (tests, two instances) never share handlers.
 */
export function captureWriteRoutes(app: FastifyInstance): void {
  const table: WriteRoute[] = [];
  app.decorate('writeRoutes', table);
  app.addHook('onRoute', (opts) => {
    const methods = Array.isArray(opts.method) ? opts.method : [opts.method];
    for (const method of methods) {
      if (!WRITE_METHODS.has(method) || !opts.url.startsWith('/api/')) continue;
      const paramNames: string[] = [];
      const source = opts.url
        .split('/')
        .map((seg) => {
          if (!seg.startsWith(':')) return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          paramNames.push(seg.slice(1));
          return '([^/]+)';
        })
        .join('/');
      table.push({ method, url: opts.url, pattern: new RegExp(`^${source}$`), paramNames, handler: opts.handler as RouteHandlerMethod });
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every write route of the API (captured as registered), for the batched push. */
    writeRoutes: WriteRoute[];
  }
}

/**
 * The route answering `path` and its decoded parameters; `badParam` names a parameter whose percent-encoding is
 * malformed (decodeURIComponent throws on it), which the row answers as its own 400.
 */
function findRoute(
  table: WriteRoute[],
  method: string,
  path: string,
): { route: WriteRoute; params: Record<string, string>; badParam?: string } | null {
  for (const route of table) {
    if (route.method !== method) continue;
    const m = route.pattern.exec(path);
    if (!m) continue;
    const params: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const [i, n] of route.paramNames.entries()) {
      try {
        params[n] = decodeURIComponent(m[i + 1]);
      } catch {
        return { route, params, badParam: n };
      }
    }
    return { route, params };
  }
  return null;
}

/** The part of a Fastify reply the write handlers use: status, headers, send. */
class RowReply {
  statusCode = 200;
  sent = false;
  payload: unknown = undefined;
  private readonly headers: Record<string, unknown> = {};
  code(status: number): this {
    this.statusCode = status;
    return this;
  }
  status(status: number): this {
    return this.code(status);
  }
  header(name: string, value: unknown): this {
    this.headers[name.toLowerCase()] = value;
    return this;
  }
  getHeader(name: string): unknown {
    return this.headers[name.toLowerCase()];
  }
  send(payload?: unknown): this {
    this.payload = payload;
    this.sent = true;
    return this;
  }
}

type Stored = { method: string; path: string; statusCode: number; response: unknown; requestHash: string | null };

/**
 * The stored answers of a batch's keys: a primary-key probe per key, planned at each run (PLANNED_EACH_RUN).
 * A prepared plan is made once, from the table's size at the time: made while the user's keys filled a page, the
 * plain `user_id = $1 and key in (…)` stayed a scan of all the user's keys, each compared with the batch's 100
 * (50–80 ms per batch at 15 000 keys, measured on PostgreSQL without autovacuum; PGlite never has one). Planned at
 * each run, the lateral probe (LIMIT keeps it a per-key subquery) uses the index as soon as the table outgrows a
 * few pages. Planning costs a fraction of a millisecond per batch.
 */
export const STORED_TEXT = `${PLANNED_EACH_RUN}select k.key, k.method, k.path, k.status_code as "statusCode", k.response, k.request_hash as "requestHash"
  from unnest($2::text[]) as wanted(key)
  cross join lateral (select i.key, i.method, i.path, i.status_code, i.response, i.request_hash from "${getTableName(idempotencyKeys)}" i
                      where i.user_id = $1 and i.key = wanted.key limit 1) k`;

async function storedResponses(app: FastifyInstance, userId: string, keys: string[]): Promise<Map<string, Stored>> {
  const rows = await rawRows<Stored & { key: string }>(app.deps.db, STORED_TEXT, [userId, keys]);
  // jsonb arrives parsed by both drivers.
  return new Map(rows.map((r) => [r.key, r]));
}

async function runRow(
  app: FastifyInstance,
  req: FastifyRequest,
  row: PushRow,
  stored: Stored | undefined,
  batch: BatchScope,
): Promise<{ status: number; body: unknown }> {
  const def = mutationDef(row.name);
  if (!def) return { status: 400, body: { error: `name: unknown change "${row.name}"` } };
  if (def.lane === 'blob') return { status: 400, body: { error: `name: "${row.name}" is sent through the upload lane, not in a batch` } };
  const parsed = def.args.safeParse(row.args);
  if (!parsed.success) return errorResponse(parsed.error);
  // Path and body from the args as sent — exactly what the client's single call sends (the schema's transforms,
  // e.g. absent profile fields → null, must not leak into the body: the route parses it itself).
  const args = row.args as never;
  const path = `/api${def.path(args)}`;
  const found = findRoute(app.writeRoutes, def.method, path);
  if (!found) return { status: 400, body: { error: `name: no route answers "${row.name}"` } };
  if (found.badParam) return { status: 400, body: { error: `${found.badParam}: malformed percent-encoding` } };
  const body = def.body(args);
  // The request a single REST call would have produced, as far as the write handlers and idempotentWrite read it.
  const rowReq = {
    server: app,
    log: req.log,
    user: req.user,
    method: def.method,
    url: path,
    routeOptions: { url: found.route.url, method: def.method },
    params: found.params,
    query: {},
    body,
    headers: {
      ...req.headers,
      'idempotency-key': row.mutationId,
      'content-length': undefined,
      ...(row.clientTime !== undefined ? { [CLIENT_TIME_HEADER]: String(row.clientTime) } : {}),
    },
    // Looked up for the whole batch: idempotentWrite answers a replay from it without a transaction.
    idempotencyStored: stored ?? null,
    batch,
  } as unknown as FastifyRequest;
  const reply = new RowReply();
  try {
    const returned = await found.route.handler.call(app, rowReq, reply as unknown as FastifyReply);
    if (reply.sent) return { status: reply.statusCode, body: reply.payload ?? null };
    return { status: reply.statusCode, body: returned ?? null };
  } catch (err) {
    if (err instanceof BatchAbort) throw err;
    const r = errorResponse(err);
    if (r.unexpected) req.log.error({ err, mutation: row.name }, 'batched row failed');
    return { status: r.status, body: r.body };
  }
}

/**
 * Runs the foreign-key checks deferred so far (migration 0015: keys of rows a batch rewrites many times) and checks
 * the rest of the transaction at each statement: before a first attempt's keys are written, and at the start of an
 * attempt with savepoints, where a row that violates a key must fail inside its own savepoint.
 */
const CONSTRAINTS_IMMEDIATE = sql.raw('set constraints all immediate');

/*
 * Without savepoints, a whole batch (at most PUSH_BATCH_MAX rows, the request's own limit) is one transaction: one
 * commit, one key-and-audit INSERT and one lone first row per 100 rows instead of per 50: rubric saves posted
 * straight on PostgreSQL, alternated twice, 2 284–2 413 → 2 559–2 938 per s.
 */
/** Rows per transaction with savepoints: below PostgreSQL's 64 cached subtransaction ids (see above). */
export const SAVEPOINT_TX_ROWS = 50;

/**
 * How a chunk's transaction runs its rows: pipelined (row-pipeline.ts: each row's statement sent while the one
 * before runs), serial (one row after the other, as the pipelined attempt must be equivalent to), or each row in a
 * savepoint (after a row failed: the failed row is undone alone).
 */
type Attempt = 'pipelined' | 'serial' | 'savepoints';

function rowScope(tx: BatchScope['tx'], savepoints: boolean): BatchScope {
  return { tx, savepoints, keys: [], audits: [], moved: false, afterCommit: [] };
}

/** Runs `rows` in one transaction (see above); stops at a row answered with a status that stops the batch. */
async function runChunk(app: FastifyInstance, req: FastifyRequest, rows: PushRow[], stored: Map<string, Stored>, attempt: Attempt) {
  const savepoints = attempt === 'savepoints';
  const batch = rowScope(undefined as never, savepoints);
  let stopped = false;
  const results = await app.deps.db.transaction(async (tx) => {
    batch.tx = tx;
    // Rows in savepoints check their deferred foreign keys at each statement, inside the row's own savepoint.
    if (savepoints) await inBatch(() => tx.execute(CONSTRAINTS_IMMEDIATE));
    const out: PushRowResult[] = [];
    if (attempt === 'pipelined') {
      // Each row keeps its keys, audit rows and after-commit work apart; merged in row order once all have run.
      const scopes: BatchScope[] = [];
      const answers = await runPipelined(
        tx,
        rows.length,
        (i, view) => runRow(app, req, rows[i]!, stored.get(rows[i]!.mutationId), (scopes[i] = rowScope(view, false))),
        (r) => stopsBatch(r.status),
      );
      answers.forEach((r, i) => out.push({ mutationId: rows[i]!.mutationId, status: r.status, body: r.body }));
      for (const scope of scopes) {
        batch.keys.push(...scope.keys);
        batch.audits.push(...scope.audits);
        batch.afterCommit.push(...scope.afterCommit);
        batch.moved ||= scope.moved;
      }
    } else {
      for (const row of rows) {
        // A key used earlier in this same batch was stored after the lookup: idempotentWrite finds it on its failure path.
        const r = await runRow(app, req, row, stored.get(row.mutationId), batch);
        out.push({ mutationId: row.mutationId, status: r.status, body: r.body });
        if (stopsBatch(r.status)) {
          stopped = true;
          break;
        }
      }
    }
    if (savepoints) {
      // Every failure was rolled back to its savepoint, or failed the batch (idempotency.ts inBatch); checked once
      // more, since COMMIT of a failed transaction rolls back without an error on node-postgres.
      await inBatch(() => tx.execute(sql`select 1`));
      return out;
    }
    // Without savepoints: the deferred foreign-key checks of every row (migration 0015), then every row's key and
    // audit rows in one statement; a violation, or a key stored meanwhile (the same key twice in this batch, a twin
    // sent concurrently), fails them, and the batch runs again row by row.
    try {
      await tx.execute(CONSTRAINTS_IMMEDIATE);
      await recordWrites(tx, batch.keys, batch.audits);
    } catch (err) {
      throw new BatchRerun(err);
    }
    return out;
  });
  // Committed: open apps whose feed moved are nudged, and the rows' after-commit work runs.
  if (batch.moved) app.feedBus?.moved();
  for (const work of batch.afterCommit) await work();
  return { results, stopped };
}

/**
 * A chunk's attempts. Each failed one was rolled back whole (nothing of it remains), and the next runs the same rows:
 *
 *   pipelined ──► answers
 *      │ SentOutOfOrder (a row sends two statements) ──► serial
 *      │ a row failed, or stops the batch             ──► savepoints
 *   serial ──► answers      │ a row failed ──► savepoints
 *   savepoints ──► answers, in transactions of SAVEPOINT_TX_ROWS (or the batch fails)
 */
async function runChunkAttempts(app: FastifyInstance, req: FastifyRequest, rows: PushRow[], stored: Map<string, Stored>) {
  const rerun = async (err: unknown) => {
    if (!(err instanceof BatchRerun)) throw err;
    // In transactions of SAVEPOINT_TX_ROWS, one after the other; a row that stops the batch ends it there.
    const results: PushRowResult[] = [];
    for (let at = 0; at < rows.length; at += SAVEPOINT_TX_ROWS) {
      const done = await runChunk(app, req, rows.slice(at, at + SAVEPOINT_TX_ROWS), stored, 'savepoints');
      results.push(...done.results);
      if (done.stopped) return { results, stopped: true };
    }
    return { results, stopped: false };
  };
  try {
    return await runChunk(app, req, rows, stored, 'pipelined');
  } catch (err) {
    if (!(err instanceof SentOutOfOrder)) return rerun(err);
  }
  try {
    return await runChunk(app, req, rows, stored, 'serial');
  } catch (err) {
    return rerun(err);
  }
}

/** Applies the rows in order; one result per row. */
export async function runPushBatch(app: FastifyInstance, req: FastifyRequest, rows: PushRow[], user: AuthUser): Promise<PushRowResult[]> {
  const stored = await storedResponses(app, user.id, [...new Set(rows.map((r) => r.mutationId))]);
  const results = (await runChunkAttempts(app, req, rows, stored)).results;
  for (const row of rows.slice(results.length)) results.push({ mutationId: row.mutationId, notAttempted: true });
  return results;
}
