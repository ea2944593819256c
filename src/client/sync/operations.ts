/** Outbox operations the UI offers: retry or discard a refused change, queue a file, wipe on sign-out. */
import { SYNC_ENTITIES } from '../../shared/sync/protocol.js';
import type { MutationArgs, MutationName } from '../../shared/sync/mutations/index.js';
import type { BlobRow, OutboxRow, ReplicaDb } from '../db/db.js';
import { applyFor } from './apply/index.js';
import { storeChunks } from './blobs.js';
import { isQuotaError, StorageFullError } from './errors.js';
import { forgetCopies } from './apply/edit-record.js';
import { addRefetch, forgetKnownMeta, getMeta, META, newId } from './meta.js';
import { mutateIn } from './mutate.js';

/** A refused row goes back to the end of the queue (the user's latest intent), optimistic change re-applied. */
export async function retryRow(db: ReplicaDb, mutationId: string, now: number): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    const row = await db.outbox.filter((r) => r.mutationId === mutationId).first();
    if (!row || row.status !== 'needs-attention') return;
    await db.outbox.delete(row.seq!);
    const fresh: OutboxRow = { ...row, status: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null, lastStatus: null };
    delete fresh.seq;
    await db.outbox.add(fresh);
    if (row.blobId) {
      const blob = await db.blobs.get(row.blobId);
      if (blob?.status === 'failed') await db.blobs.update(blob.id, { status: 'pending', attempts: 0, nextAttemptAt: 0, lastError: null });
    }
    const userId = (await getMeta<string>(db, META.userId)) ?? null;
    await applyFor(row.name)?.apply(db, row.args, { userId, now, mutationId });
  });
}

/** Drop a change the user gave up on (with its stored file) and fetch the entity's server copy again. */
export async function discardRow(db: ReplicaDb, mutationId: string): Promise<void> {
  await db.transaction('rw', [db.outbox, db.meta, db.blobs, db.blobChunks], async () => {
    const row = await db.outbox.filter((r) => r.mutationId === mutationId).first();
    if (!row) return;
    await db.outbox.delete(row.seq!);
    if (row.blobId) {
      await db.blobChunks.where('blobId').equals(row.blobId).delete();
      await db.blobs.delete(row.blobId);
    }
    await addRefetch(db, row.entity, row.entityId);
  });
}

export interface UploadRegistration<N extends MutationName> {
  name: N;
  args: MutationArgs<N>;
  /** Field of args that receives the uploaded file's path `/api/files/<id>`. */
  blobField: string;
}

/**
 * Stores the file as chunks, then in one transaction the blob row + the register row (blob lane) + its
 * optimistic apply. Until the upload finishes, args[blobField] holds `pending-upload:<blobId>`.
 */
export async function queueFile<N extends MutationName>(
  db: ReplicaDb,
  file: Blob & { name?: string },
  register: UploadRegistration<N>,
  now: number,
): Promise<{ blobId: string; mutationId: string }> {
  const blobId = newId();
  const mutationId = newId();
  const n = await storeChunks(db, blobId, file);
  const blob: BlobRow = {
    id: blobId,
    mutationId,
    name: file.name ?? 'file',
    type: file.type,
    size: file.size,
    chunkCount: n,
    uploadUrl: null,
    uploadedBytes: 0,
    status: 'pending',
    lastError: null,
    createdAt: now,
    attempts: 0,
    nextAttemptAt: 0,
  };
  const args = { ...(register.args as object), [register.blobField]: `pending-upload:${blobId}` };
  try {
    await db.transaction('rw', db.tables, async () => {
      await db.blobs.add(blob);
      await mutateIn(db, register.name, args, { now, mutationId, extra: { blobId, blobField: register.blobField, lane: 'blob' } });
    });
  } catch (err) {
    await db.blobChunks.where('blobId').equals(blobId).delete().catch(() => undefined);
    if (isQuotaError(err)) throw new StorageFullError(err);
    throw err;
  }
  return { blobId, mutationId };
}

/** Sign-out after the user confirmed: everything local goes (replica, outbox, files, cursor). */
export async function clearAll(db: ReplicaDb): Promise<void> {
  await db.transaction('rw', db.tables, async () => {
    for (const e of SYNC_ENTITIES) await db[e].clear();
    await db.outbox.clear();
    await db.blobs.clear();
    await db.blobChunks.clear();
    await db.drafts.clear();
    const clientId = await getMeta<string>(db, META.clientId);
    await db.meta.clear();
    forgetKnownMeta(db);
    forgetCopies(db);
    if (clientId) await db.meta.put({ key: META.clientId, value: clientId });
  });
}
