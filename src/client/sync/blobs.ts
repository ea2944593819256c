/**
 * The blob store: a captured file is kept as chunks of at most BLOB_CHUNK_BYTES in Dexie (never one huge
 * Blob: iOS fails on those), and read back slice by slice for the tus upload.
 */
import { BLOB_CHUNK_BYTES } from '../../shared/constants.js';
import type { BlobRow, ReplicaDb } from '../db/db.js';
import { isQuotaError, StorageFullError } from './errors.js';
import type { ChunkSource } from './ports.js';

export function chunkCount(size: number, chunkBytes = BLOB_CHUNK_BYTES): number {
  return Math.ceil(size / chunkBytes);
}

async function toBytes(data: Blob | ArrayBuffer | Uint8Array): Promise<Uint8Array> {
  if (data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(await data.arrayBuffer());
}

/**
 * Writes the file's chunks (one small transaction each, so a big file never needs one huge transaction).
 * Chunks are stored as ArrayBuffers: structured-clone safe everywhere, including Safari and fake-indexeddb.
 * On failure the chunks written so far are removed and a quota problem becomes a StorageFullError.
 */
export async function storeChunks(db: ReplicaDb, blobId: string, file: Blob, chunkBytes = BLOB_CHUNK_BYTES): Promise<number> {
  const n = chunkCount(file.size, chunkBytes);
  try {
    for (let i = 0; i < n; i++) {
      const data = await file.slice(i * chunkBytes, Math.min(file.size, (i + 1) * chunkBytes)).arrayBuffer();
      await db.blobChunks.put({ blobId, index: i, data });
    }
    return n;
  } catch (err) {
    await db.blobChunks.where('blobId').equals(blobId).delete().catch(() => undefined);
    if (isQuotaError(err)) throw new StorageFullError(err);
    throw err;
  }
}

/** Random access over the stored chunks; reads only the chunks a slice needs. */
export function chunkSource(db: ReplicaDb, blob: BlobRow, chunkBytes = BLOB_CHUNK_BYTES): ChunkSource {
  return {
    size: blob.size,
    async slice(start, end) {
      end = Math.min(end, blob.size);
      if (end <= start) return new Uint8Array(0);
      const first = Math.floor(start / chunkBytes);
      const last = Math.floor((end - 1) / chunkBytes);
      const out = new Uint8Array(end - start);
      for (let i = first; i <= last; i++) {
        const chunk = await db.blobChunks.get([blob.id, i]);
        if (!chunk) throw new Error(`Stored file "${blob.name}" is missing part ${i + 1}.`);
        const bytes = await toBytes(chunk.data);
        const chunkStart = i * chunkBytes;
        const from = Math.max(start, chunkStart) - chunkStart;
        const to = Math.min(end, chunkStart + bytes.length) - chunkStart;
        out.set(bytes.subarray(from, to), chunkStart + from - start);
      }
      return out;
    },
  };
}

/** Reassemble a stored file (tests, previews of small files). */
export async function readBlob(db: ReplicaDb, blob: BlobRow, chunkBytes = BLOB_CHUNK_BYTES): Promise<Uint8Array> {
  return chunkSource(db, blob, chunkBytes).slice(0, blob.size);
}

/** Chunks whose blob row never got written (a crash between storing chunks and queueing) are removed. */
export async function removeOrphanChunks(db: ReplicaDb): Promise<void> {
  const ids = (await db.blobChunks.orderBy('blobId').uniqueKeys()) as string[];
  for (const id of ids) {
    if (!(await db.blobs.get(id))) await db.blobChunks.where('blobId').equals(id).delete();
  }
}
