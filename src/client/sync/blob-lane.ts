/**
 * The blob lane (docs/sync-protocol.md § Files): stored files upload with tus, at most MAX_PARALLEL_UPLOADS at once,
 * then each lane row (the register mutation, e.g. POST /api/upload-artifact/{id}) is sent in seq order with
 * the uploaded file's path in its `blobField`. Chunks are deleted once the register mutation succeeded.
 */
import { MAX_PARALLEL_UPLOADS } from '../../shared/constants.js';
import { UPDATE_REQUIRED_STATUS } from '../../shared/sync/protocol-version.js';
import type { BlobRow } from '../db/db.js';
import { nextDelay } from './backoff.js';
import { chunkSource } from './blobs.js';
import { requireUpdate, type EngineCtx } from './context.js';
import type { UploadError } from './ports.js';
import { markRefused, ownRows, pushRow, type LaneResult } from './push.js';

/** `/api/files/<id>` from a tus upload URL (absolute or relative). */
export function filePath(uploadUrl: string): string {
  return new URL(uploadUrl, 'http://local.invalid').pathname;
}

export async function runBlobLane(ctx: EngineCtx, signal: AbortSignal): Promise<LaneResult> {
  await runUploads(ctx, signal);
  const { db } = ctx;
  const rows = await db.transaction('r', [db.outbox, db.meta], async () => {
    const mine = await ownRows(ctx);
    return db.outbox.where('status').equals('pending').filter((r) => r.lane === 'blob' && mine(r)).sortBy('seq');
  });
  for (const row of rows) {
    if (ctx.stopped() || ctx.state.updateRequired) return { state: 'stopped' };
    if (ctx.state.authRequired) return { state: 'auth' };
    if (row.nextAttemptAt > ctx.clock.now()) return { state: 'waiting', wakeAt: row.nextAttemptAt };
    // A register waits for earlier ordered changes of its own record (a note written offline must exist on the
    // server before its photo is attached to it); the lanes are otherwise independent.
    const before = await db.outbox
      .where('status')
      .equals('pending')
      .filter((r) => r.lane === 'ordered' && r.entityId === row.entityId && (r.seq ?? 0) < (row.seq ?? 0))
      .count();
    if (before > 0) return { state: 'waiting', wakeAt: ctx.clock.now() + 1000 };
    let args = row.args;
    if (row.blobId) {
      const blob = await db.blobs.get(row.blobId);
      if (!blob) {
        await markRefused(ctx, row, 0, 'The stored file is missing on this device.');
        continue;
      }
      if (blob.status === 'failed') continue; // its row was moved to needs-attention with the reason
      if (blob.status !== 'uploaded' || !blob.uploadUrl) {
        return { state: 'waiting', wakeAt: Math.max(blob.nextAttemptAt ?? 0, ctx.clock.now() + 1000) };
      }
      args = { ...(row.args as object), [row.blobField ?? 'fileURL']: filePath(blob.uploadUrl) };
    }
    const r = await pushRow(ctx, row, args);
    // Without a peek the answer is 'next' or why the lane stops.
    if (r !== 'next' && !('next' in r)) return r;
  }
  return { state: 'drained' };
}

async function runUploads(ctx: EngineCtx, signal: AbortSignal): Promise<void> {
  const { db } = ctx;
  if (!ctx.uploader) return;
  const due = (await db.blobs.where('status').anyOf('pending', 'uploading').sortBy('createdAt')).filter(
    (b) => (b.nextAttemptAt ?? 0) <= ctx.clock.now(),
  );
  let next = 0;
  const worker = async () => {
    while (next < due.length && !ctx.stopped() && !ctx.state.authRequired && !ctx.state.updateRequired) await uploadOne(ctx, due[next++], signal);
  };
  await Promise.all(Array.from({ length: Math.min(MAX_PARALLEL_UPLOADS, due.length) }, worker));
}

async function uploadOne(ctx: EngineCtx, blob: BlobRow, signal: AbortSignal): Promise<void> {
  const { db } = ctx;
  const progress = { blobId: blob.id, name: blob.name, loaded: blob.uploadedBytes, total: blob.size, status: 'uploading' };
  ctx.state.uploads.set(blob.id, progress);
  await db.blobs.update(blob.id, { status: 'uploading' });
  ctx.emit();
  try {
    const url = await ctx.uploader!.upload(blob, chunkSource(db, blob), {
      token: await ctx.getToken(),
      clientId: await ctx.clientId(),
      signal,
      onUrl: async (u) => {
        await db.blobs.update(blob.id, { uploadUrl: u });
      },
      onProgress: (loaded, total) => {
        progress.loaded = loaded;
        progress.total = total;
        ctx.emit();
      },
    });
    await db.blobs.update(blob.id, { status: 'uploaded', uploadUrl: url, uploadedBytes: blob.size, lastError: null });
    progress.status = 'uploaded';
    progress.loaded = blob.size;
    ctx.state.uploads.delete(blob.id);
  } catch (e) {
    if (ctx.stopped()) return;
    const err = e as UploadError;
    const status = err.status ?? 0;
    if (status === 401) {
      ctx.state.authRequired = true;
      await db.blobs.update(blob.id, { status: 'pending' });
    } else if (status === UPDATE_REQUIRED_STATUS) {
      requireUpdate(ctx);
      await db.blobs.update(blob.id, { status: 'pending' });
    } else if (status >= 400 && status < 500 && status !== 408 && status !== 429 && status !== 404 && status !== 409 && status !== 410) {
      // Refused for good (too large, forbidden…): show it with the row, keep the file for retry/copy.
      const message = err.message || `Upload refused (${status}).`;
      await db.blobs.update(blob.id, { status: 'failed', lastError: message });
      const row = await db.outbox.filter((r) => r.mutationId === blob.mutationId).first();
      if (row) await markRefused(ctx, row, status, message);
      progress.status = 'failed';
    } else {
      // Network trouble, 5xx, or the server lost the upload (404/410 → start a new one; 409 → re-read offset).
      const attempts = (blob.attempts ?? 0) + 1;
      await db.blobs.update(blob.id, {
        status: 'pending',
        attempts,
        nextAttemptAt: ctx.clock.now() + nextDelay(attempts, ctx.random),
        lastError: err.message || 'Upload interrupted.',
        ...(status === 404 || status === 410 ? { uploadUrl: null } : {}),
      });
      progress.status = 'waiting';
    }
  }
  ctx.emit();
}
