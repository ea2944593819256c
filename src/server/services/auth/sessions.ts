/**
 * Bearer sessions. The token is 32 random bytes (base64url) handed to the client once; only its sha256 is stored,
 * so a database leak does not leak usable tokens. A session ends when it is revoked (logout, password change), when
 * it has not been used for SESSION_IDLE_DAYS (idle limit, from last_seen_at), or SESSION_MAX_DAYS after sign-in
 * (absolute lifetime), whichever comes first; both are judged in the database query, so every instance on one
 * PostgreSQL agrees (the in-process cache keeps an entry no longer than the session's end either).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Role } from '../../../shared/enums.js';
import { DEFAULT_SESSION_LIFETIME, type SessionLifetime } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';
import { refuseDeactivatedToken } from './deactivated.js';
import { forgetSessions, type SessionCache } from './session-cache.js';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  db: Db | Tx,
  userId: string,
  now: Date,
  lifetime: SessionLifetime = DEFAULT_SESSION_LIFETIME,
): Promise<{ token: string; sessionId: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), createdAt: now, lastSeenAt: now, expiresAt: new Date(now.getTime() + lifetime.maxMs) })
    .returning({ id: sessions.id });
  return { token, sessionId: row.id };
}

/**
 * How often a session's last_seen_at is moved forward: at most hourly (one UPDATE per session per hour, not per
 * request), and often enough against a short idle limit. The idle limit holds to within this.
 */
export const touchEveryMs = (lifetime: SessionLifetime) => Math.min(60 * 60_000, lifetime.idleMs / 24);

/** The signed-in user behind a token (null when unknown, revoked, expired or idle too long). */
export async function authenticateToken(
  db: Db,
  token: string,
  now: Date,
  cache?: SessionCache | null,
  lifetime: SessionLifetime = DEFAULT_SESSION_LIFETIME,
): Promise<{ user: AuthUser } | null> {
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash, now.getTime());
  if (cached) return { user: cached };
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
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      deactivatedAt: users.deactivatedAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, tokenHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        // The absolute lifetime and the idle limit as configured now (a lowered setting applies to every session).
        gt(sessions.createdAt, new Date(now.getTime() - lifetime.maxMs)),
        gt(sessions.lastSeenAt, new Date(now.getTime() - lifetime.idleMs)),
      ),
    );
  if (!row) return null;
  refuseDeactivatedToken(row);
  const { expiresAt, createdAt, lastSeenAt, deactivatedAt: _, ...rest } = row;
  const user: AuthUser = { ...rest, role: rest.role as Role };
  let seen = lastSeenAt.getTime();
  if (now.getTime() - seen >= touchEveryMs(lifetime)) {
    // In the database, so every instance on one PostgreSQL judges the idle limit from the same time.
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, rest.sessionId));
    seen = now.getTime();
  }
  const ends = Math.min(expiresAt.getTime(), createdAt.getTime() + lifetime.maxMs, seen + lifetime.idleMs);
  store?.(tokenHash, user, ends, now.getTime());
  return { user };
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

/** Offboarding: every session of the user ends (services/users/deactivate.ts). */
export async function revokeAllSessions(tx: Db | Tx, userId: string, now: Date): Promise<void> {
  forgetSessions();
  await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
