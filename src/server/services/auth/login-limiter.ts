/**
 * Per-account login limiter (the per-IP limit is @fastify/rate-limit on the route). Counts failed attempts per
 * lower-cased email in a sliding window, whether or not the account exists, so the 429 reveals nothing either.
 * In memory: a restart forgets the counts, which only ever makes the limiter more lenient.
 */
export interface LoginLimiter {
  /** True when this email has had too many failures recently. */
  blocked(email: string, now: Date): boolean;
  fail(email: string, now: Date): void;
  succeed(email: string): void;
  clear(): void;
}

export function createLoginLimiter(maxFailures: number, windowMs: number): LoginLimiter {
  const failures = new Map<string, number[]>();
  const recent = (email: string, now: Date) => {
    const key = email.trim().toLowerCase();
    const list = (failures.get(key) ?? []).filter((t) => now.getTime() - t < windowMs);
    if (list.length === 0) failures.delete(key);
    else failures.set(key, list);
    return { key, list };
  };
  return {
    blocked(email, now) {
      return recent(email, now).list.length >= maxFailures;
    },
    fail(email, now) {
      const { key, list } = recent(email, now);
      failures.set(key, [...list, now.getTime()]);
    },
    succeed(email) {
      failures.delete(email.trim().toLowerCase());
    },
    clear() {
      failures.clear();
    },
  };
}
