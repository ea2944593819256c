/**
 * Artifact files in the configured store (storage/: local disk under DATA_DIR, or an S3-compatible bucket):
 *   an upload      a finished tus upload (server-generated hex id)
 *   an artifact    a registered upload, moved under a generated key `<uuid>.<kind>` (no user input in keys)
 * The type is decided by the file's content (storage/sniff.ts), never by its name or the client's claim.
 */
import { randomUUID } from 'node:crypto';
import type { FileStorage } from '../../storage/index.js';
import { fileIdFromUrl, isFileId, SNIFFED_MIME, type SniffedType } from '../../storage/index.js';

export type ArtifactKind = SniffedType;
export const CONTENT_TYPE_OF: Record<ArtifactKind, string> = SNIFFED_MIME;

/** The tus upload id named by `uploadId` or by its upload URL (`/api/files/<id>`); null for anything else. */
export function uploadIdFrom(uploadId: string | undefined, fileURL: string | undefined): string | null {
  if (uploadId) return isFileId(uploadId) ? uploadId : null;
  return fileURL ? fileIdFromUrl(fileURL) : null;
}

/** Moves a finished upload under a generated key; returns the storage key. */
export async function storeUpload(storage: FileStorage, uploadId: string, kind: ArtifactKind): Promise<string> {
  const storageKey = `${randomUUID()}.${kind}`;
  await storage.promoteUpload(uploadId, storageKey);
  return storageKey;
}

export async function removeArtifacts(storage: FileStorage, keys: string[]): Promise<void> {
  for (const key of keys) await storage.removeArtifact(key);
}

/** `attachment`-safe Content-Disposition: ASCII fallback plus the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string, kind: ArtifactKind): string {
  const base = name.replace(/[\r\n"\\/]/g, '_').trim() || 'artifact';
  const withExt = base.toLowerCase().endsWith(`.${kind}`) ? base : `${base}.${kind}`;
  const ascii = withExt.replace(/[^\x20-\x7e]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(withExt)}`;
}
