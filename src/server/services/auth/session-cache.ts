/**
 * In-process cache of signed-in sessions.
 *
 * Why: every request authenticates, and the session lookup is a statement of its own (on PGlite a call into
 * single-threaded wasm; on PostgreSQL a round trip): it was a fifth of a replayed change's server time, and half
 * of the statements of a simple read.
 *
 * Why it is safe:
 * - Revocations in this process (`forgetSessions()`, called by revokeSession / revokeOtherSessions: logout,
 *   password change) bump a generation that voids every entry at once, including a lookup that was in flight
 *   when the revocation happened (`begin()` below).
 * - Revocations in another process (PostgreSQL shared by several instances) cannot reach this memory, so there an
 *   entry lives at most SHARED_MAX_AGE_MS: a logout or password change on one instance is honoured by every other
 *   within that (a second at most). PGlite's data directory belongs to this one process, so there
 *   every revocation runs here and an entry may live EMBEDDED_MAX_AGE_MS.
 * - What is cached (id, name, email, role, campus, department, session id) never changes once an account exists:
 *   no route edits those columns. A route that ever does must call `forgetSessions()` too.
 * - An entry also ends at its session's expiry.
 */
import type { AuthUser } from '../deps.js';

const MAX_ENTRIES = 1_000;
export const EMBEDDED_MAX_AGE_MS = 60_000;
export const SHARED_MAX_AGE_MS = 500;

/** Bumped by every revocation; entries stored under an older generation are void. */
let generation = 0;

export function forgetSessions(): void {
  generation++;
}

interface Entry {
  user: AuthUser;
  /** Epoch ms: the earlier of the session's expiry and cachedAt + maxAgeMs. */
  until: number;
  generation: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();

  constructor(readonly maxAgeMs: number = EMBEDDED_MAX_AGE_MS) {}

  get(tokenHash: string, now: number): AuthUser | undefined {
    const e = this.entries.get(tokenHash);
    if (!e) return undefined;
    if (e.generation !== generation || e.until <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return e.user;
  }

  /**
   * Call before the database lookup; store its result with the returned function. A revocation in between
   * (even one committed while the lookup's answer was on its way) makes the store a no-op.
   */
  begin(): (tokenHash: string, user: AuthUser, expiresAt: number, now: number) => void {
    const started = generation;
    return (tokenHash, user, expiresAt, now) => {
      if (started !== generation) return;
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      // Frozen: every request of this session shares the object, so a handler changing it must fail loudly.
      this.entries.set(tokenHash, { user: Object.freeze({ ...user }), until: Math.min(expiresAt, now + this.maxAgeMs), generation: started });
    };
  }
}
