/**
 * Artifact files on disk (DATA_DIR):
 *   uploads/<uploadId>      a finished tus upload (src/server/storage: ids are server-generated hex)
 *   artifacts/<uuid>.<ext>  a registered artifact, moved there under a generated name (no user input in paths)
 * The type is decided by the file's content (storage/sniff.ts), never by its name or the client's claim.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileIdFromUrl, isFileId, SNIFFED_MIME, uploadPath, type SniffedType } from '../../storage/index.js';

export type ArtifactKind = SniffedType;
export const CONTENT_TYPE_OF: Record<ArtifactKind, string> = SNIFFED_MIME;

const SAFE_KEY = /^[0-9a-f-]{36}\.(pdf|docx|jpeg|png|mp4)$/;

/** The tus upload id named by `uploadId` or by its upload URL (`/api/files/<id>`); null for anything else. */
export function uploadIdFrom(uploadId: string | undefined, fileURL: string | undefined): string | null {
  if (uploadId) return isFileId(uploadId) ? uploadId : null;
  return fileURL ? fileIdFromUrl(fileURL) : null;
}

export function artifactsDir(dataDir: string): string {
  return path.join(dataDir, 'artifacts');
}

export async function fileSize(file: string): Promise<number | null> {
  try {
    const s = await stat(file);
    return s.isFile() ? s.size : null;
  } catch {
    return null;
  }
}

/** Moves a finished upload under a generated name; returns the storage key. */
export async function storeUpload(dataDir: string, uploadId: string, kind: ArtifactKind): Promise<string> {
  const dir = artifactsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const storageKey = `${randomUUID()}.${kind}`;
  const from = uploadPath(dataDir, uploadId);
  const to = path.join(dir, storageKey);
  try {
    await rename(from, to);
  } catch {
    await copyFile(from, to);
    await rm(from, { force: true });
  }
  await rm(`${from}.json`, { force: true }); // tus metadata of the finished upload
  return storageKey;
}

export function artifactPath(dataDir: string, storageKey: string): string | null {
  return SAFE_KEY.test(storageKey) ? path.join(artifactsDir(dataDir), storageKey) : null;
}

export function openArtifact(file: string): ReadStream {
  return createReadStream(file);
}

export async function removeArtifacts(dataDir: string, keys: string[]): Promise<void> {
  for (const key of keys) {
    const p = artifactPath(dataDir, key);
    if (p) await rm(p, { force: true });
  }
}

/** `attachment`-safe Content-Disposition: ASCII fallback plus the UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(name: string, kind: ArtifactKind): string {
  const base = name.replace(/[\r\n"\\/]/g, '_').trim() || 'artifact';
  const withExt = base.toLowerCase().endsWith(`.${kind}`) ? base : `${base}.${kind}`;
  const ascii = withExt.replace(/[^\x20-\x7e]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(withExt)}`;
}
