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
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../../shared/sync/protocol.js';
import type { Tx } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { auditInsertCte, bufferAudits, clientStamp, flushAudits, takeAudits } from '../services/audit.js';
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
  const lookup = async () => {
    if (!key) return undefined;
    const [row] = await db
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

  try {
    const result = await db.transaction(async (tx) => {
      bufferAudits(tx);
      const r = await fn(tx);
      const stamp = clientStamp(req.headers);
      const audits = takeAudits(tx).map((a) => ({ ...stamp, ...a }));
      if (key) {
        // The key row and the change's audit rows in one statement.
        const cte = auditInsertCte(audits);
        // A batched row also turns its commit's WAL flush off in this statement (no extra round trip).
        const insertKey = req.deferDurability
          ? sql`insert into ${idempotencyKeys} (user_id, key, method, path, status_code, response, request_hash)
              select ${userId}::uuid, ${key}, ${method}, ${path}, ${r.status}, ${JSON.stringify(r.body ?? null)}::jsonb, ${hash}
              from (select set_config('synchronous_commit', 'off', true)) as deferred`
          : sql`insert into ${idempotencyKeys} (user_id, key, method, path, status_code, response, request_hash)
              values (${userId}::uuid, ${key}, ${method}, ${path}, ${r.status}, ${JSON.stringify(r.body ?? null)}::jsonb, ${hash})`;
        await tx.execute(cte ? sql`${cte} ${insertKey}` : insertKey);
      } else {
        await flushAudits(tx, audits);
      }
      return r;
    });
    // Committed: open apps whose feed this touched are nudged to pull (sync/feed-bus.ts).
    req.server.feedBus?.moved();
    return reply.code(result.status).send(result.body);
  } catch (err) {
    // A replay, or a concurrent twin that committed first: answer with the stored response (or 422 when the key
    // belongs to another request).
    const twin = checked(await lookup().catch(() => undefined));
    if (twin) {
      reply.header('idempotent-replay', 'true');
      return reply.code(twin.statusCode).send(twin.response);
    }
    throw err;
  }
}
