/**
 * Exactly-once writes (DESIGN.md § Push).
 *
 *   request ──► key seen? ──yes──► same method+path+body? ──yes──► stored status + body (nothing re-applied)
 *                  │                      └─no──► 422 idempotency-mismatch
 *                  no / not looked up
 *                  ▼
 *   BEGIN; effects = fn(tx); INSERT key + response; COMMIT ──► reply
 *                  │ fn refused, or the key already exists (the INSERT fails, the effects roll back)
 *                  ▼
 *   key stored now? ──yes──► as "key seen" above      ──no──► the refusal
 *
 * The key row is inserted in the same transaction as the effects, so either both exist or neither does: a crash
 * after COMMIT but before the reply leaves the key behind and the client's replay gets the stored answer.
 * "Same body" compares a sha256 of method, path and the body as canonical JSON (keys sorted), stored with the
 * key: a client that reuses a key for a different change is told so (422) instead of being answered with the
 * first change's response as if its own had applied. Rows stored before the hash existed compare method+path only.
 * Two concurrent requests with one key: the second fails on the key's primary key (its effects roll back) and
 * then answers with the first one's stored response. Refusals (4xx) store nothing: they have no effects, and a
 * retry after the situation changed should be judged afresh.
 *
 * The "key seen?" check rides on the auth preHandler's session query. When the session came from the in-process
 * cache (embedded database; services/auth/session-cache.ts) nothing was looked up, and the check is left to the
 * failure path: a replay either fails in fn (its effects are already there) or on the key's primary key, and
 * both then find the stored response — and a different body is then told 422 the same way, because the
 * comparison runs on whichever path found the stored row. Replays are rare; first sends save a statement.
 */
import { createHash } from 'node:crypto';
import { and, eq, getTableName, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../../shared/sync/protocol.js';
import type { Db, Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { isPipelined, rawRows } from '../db/raw.js';
import { forgetRowLocks } from '../db/tx-locks.js';
import { auditInsertCte, bufferAudits, clientStamp, flushAudits, takeAudits, type AuditInput } from '../services/audit.js';
import { HttpError } from './errors.js';

export interface WriteResult<T> {
  status: number;
  body: T;
}

export function created<T>(body: T): WriteResult<T> {
  return { status: 201, body };
}
export function ok<T>(body: T): WriteResult<T> {
  return { status: 200, body };
}

/**
 * JSON with object keys sorted at every level: the same content always gives the same text. Iterative (an explicit
 * stack of pending pieces): a body may nest hundreds of thousands deep, and recursion would overflow (a 500).
 */
function canonicalJson(value: unknown): string {
  const out: string[] = [];
  // Each item is a value to write, or a literal piece of text (separators, brackets, keys) to emit as is.
  const stack: ({ text: string } | { value: unknown })[] = [{ value }];
  while (stack.length) {
    const item = stack.pop()!;
    if ('text' in item) {
      out.push(item.text);
      continue;
    }
    const v = item.value;
    if (Array.isArray(v)) {
      const pieces: ({ text: string } | { value: unknown })[] = [{ text: '[' }];
      v.forEach((x, i) => pieces.push(...(i ? [{ text: ',' }] : []), { value: x }));
      pieces.push({ text: ']' });
      for (let i = pieces.length - 1; i >= 0; i--) stack.push(pieces[i]!);
    } else if (v && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>)
        .filter(([, x]) => x !== undefined)
        .sort(([p], [q]) => (p < q ? -1 : p > q ? 1 : 0));
      const pieces: ({ text: string } | { value: unknown })[] = [{ text: '{' }];
      entries.forEach(([k, x], i) => pieces.push({ text: `${i ? ',' : ''}${JSON.stringify(k)}:` }, { value: x }));
      pieces.push({ text: '}' });
      for (let i = pieces.length - 1; i >= 0; i--) stack.push(pieces[i]!);
    } else {
      out.push(JSON.stringify(v ?? null));
    }
  }
  return out.join('');
}

export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method}\n${path}\n${canonicalJson(body)}`).digest('hex');
}

/** Run `fn` in one transaction, once per Idempotency-Key, and send its result. */
export async function idempotentWrite<T>(
  req: FastifyRequest,
  reply: FastifyReply,
  fn: (tx: Tx) => Promise<WriteResult<T>>,
): Promise<FastifyReply> {
  const { db } = req.server.deps;
  const raw = req.headers[IDEMPOTENCY_HEADER];
  const key = typeof raw === 'string' && raw.length > 0 ? raw : undefined;
  if (key !== undefined && key.length > 200) throw new HttpError('validation', 'Idempotency-Key is too long!');
  const userId = req.user?.id ?? '00000000-0000-0000-0000-000000000000';
  const method = req.method;
  const path = req.routeOptions.url ? req.url.split('?')[0] : req.url;
  const hash = key ? requestHash(method, path, req.body) : null;

  const checked = (
    row: { method: string; path: string; statusCode: number; response: unknown; requestHash: string | null } | undefined,
  ) => {
    if (!row) return undefined;
    if (row.method !== method || row.path !== path || (row.requestHash !== null && row.requestHash !== hash)) {
      throw new HttpError('idempotency-mismatch', 'This Idempotency-Key was already used for another request!');
    }
    return row;
  };
  const lookupIn = async (conn: Db | Tx) => {
    if (!key) return undefined;
    const [row] = await conn
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    return row;
  };

  // The auth preHandler looked the key up with the session (same round trip) unless the session was cached.
  const previous = key && req.idempotencyStored ? checked(req.idempotencyStored) : undefined;
  if (previous) {
    reply.header('idempotent-replay', 'true');
    return reply.code(previous.statusCode).send(previous.response);
  }

  // The change, then its audit rows (buffered while it ran) stamped with the device's time and id.
  const effects = async (tx: Tx): Promise<{ r: WriteResult<T>; audits: AuditInput[] }> => {
    bufferAudits(tx);
    try {
      const r = await fn(tx);
      const stamp = clientStamp(req.headers);
      return { r, audits: takeAudits(tx).map((a) => ({ ...stamp, ...a })) };
    } finally {
      takeAudits(tx);
    }
  };
  const keyRow = (r: WriteResult<T>): KeyRow | null =>
    key ? { userId, key, method, path, statusCode: r.status, response: JSON.stringify(r.body ?? null), hash } : null;
  // The change, then its key and audit rows in one INSERT, the transaction's last statement. `deferWrite`: that
  // INSERT is not awaited before COMMIT, but kept in `written` (a single call on a pipelined connection, below).
  let written: Promise<void> | undefined;
  const apply = async (tx: Tx, deferWrite = false) => {
    const { r, audits } = await effects(tx);
    const k = keyRow(r);
    const write = recordWrites(tx, k ? [k] : [], audits);
    if (!deferWrite) await write;
    else (written = write).catch(() => undefined);
    return r;
  };

  const batch = req.batch;
  if (batch) {
    // A row of a batched push, in the batch's transaction (sync/push.ts); its effects and its key commit with it.
    const { tx } = batch;
    if (!batch.savepoints) {
      // First attempt, no savepoint: a failure here may leave part of this row in the transaction, or the
      // transaction failed; the whole batch is rolled back and run again with a savepoint per row.
      // The key and audit rows of every row are written together before the commit (sync/push.ts); if that
      // fails (a key stored meanwhile), the batch runs again too.
      let result: WriteResult<T>;
      try {
        const { r, audits } = await effects(tx);
        const k = keyRow(r);
        if (k) batch.keys.push(k);
        batch.audits.push(...audits);
        result = r;
      } catch (err) {
        throw new BatchRerun(err);
      }
      batch.moved = true;
      return reply.code(result.status).send(result.body);
    }
    try {
      const result = await withSavepoint(tx, () => apply(tx));
      batch.moved = true;
      return reply.code(result.status).send(result.body);
    } catch (err) {
      if (err instanceof BatchAbort) throw err;
      // Rolled back to the savepoint: a key stored meanwhile (by a twin, or by an earlier row of this batch: same
      // transaction) answers as a replay.
      const twin = checked(await inBatch(() => lookupIn(tx)));
      if (twin) {
        reply.header('idempotent-replay', 'true');
        return reply.code(twin.statusCode).send(twin.response);
      }
      throw err;
    }
  }

  // On a pipelined connection COMMIT is written right behind the key-and-audit INSERT without waiting for its answer
  // (db/pg-prepared.ts: one round trip fewer); if the INSERT failed (a key stored meanwhile by a twin), that COMMIT
  // rolled everything back without an error, so the INSERT's own answer is awaited after it.
  try {
    const result = await db.transaction((tx) => apply(tx, isPipelined(tx)));
    await written;
    // Committed: open apps whose feed this touched are nudged to pull (sync/feed-bus.ts).
    req.server.feedBus?.moved();
    return reply.code(result.status).send(result.body);
  } catch (err) {
    // A replay, or a concurrent twin that committed first: answer with the stored response (or 422 when the key
    // belongs to another request).
    const twin = checked(await lookupIn(db).catch(() => undefined));
    if (twin) {
      reply.header('idempotent-replay', 'true');
      return reply.code(twin.statusCode).send(twin.response);
    }
    throw err;
  }
}

/** An idempotency record as written (response: its JSON text). */
export interface KeyRow {
  userId: string;
  key: string;
  method: string;
  path: string;
  statusCode: number;
  response: string;
  hash: string | null;
}

/** Idempotency records and audit rows in one statement (one round trip; on PGlite one call into the backend). */
export async function recordWrites(tx: Tx, keys: KeyRow[], audits: AuditInput[]): Promise<void> {
  if (keys.length === 0) return flushAudits(tx, audits);
  const params: unknown[] = [];
  const param = (value: unknown, cast?: string) => {
    params.push(value);
    return cast ? `$${params.length}::${cast}` : `$${params.length}`;
  };
  const cte = auditInsertCte(audits, param);
  const values = keys.map(
    (k) => `(${param(k.userId, 'uuid')}, ${param(k.key)}, ${param(k.method)}, ${param(k.path)}, ${param(k.statusCode)}, ${param(k.response, 'jsonb')}, ${param(k.hash)})`,
  );
  const insertKeys = `insert into "${getTableName(idempotencyKeys)}" (user_id, key, method, path, status_code, response, request_hash) values ${values.join(', ')}`;
  await rawRows(tx, cte ? `${cte} ${insertKeys}` : insertKeys, params);
}

const SAVEPOINT = sql.raw('savepoint observa_row');
const RELEASE = sql.raw('release savepoint observa_row');
const ROLLBACK_TO = sql.raw('rollback to savepoint observa_row');

/**
 * Thrown out of a row of a batched push, past the row's own answer, to the batch (sync/push.ts): the batch's
 * transaction must not commit as it is.
 */
export class BatchAbort extends Error {}

/** A row failed during the first attempt (no savepoints): roll the batch back and run it again with them. */
export class BatchRerun extends BatchAbort {
  constructor(cause: unknown) {
    super('a row failed in the first attempt of the batch', { cause });
  }
}

/** A statement of the batch itself failed (a savepoint, a key lookup): the whole batch fails (5xx), nothing of it commits. */
export class BatchBroken extends BatchAbort {
  constructor(cause: unknown) {
    super('the batch transaction could not roll back a failed row', { cause });
  }
}

/**
 * A statement of the batch's own outside any row's savepoint: if it fails, the transaction may be left failed, and
 * COMMIT would then roll everything back without an error on node-postgres while the rows were answered as
 * applied. So its failure fails the whole batch.
 */
export async function inBatch<T>(statement: () => Promise<T>): Promise<T> {
  try {
    return await statement();
  } catch (err) {
    throw new BatchBroken(err);
  }
}

/** `fn` inside a savepoint of `tx`: released when it resolves, rolled back to when it throws. */
async function withSavepoint<T>(tx: Tx, fn: () => Promise<T>): Promise<T> {
  await inBatch(() => tx.execute(SAVEPOINT));
  let result: T;
  try {
    result = await fn();
  } catch (err) {
    await inBatch(() => tx.execute(ROLLBACK_TO));
    forgetRowLocks(tx);
    throw err;
  }
  await inBatch(() => tx.execute(RELEASE));
  return result;
}

/**
 * Work a write route does only once its change is committed (removing files the change no longer references):
 * at once for a single call (idempotentWrite has committed when it returns), after the batch's commit for a row
 * of a batched push. Never throws: a failure is logged (the change stands; at worst a file is left behind).
 */
export async function afterCommit(req: FastifyRequest, what: string, work: () => Promise<void>): Promise<void> {
  const run = () => work().catch((err: unknown) => req.log.warn({ err }, what));
  if (req.batch) req.batch.afterCommit.push(run);
  else await run();
}
