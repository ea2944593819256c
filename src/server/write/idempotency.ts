/**
 * Exactly-once: the one home of Idempotency-Keys.
 *
 *   key seen? ──yes──► same method + path + body? ──yes──► the stored status and body (nothing applied again)
 *      │                        └─no──► 422 (the key belongs to another request)
 *      no
 *      ▼
 *   the change, then its key row (with the answer) and its audit rows, in the change's transaction
 *      │ the key row's INSERT fails: a twin stored the key meanwhile (its effects roll back with ours)
 *      ▼
 *   key seen now? → the twin's stored answer
 *
 * The key row commits with the change's effects, so either both exist or neither does: a crash after COMMIT but
 * before the reply leaves the key behind, and the client's replay gets the stored answer. "Same body" compares a
 * sha256 of method, path and the body as canonical JSON (keys sorted). Refusals (4xx) store nothing: they have no
 * effects, and a retry after the situation changed is judged afresh.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { auditLog, idempotencyKeys } from '../db/schema.js';
import { auditRow, type AuditInput } from '../services/audit.js';
import { HttpError } from '../services/errors.js';
import type { WriteResult } from './mutator.js';

/** The longest Idempotency-Key accepted. */
export const KEY_MAX = 200;

export interface StoredAnswer {
  method: string;
  path: string;
  statusCode: number;
  response: unknown;
  requestHash: string | null;
}

/** The request a key is used for: the stored answer is given only to the same request. */
export interface Keyed {
  userId: string;
  key: string;
  method: string;
  path: string;
  hash: string;
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

export function keyed(userId: string, key: string, method: string, path: string, body: unknown): Keyed {
  if (key.length > KEY_MAX) throw new HttpError('validation', 'Idempotency-Key is too long!');
  return { userId, key, method, path, hash: requestHash(method, path, body) };
}

/** The stored answer for `k`, when it was stored for this same request; 422 when for another. */
export function replayOf(k: Keyed, stored: StoredAnswer | undefined): StoredAnswer | undefined {
  if (!stored) return undefined;
  if (stored.method !== k.method || stored.path !== k.path || (stored.requestHash !== null && stored.requestHash !== k.hash)) {
    throw new HttpError('idempotency-mismatch', 'This Idempotency-Key was already used for another request!');
  }
  return stored;
}

const STORED = {
  key: idempotencyKeys.key,
  method: idempotencyKeys.method,
  path: idempotencyKeys.path,
  statusCode: idempotencyKeys.statusCode,
  response: idempotencyKeys.response,
  requestHash: idempotencyKeys.requestHash,
};

/** The stored answers of `keys` of one user (one statement). */
export async function storedAnswers(conn: Db | Tx, userId: string, keys: string[]): Promise<Map<string, StoredAnswer>> {
  if (keys.length === 0) return new Map();
  const rows = await conn
    .select(STORED)
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), inArray(idempotencyKeys.key, keys)));
  return new Map(rows.map(({ key, ...r }) => [key, r]));
}

/**
 * Key rows (with their answers) and audit rows of committed-together changes: one statement each, the rows
 * travelling as one JSON parameter (`json_to_recordset`) — a batched push records fifty of each per chunk, and
 * Drizzle's builder rendering them value by value cost about 0.13 ms of each batched save's server time
 * (docs/performance.md, "What a rubric save costs"). Columns left out take their defaults (`at`, `created_at`);
 * a JSON null is SQL null.
 */
export async function recordWrites(tx: Tx, keys: { k: Keyed; answer: WriteResult }[], audits: AuditInput[]): Promise<void> {
  if (audits.length) {
    const rows = JSON.stringify(audits.map(auditRow));
    await tx.execute(sql`insert into ${auditLog} (actor_id, action, entity, entity_id, detail, client_time, client_id, observation_id)
      select "actorId", action, entity, "entityId", detail, "clientTime", "clientId", "observationId"
        from json_to_recordset(${rows}::json) as r("actorId" uuid, action text, entity text, "entityId" text, detail jsonb,
          "clientTime" timestamptz, "clientId" text, "observationId" uuid)`);
  }
  if (keys.length) {
    const rows = JSON.stringify(
      keys.map(({ k, answer }) => ({ userId: k.userId, key: k.key, method: k.method, path: k.path, statusCode: answer.status, response: answer.body ?? null, requestHash: k.hash })),
    );
    await tx.execute(sql`insert into ${idempotencyKeys} (user_id, key, method, path, status_code, response, request_hash)
      select "userId", key, method, path, "statusCode", response, "requestHash"
        from json_to_recordset(${rows}::json) as r("userId" uuid, key text, method text, path text, "statusCode" int, response jsonb, "requestHash" text)`);
  }
}
