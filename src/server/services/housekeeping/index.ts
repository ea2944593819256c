/**
 * Housekeeping: what the server keeps only for a while. Run once at start and then daily (plugins/housekeeping.ts).
 *
 *   tombstones          TOMBSTONE_RETENTION_DAYS (90), then purged; the pull floor rises (sync/tombstones.ts)
 *   idempotency keys    the stored response for KEY_RESPONSE_DAYS (30), the key itself for KEY_RETENTION_DAYS
 *                       (365): a replay after 30 days is still recognised and applied once, and answered with
 *                       the stored status and no body (the record itself comes with the pull)
 *   sessions            deleted ENDED_SESSION_DAYS (7) after they expired or were revoked
 *   unfinished uploads  tus uploads never registered as an artifact (registering moves the file out of
 *                       uploads/), removed UPLOAD_RETENTION_DAYS (14) after their last written byte
 *   login counters      login_throttle rows idle past the policy's forgetMs (1 h) and not blocking
 */
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { idempotencyKeys, sessions } from '../../db/schema.js';
import { uploadsDir } from '../../storage/index.js';
import { purgeTombstones } from '../../sync/tombstones.js';
import { purgeLoginThrottle } from '../auth/login-throttle.js';

export const KEY_RESPONSE_DAYS = 30;
export const KEY_RETENTION_DAYS = 365;
export const ENDED_SESSION_DAYS = 7;
export const UPLOAD_RETENTION_DAYS = 14;

const DAY_MS = 86_400_000;
const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

function countOf(res: unknown): number {
  const rows = (Array.isArray(res) ? res : (res as { rows: { n: string | number }[] }).rows) as { n: string | number }[];
  return Number(rows[0]?.n ?? 0);
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

/** Removes uploads (file and tus metadata) untouched for UPLOAD_RETENTION_DAYS; returns how many uploads. */
export async function purgeAbandonedUploads(dataDir: string, now = new Date()): Promise<number> {
  const dir = uploadsDir(dataDir);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0; // nothing uploaded yet
  }
  const cutoff = daysBefore(now, UPLOAD_RETENTION_DAYS).getTime();
  // An upload is `<id>` plus `<id>.json`; its age is that of the newer of the two.
  const newest = new Map<string, number>();
  for (const name of names) {
    const id = name.endsWith('.json') ? name.slice(0, -5) : name;
    const s = await stat(path.join(dir, name)).catch(() => null);
    if (s?.isFile()) newest.set(id, Math.max(newest.get(id) ?? 0, s.mtimeMs));
  }
  let removed = 0;
  for (const [id, mtime] of newest) {
    if (mtime >= cutoff) continue;
    await rm(path.join(dir, id), { force: true });
    await rm(path.join(dir, `${id}.json`), { force: true });
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
}

export async function runHousekeeping(db: Db, dataDir: string, now = new Date()): Promise<HousekeepingReport> {
  const tombstones = await purgeTombstones(db, undefined, now);
  const [responsesDropped, keys] = await purgeIdempotencyKeys(db, now);
  const sessionsPurged = await purgeEndedSessions(db, now);
  const uploads = await purgeAbandonedUploads(dataDir, now);
  const loginCounters = await purgeLoginThrottle(db, now);
  return { tombstones, responsesDropped, keys, sessions: sessionsPurged, uploads, loginCounters };
}
