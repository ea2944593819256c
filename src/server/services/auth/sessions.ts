/**
 * Bearer sessions. The token is 32 random bytes (base64url) handed to the client once; only its sha256 is stored,
 * so a database leak does not leak usable tokens. Sessions expire after SESSION_TTL_MS and logout revokes them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { SESSION_TTL_MS } from '../../../shared/constants.js';
import type { Role } from '../../../shared/enums.js';
import type { Db, Tx } from '../../db/client.js';
import { idempotencyKeys, sessions, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/types.js';
import { forgetSessions, type SessionCache } from './session-cache.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(db: Db | Tx, userId: string, now: Date): Promise<{ token: string; sessionId: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + SESSION_TTL_MS) })
    .returning({ id: sessions.id });
  return { token, sessionId: row.id };
}

export interface StoredResponse {
  method: string;
  path: string;
  statusCode: number;
  response: unknown;
  /** Hash of method, path and body of the request that stored it (null on rows from before it existed). */
  requestHash: string | null;
}

/**
 * The signed-in user behind a token (null when unknown, revoked or expired) and, when the request carries an
 * Idempotency-Key, the response stored under that key for this user — one round trip for both, because every
 * queued change replayed by the sync engine needs both. (No key: the join matches nothing, since keys are never empty.)
 */
export async function authenticateToken(
  db: Db,
  token: string,
  now: Date,
  idempotencyKey?: string,
  cache?: SessionCache | null,
): Promise<{ user: AuthUser; stored: StoredResponse | null | undefined } | null> {
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash, now.getTime());
  // A cached session answers without the key lookup (stored: undefined = not looked up; see idempotentWrite).
  if (cached) return { user: cached, stored: undefined };
  const store = cache?.begin();
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      campus: users.campus,
      departmentId: users.departmentId,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      keyMethod: idempotencyKeys.method,
      keyPath: idempotencyKeys.path,
      keyStatus: idempotencyKeys.statusCode,
      keyResponse: idempotencyKeys.response,
      keyHash: idempotencyKeys.requestHash,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(idempotencyKeys, and(eq(idempotencyKeys.userId, users.id), eq(idempotencyKeys.key, sql`${idempotencyKey ?? ''}`)))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  if (!row) return null;
  const { keyMethod, keyPath, keyStatus, keyResponse, keyHash, expiresAt, ...rest } = row;
  const user: AuthUser = { ...rest, role: rest.role as Role };
  store?.(tokenHash, user, expiresAt.getTime(), now.getTime());
  return {
    user,
    stored: keyMethod != null && keyPath != null && keyStatus != null ? { method: keyMethod, path: keyPath, statusCode: keyStatus, response: keyResponse, requestHash: keyHash } : null,
  };
}

export async function revokeSession(tx: Db | Tx, sessionId: string, now: Date): Promise<void> {
  forgetSessions();
  await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** After a password change: every other session of the user stops working. */
export async function revokeOtherSessions(tx: Db | Tx, userId: string, keepSessionId: string, now: Date): Promise<void> {
  forgetSessions();
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}
