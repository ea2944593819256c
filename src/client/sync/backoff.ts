/**
 * Retry delays: exponential backoff with full jitter (delay = random(0, min(cap, base·2^attempt))), 1 s → 60 s,
 * and a server's Retry-After (seconds or HTTP date) wins when it asks for longer.
 */
import type { Random } from './ports.js';

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 60_000;

/** Upper bound of the jitter window after `attempts` failures (attempts ≥ 1). */
export function backoffCeiling(attempts: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(attempts - 1, 30)));
}

/** Milliseconds from a Retry-After header value, or null when absent/unreadable. */
export function parseRetryAfter(value: string | undefined | null, now: number): number | null {
  if (value == null || value.trim() === '') return null;
  const v = value.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * Delay before the next try. Full jitter spreads many clients' retries; at least BACKOFF_BASE_MS so a
 * flapping network never turns into a hot loop; Retry-After (capped at 1 h) overrides a shorter draw.
 */
export function nextDelay(attempts: number, random: Random, retryAfterMs: number | null = null): number {
  const jitter = Math.floor(random.next() * backoffCeiling(attempts));
  const d = Math.max(BACKOFF_BASE_MS, jitter);
  return retryAfterMs == null ? d : Math.max(d, Math.min(retryAfterMs, 3_600_000));
}
