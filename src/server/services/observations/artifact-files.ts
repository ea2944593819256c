/**
 * Artifact files on disk (DATA_DIR):
 *   uploads/<uploadId>      a finished tus upload (the tus endpoint writes it; the id is the last segment of the
 *                           upload URL, e.g. /api/files/<uploadId>)
 *   artifacts/<uuid>.<ext>  a registered artifact, moved there under a generated name (no user input in paths)
 * The type is decided by the file's content (magic bytes), never by its name or the client's claim.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { ARTIFACT_TYPES } from '../../../shared/constants.js';

export type ArtifactKind = (typeof ARTIFACT_TYPES)[keyof typeof ARTIFACT_TYPES];

export const CONTENT_TYPE_OF: Record<ArtifactKind, string> = Object.fromEntries(
  Object.entries(ARTIFACT_TYPES).map(([mime, kind]) => [kind, mime]),
) as Record<ArtifactKind, string>;

const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}
export function artifactsDir(dataDir: string): string {
  return path.join(dataDir, 'artifacts');
}

/** The tus upload id named by `uploadId` or by an upload URL (`/api/files/<id>`, absolute or relative); null if unsafe. */
export function uploadIdFrom(uploadId: string | undefined, fileURL: string | undefined): string | null {
  let id = uploadId;
  if (!id && fileURL) {
    try {
      id = new URL(fileURL, 'http://local.invalid').pathname.split('/').filter(Boolean).pop();
    } catch {
      return null;
    }
  }
  return id && SAFE_ID.test(id) ? id : null;
}

/** Reads the first and last 64 KiB (a docx's central directory sits at the end) to identify the type. */
export async function sniffFile(file: string, size: number): Promise<ArtifactKind | null> {
  const fh = await open(file, 'r');
  try {
    const headLen = Math.min(size, 65536);
    const head = Buffer.alloc(headLen);
    await fh.read(head, 0, headLen, 0);
    const tailLen = Math.min(size, 65536);
    const tail = Buffer.alloc(tailLen);
    await fh.read(tail, 0, tailLen, size - tailLen);
    return sniffBytes(head, tail);
  } finally {
    await fh.close();
  }
}

export function sniffBytes(head: Buffer, tail: Buffer = head): ArtifactKind | null {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    const names = head.toString('latin1') + tail.toString('latin1');
    if (names.includes('[Content_Types].xml') && names.includes('word/')) return 'docx';
  }
  return null;
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
  const from = path.join(uploadsDir(dataDir), uploadId);
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
  return SAFE_ID.test(storageKey.replace(/\.(pdf|docx|jpeg|png|mp4)$/, '')) ? path.join(artifactsDir(dataDir), storageKey) : null;
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
