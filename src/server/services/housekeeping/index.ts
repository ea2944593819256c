/**
 * Housekeeping: what the server keeps only for a while. Run once at start and then daily (plugins/housekeeping.ts).
 *
 *   tombstones          TOMBSTONE_RETENTION_DAYS (90), then purged; the pull floor rises (sync/tombstones.ts)
 *   idempotency keys    the stored response for KEY_RESPONSE_DAYS (30), the key itself for KEY_RETENTION_DAYS
 *                       (365): a replay after 30 days is still recognised and applied once, and answered with
 *                       the stored status and no body (the record itself comes with the pull)
 *   sessions            deleted ENDED_SESSION_DAYS (7) after they expired or were revoked
 *   unfinished uploads  tus uploads never registered as an artifact (registering moves the file out of
 *                       the uploads), removed UPLOAD_RETENTION_DAYS (14) after their last written byte — in
 *                       whichever store is configured (storage/: disk or S3), which also frees their quota
 *   login counters      login_throttle rows idle past the policy's forgetMs (1 h) and not blocking
 *
 * (Vacuum and planner statistics are autovacuum's work: PostgreSQL's own, or on the embedded database the
 * upkeep pass by its rule, autovacuum.ts.)
 *
 * Several instances may share one PostgreSQL database: runHousekeeping runs the database purges in one
 * transaction that first tries pg_try_advisory_xact_lock(HOUSEKEEPING_LOCK); an instance that does not get it
 * skips the run (another one is doing it). The lock ends with the transaction, so a crash never leaves it held.
 */
import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import { HOUSEKEEPING_LOCK } from '../../db/advisory-locks.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/results.js';
import { idempotencyKeys, sessions } from '../../db/schema.js';
import { diskStorage, type FileStorage } from '../../storage/index.js';
import { purgeTombstones } from '../../sync/tombstones.js';
import { purgeLoginThrottle } from '../auth/login-throttle.js';
import { purgeRateLimits } from './rate-limits.js';

export const KEY_RESPONSE_DAYS = 30;
export const KEY_RETENTION_DAYS = 365;
export const ENDED_SESSION_DAYS = 7;
export const UPLOAD_RETENTION_DAYS = 14;

const DAY_MS = 86_400_000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

function countOf(res: unknown): number {
  return Number(rowsOf<{ n: string | number }>(res)[0]?.n ?? 0);
}

/** Drops old stored responses (keeping the keys) and then old keys; returns [responses dropped, keys deleted]. */
export async function purgeIdempotencyKeys(db: Db, now = new Date()): Promise<[number, number]> {
  const emptied = countOf(
    await db.execute(sql`with e as (update ${idempotencyKeys} set response = null
      where ${idempotencyKeys.createdAt} < ${daysBefore(now, KEY_RESPONSE_DAYS).toISOString()} and ${idempotencyKeys.response} is not null
      returning 1) select count(*) as n from e`),
  );
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, daysBefore(now, KEY_RETENTION_DAYS)))
    .returning({ key: idempotencyKeys.key });
  return [emptied, deleted.length];
}

/** Deletes sessions that expired or were revoked more than ENDED_SESSION_DAYS ago. */
export async function purgeEndedSessions(db: Db, now = new Date()): Promise<number> {
  const cutoff = daysBefore(now, ENDED_SESSION_DAYS);
  const deleted = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, cutoff), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, cutoff))))
    .returning({ id: sessions.id });
  return deleted.length;
}

/**
 * Removes uploads (data and tus metadata) untouched for UPLOAD_RETENTION_DAYS; returns how many uploads.
 * `storage` is the configured store, or a DATA_DIR for the disk store.
 */
export async function purgeAbandonedUploads(storage: FileStorage | string, now = new Date()): Promise<number> {
  const store = typeof storage === 'string' ? diskStorage(storage) : storage;
  const cutoff = daysBefore(now, UPLOAD_RETENTION_DAYS).getTime();
  let removed = 0;
  for (const upload of await store.listUploads()) {
    if (upload.modifiedAt.getTime() >= cutoff) continue;
    await store.removeUpload(upload.id);
    removed++;
  }
  return removed;
}

export interface HousekeepingReport {
  tombstones: number;
  responsesDropped: number;
  keys: number;
  sessions: number;
  uploads: number;
  loginCounters: number;
  /** Request counters of the rate limits whose window has ended. */
  rateLimits: number;
}

/** One run of every purge, under the cross-instance lock (see the header); null when another instance holds it. */
export async function runHousekeeping(db: Db, storage: FileStorage | string, now = new Date()): Promise<HousekeepingReport | null> {
  const purged = await db.transaction(async (tx) => {
    const res = await tx.execute(sql`select pg_try_advisory_xact_lock(${HOUSEKEEPING_LOCK}) as got`);
    if (!rowsOf<{ got: boolean }>(res)[0]?.got) return null;
    const tombstones = await purgeTombstones(tx, undefined, now);
    const [responsesDropped, keys] = await purgeIdempotencyKeys(tx, now);
    const sessionsPurged = await purgeEndedSessions(tx, now);
    const loginCounters = await purgeLoginThrottle(tx, now);
    const rateLimits = await purgeRateLimits(tx);
    return { tombstones, responsesDropped, keys, sessions: sessionsPurged, loginCounters, rateLimits };
  });
  if (!purged) return null;
  // Uploads live in the shared store (S3, or a DATA_DIR the instances share): removed by the run's winner.
  const uploads = await purgeAbandonedUploads(storage, now);
  return { ...purged, uploads };
}
