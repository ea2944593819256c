/**
 * Per-user upload quota (UPLOAD_QUOTA_BYTES, default 1 GiB): what a user holds is the declared Upload-Length of
 * each of their uploads still in the store (unfinished, or finished and not yet registered) plus the size of
 * every artifact they registered. A terminated (DELETE) or purged (housekeeping) upload, and the artifacts of a
 * deleted observation, stop counting at once.
 *
 * Checked when an upload is created; two creations racing can both pass, so the overshoot is bounded by one
 * file per concurrent request — the per-kind limit still holds for each.
 */
import { eq, sql } from 'drizzle-orm';
import { ARTIFACT_KINDS, ARTIFACT_KIND_MAX_BYTES, DEFAULT_UPLOAD_QUOTA_BYTES, type FileLimits } from '../../../shared/contract/files.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { artifacts } from '../../db/schema.js';
import type { FileStorage } from '../../storage/index.js';

export const quotaOf = (config: Config) => config.uploadQuotaBytes ?? DEFAULT_UPLOAD_QUOTA_BYTES;

export async function usedUploadBytes(db: Db, storage: FileStorage, userId: string): Promise<number> {
  const pending = (await storage.listUploads())
    .filter((u) => u.metadata.owner === userId)
    .reduce((n, u) => n + (u.size ?? u.offset), 0);
  const [row] = await db
    .select({ n: sql<string | number | null>`coalesce(sum(${artifacts.size}), 0)` })
    .from(artifacts)
    .where(eq(artifacts.uploadedBy, userId));
  return pending + Number(row?.n ?? 0);
}

/** GET /api/files/limits: the per-kind limits and what is left of the caller's quota. */
export async function fileLimits(db: Db, storage: FileStorage, config: Config, userId: string): Promise<FileLimits> {
  const quotaBytes = quotaOf(config);
  const usedBytes = await usedUploadBytes(db, storage, userId);
  return {
    types: ARTIFACT_KINDS.map((kind) => ({ kind, maxBytes: ARTIFACT_KIND_MAX_BYTES[kind] })),
    quotaBytes,
    usedBytes,
    remainingBytes: Math.max(0, quotaBytes - usedBytes),
  };
}
