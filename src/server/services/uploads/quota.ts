/**
 * Per-user upload quota (UPLOAD_QUOTA_BYTES, default 1 GiB). `bytesOwnedBy` is the one home for "bytes a user
 * owns": every stored byte their uploads became, wherever it now lives —
 *
 *   unfinished uploads   the declared Upload-Length of each of their uploads still in the store (unfinished, or
 *                        finished and not yet registered)
 *   artifacts            the size of every artifact they registered (artifacts.uploaded_by)
 *   note photos          the stored photo of every evidence note they wrote (evidence_notes.photo_size)
 *   profile picture      their stored picture (users.avatar_size)
 *   calibration videos   the lesson video of every calibration session they organised (calibration_sessions.video_size)
 *
 * A terminated (DELETE) or purged (housekeeping) upload, a replaced photo or picture, a deleted note, and the
 * files of a deleted observation stop counting at once. A photo or picture stored before its size was recorded
 * (migration 0017) is measured in the store once and its size written down.
 *
 * Checked when an upload is created; two creations racing can both pass, so the overshoot is bounded by one
 * file per concurrent request — the per-kind limit still holds for each.
 */
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { ARTIFACT_KINDS, ARTIFACT_KIND_MAX_BYTES, DEFAULT_UPLOAD_QUOTA_BYTES, type FileLimits } from '../../../shared/contract/files.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/results.js';
import { artifacts, calibrationSessions, evidenceNotes, users } from '../../db/schema.js';
import type { FileStorage } from '../../storage/index.js';
import { avatarKey } from '../users/avatar.js';

export const quotaOf = (config: Config) => config.uploadQuotaBytes ?? DEFAULT_UPLOAD_QUOTA_BYTES;

/** Sizes of the user's photos and picture stored before sizes were recorded: measured once, then written. */
async function recordMissingSizes(db: Db, storage: FileStorage, userId: string): Promise<void> {
  const photos = await db
    .select({ id: evidenceNotes.id, key: evidenceNotes.photoKey })
    .from(evidenceNotes)
    .where(and(eq(evidenceNotes.authorId, userId), isNotNull(evidenceNotes.photoKey), isNull(evidenceNotes.photoSize)));
  for (const p of photos) {
    const size = p.key ? await storage.artifactSize(p.key) : null;
    await db.update(evidenceNotes).set({ photoSize: size ?? 0 }).where(and(eq(evidenceNotes.id, p.id), isNull(evidenceNotes.photoSize)));
  }
  const [me] = await db.select({ avatar: users.avatar }).from(users).where(and(eq(users.id, userId), isNotNull(users.avatar), isNull(users.avatarSize)));
  if (me) {
    const key = avatarKey(me.avatar);
    const size = key ? await storage.artifactSize(key) : null;
    await db.update(users).set({ avatarSize: size ?? 0 }).where(and(eq(users.id, userId), isNull(users.avatarSize)));
  }
}

/** Every stored byte `userId` owns (see the header). */
export async function bytesOwnedBy(db: Db, storage: FileStorage, userId: string): Promise<number> {
  const pending = (await storage.listUploads())
    .filter((u) => u.metadata.owner === userId)
    .reduce((n, u) => n + (u.size ?? u.offset), 0);
  const stored = async () =>
    rowsOf<{ artifacts: string | number | null; photos: string | number | null; picture: string | number | null; videos: string | number | null; unmeasured: boolean }>(
      await db.execute(sql`select
        (select coalesce(sum(${artifacts.size}), 0) from ${artifacts} where ${artifacts.uploadedBy} = ${userId}) as artifacts,
        (select coalesce(sum(${evidenceNotes.photoSize}), 0) from ${evidenceNotes} where ${evidenceNotes.authorId} = ${userId} and ${evidenceNotes.photoKey} is not null) as photos,
        (select coalesce(${users.avatarSize}, 0) from ${users} where ${users.id} = ${userId} and ${users.avatar} is not null) as picture,
        (select coalesce(sum(${calibrationSessions.videoSize}), 0) from ${calibrationSessions} where ${calibrationSessions.organiserId} = ${userId} and ${calibrationSessions.videoKey} is not null) as videos,
        exists (select 1 from ${evidenceNotes} where ${evidenceNotes.authorId} = ${userId} and ${evidenceNotes.photoKey} is not null and ${evidenceNotes.photoSize} is null)
          or exists (select 1 from ${users} where ${users.id} = ${userId} and ${users.avatar} is not null and ${users.avatarSize} is null) as unmeasured`),
    )[0];
  let row = await stored();
  if (row?.unmeasured) {
    await recordMissingSizes(db, storage, userId);
    row = await stored();
  }
  return pending + Number(row?.artifacts ?? 0) + Number(row?.photos ?? 0) + Number(row?.picture ?? 0) + Number(row?.videos ?? 0);
}

/** GET /api/files/limits: the per-kind limits and what is left of the caller's quota. */
export async function fileLimits(db: Db, storage: FileStorage, config: Config, userId: string): Promise<FileLimits> {
  const quotaBytes = quotaOf(config);
  const usedBytes = await bytesOwnedBy(db, storage, userId);
  return {
    types: ARTIFACT_KINDS.map((kind) => ({ kind, maxBytes: ARTIFACT_KIND_MAX_BYTES[kind] })),
    quotaBytes,
    usedBytes,
    remainingBytes: Math.max(0, quotaBytes - usedBytes),
  };
}
