/**
 * In-process cache of signed-in sessions — embedded database (PGlite) only.
 *
 * Why: every replayed change authenticates, and on PGlite each statement is a call into single-threaded wasm; the
 * session lookup was a fifth of a replayed change's server time.
 *
 * Why it is safe there:
 * - PGlite's data directory belongs to this one process, so every revocation runs here: `forgetSessions()` is
 *   called by revokeSession / revokeOtherSessions (logout, password change) and bumps a generation that voids
 *   every entry, including a lookup that was in flight when the revocation happened (`begin()` below).
 * - What is cached (id, name, email, role, campus, department, session id) never changes once an account exists:
 *   no route edits those columns. A route that ever does must call `forgetSessions()` too.
 * - An entry also ends at its session's expiry and after MAX_AGE_MS, whichever comes first.
 * PostgreSQL may be shared by several server processes, so there the cache is off (buildApp passes none).
 */
import type { AuthUser } from '../../http/types.js';

const MAX_ENTRIES = 1_000;
const MAX_AGE_MS = 60_000;

/** Bumped by every revocation; entries stored under an older generation are void. */
let generation = 0;

export function forgetSessions(): void {
  generation++;
}

interface Entry {
  user: AuthUser;
  /** Epoch ms: the earlier of the session's expiry and cachedAt + MAX_AGE_MS. */
  until: number;
  generation: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();

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
      this.entries.set(tokenHash, { user: Object.freeze({ ...user }), until: Math.min(expiresAt, now + MAX_AGE_MS), generation: started });
    };
  }
}
