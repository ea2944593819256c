/**
 * Login throttling that slows guessing without locking an owner out. Counters live in the database
 * (`login_throttle`), so every server instance on one PostgreSQL shares them; PGlite behaves the same.
 *
 * Two counters per attempt: the client address (`ip:<address>`) and the account (`account:<sha256(email)>`,
 * counted whether or not the account exists, so a 429 reveals nothing about existence). For each:
 *   - the first `free` failures cost nothing;
 *   - every further failure blocks the key for baseMs · 2^(failures − free − 1), at most maxMs;
 *   - an attempt while a key is blocked is refused (429, Retry-After) WITHOUT checking the password and without
 *     counting, so an attacker cannot stretch the block and the owner waits at most maxMs after the last failure;
 *   - a counter left alone for forgetMs starts again from zero;
 *   - the right password resets the account counter (never the address one: one good account must not buy an
 *     address fresh guesses at every other account).
 * Housekeeping deletes rows idle for longer than forgetMs. The old-password check of a password change counts on
 * the same two keys (throttledPasswordCheck).
 *
 * Each failure is ONE atomic statement (INSERT … ON CONFLICT … DO UPDATE … RETURNING) over both keys, so
 * concurrent failures on several instances are all counted.
 */
import { createHash } from 'node:crypto';
import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/results.js';
import { loginThrottle } from '../../db/schema.js';
import { rateLimited } from '../errors.js';
import { MSG } from '../../../shared/messages.js';

export interface ThrottleRule {
  /** Failures before any delay. */
  free: number;
  /** Delay after the first failure beyond `free`; doubles with each further one. */
  baseMs: number;
  maxMs: number;
}

export interface ThrottlePolicy {
  account: ThrottleRule;
  address: ThrottleRule;
  /** A counter without failures for this long is forgotten. */
  forgetMs: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = {
  account: { free: 5, baseMs: 2_000, maxMs: 5 * 60_000 },
  address: { free: 20, baseMs: 2_000, maxMs: 15 * 60_000 },
  forgetMs: 60 * 60_000,
};

export interface ThrottleKeys {
  address: string;
  account: string;
}

export function throttleKeys(ip: string, email: string): ThrottleKeys {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return { address: `ip:${ip}`, account: `account:${digest}` };
}

/** Seconds until every given key is unblocked; 0 when none is blocked now. */
export async function blockedFor(db: Db, keys: ThrottleKeys, now: Date): Promise<number> {
  const found = await db
    .select({ blockedUntil: loginThrottle.blockedUntil })
    .from(loginThrottle)
    .where(
      and(
        inArray(loginThrottle.key, [keys.address, keys.account]),
        isNotNull(loginThrottle.blockedUntil),
        sql`${loginThrottle.blockedUntil} > ${now.toISOString()}::timestamptz`,
      ),
    );
  const until = Math.max(0, ...found.map((r) => new Date(r.blockedUntil as Date | string).getTime()));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
}

/** `blocked_until` for a row whose new failure count is the SQL expression `failures`, under `rule`. */
function blockedUntilSql(failures: ReturnType<typeof sql>, rule: ThrottleRule, now: string) {
  return sql`case when ${failures} > ${rule.free}
    then ${now}::timestamptz + least(${rule.baseMs}::float8 * power(2::float8, (${failures} - ${rule.free} - 1)::float8), ${rule.maxMs}::float8) * interval '1 millisecond'
    else null end`;
}

/** Counts one failed attempt on both keys (one statement); returns the new counts. */
export async function recordFailure(
  db: Db,
  keys: ThrottleKeys,
  now: Date,
  policy: ThrottlePolicy,
): Promise<{ key: string; failures: number }[]> {
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - policy.forgetMs).toISOString();
  const t = sql.identifier('login_throttle');
  // A counter idle past forgetMs starts again at 1.
  const next = sql`(case when ${t}.updated_at < ${cutoff}::timestamptz then 1 else ${t}.failures + 1 end)`;
  const one = sql`1`;
  const result = await db.execute(sql`insert into ${loginThrottle} (key, failures, blocked_until, updated_at) values
      (${keys.address}, 1, ${blockedUntilSql(one, policy.address, at)}, ${at}::timestamptz),
      (${keys.account}, 1, ${blockedUntilSql(one, policy.account, at)}, ${at}::timestamptz)
    on conflict (key) do update set
      failures = ${next},
      blocked_until = case when left(excluded.key, 3) = 'ip:'
        then ${blockedUntilSql(next, policy.address, at)}
        else ${blockedUntilSql(next, policy.account, at)} end,
      updated_at = excluded.updated_at
    returning key, failures`);
  return rowsOf<{ key: string; failures: number }>(result).map((r) => ({ key: r.key, failures: Number(r.failures) }));
}

/** The right password: the account starts afresh. */
export async function recordSuccess(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, [keys.account]));
}

/**
 * A check of a signed-in user's password (PUT /auth/reset-password's old password) throttled exactly as sign-in,
 * on the same two counters: one password, however it is guessed. `run` checks the password inside its own
 * transaction and throws `wrongPassword` errors for a mismatch; the failure is counted here, after that
 * transaction rolled back (a count inside it would roll back with it). Blocked: 429 before `run`, unjudged.
 */
export async function throttledPasswordCheck<T>(
  db: Db,
  policy: ThrottlePolicy,
  keys: ThrottleKeys,
  now: Date,
  isWrongPassword: (err: unknown) => boolean,
  run: () => Promise<T>,
): Promise<T> {
  const wait = await blockedFor(db, keys, now);
  if (wait > 0) throw rateLimited(MSG.tooManyAttempts, wait);
  let result: T;
  try {
    result = await run();
  } catch (err) {
    if (isWrongPassword(err)) await recordFailure(db, keys, now, policy);
    throw err;
  }
  await recordSuccess(db, keys);
  return result;
}

/** Housekeeping: rows idle past forgetMs and no longer blocking. */
export async function purgeLoginThrottle(db: Db, now: Date, forgetMs = DEFAULT_THROTTLE.forgetMs): Promise<number> {
  const cutoff = new Date(now.getTime() - forgetMs).toISOString();
  const res = await db.execute(sql`delete from ${loginThrottle}
    where updated_at < ${cutoff}::timestamptz and (blocked_until is null or blocked_until < ${now.toISOString()}::timestamptz)
    returning key`);
  return rowsOf(res).length;
}
