/**
 * Upload limits: one size limit per artifact kind and a per-user quota. The server refuses an
 * upload at creation (POST /api/files, 413) with `uploadTooLargeMessage`; the client shows the limits from
 * GET /api/files/limits before upload and refuses a too-large file locally with the same message.
 *
 * The declared kind (tus metadata `filetype`, else the file name's extension) only picks the size limit; the
 * stored type is still decided by content when the upload is registered, and checked against its own limit.
 */
import { z } from 'zod';
import { ARTIFACT_MAX_BYTES, ARTIFACT_TYPES } from '../constants.js';

export const ARTIFACT_KINDS = ['pdf', 'docx', 'jpeg', 'png', 'mp4'] as const;
export type ArtifactKind = (typeof ARTIFACT_KINDS)[number];

const MiB = 1024 * 1024;
/** Largest accepted file per kind: images are small, documents medium, video large. */
export const ARTIFACT_KIND_MAX_BYTES: Record<ArtifactKind, number> = {
  pdf: 50 * MiB,
  docx: 50 * MiB,
  jpeg: 20 * MiB,
  png: 20 * MiB,
  mp4: ARTIFACT_MAX_BYTES,
};
/** Per-user quota when UPLOAD_QUOTA_BYTES is not set: 1 GiB. */
export const DEFAULT_UPLOAD_QUOTA_BYTES = 1024 * MiB;

const KIND_LABEL: Record<ArtifactKind, string> = { pdf: 'PDF files', docx: 'Word documents', jpeg: 'JPEG images', png: 'PNG images', mp4: 'Videos' };

const EXTENSIONS: Record<string, ArtifactKind> = { pdf: 'pdf', docx: 'docx', jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'png', mp4: 'mp4' };

/**
 * The kind a client declares: its MIME type when it is one of ours, else the file name's extension when the type
 * says nothing (empty or octet-stream, as phones send for documents); null when it is none of the five; undefined
 * when nothing at all is declared (the largest limit applies, content sniffing decides at registration).
 */
export function declaredKind(filetype: string | null | undefined, filename: string | null | undefined): ArtifactKind | null | undefined {
  const type = (filetype ?? '').trim().toLowerCase();
  // Profile pictures are WebP (resize-avatar.ts): the image limit applies; registration decides by content, so an
  // artifact still refuses WebP and PUT /user/avatar accepts it.
  if (type === 'image/webp') return 'png';
  if (type && type !== 'application/octet-stream') return (ARTIFACT_TYPES as Record<string, ArtifactKind>)[type] ?? null;
  const ext = /\.([a-z0-9]+)$/i.exec(filename ?? '')?.[1]?.toLowerCase();
  if (ext) return EXTENSIONS[ext] ?? null;
  return type ? null : undefined;
}

/** "20 MB", "1 GB", "512 KB": binary units, at most one decimal. */
export function formatBytes(n: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let v = Math.max(0, n);
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  const text = i === 0 ? String(Math.floor(v)) : (Math.floor(v * 10) / 10).toString();
  return `${text} ${units[i]}`;
}

/** The limit text shown before upload: "PDF files up to 50 MB, …". */
export function kindLimitText(kind: ArtifactKind): string {
  return `${KIND_LABEL[kind]} up to ${formatBytes(ARTIFACT_KIND_MAX_BYTES[kind])}`;
}

/**
 * Why an upload of `size` bytes of the declared kind is refused (the 413 body's `error`), or null when allowed.
 * `remainingBytes` is what is left of the user's quota.
 */
export function uploadTooLargeMessage(size: number, kind: ArtifactKind | undefined, quotaBytes: number, remainingBytes: number): string | null {
  const max = kind ? ARTIFACT_KIND_MAX_BYTES[kind] : ARTIFACT_MAX_BYTES;
  if (size > max) return `${kind ? KIND_LABEL[kind] : 'Files'} may be at most ${formatBytes(max)}; this file is ${formatBytes(size)}.`;
  if (size > remainingBytes) {
    return `Your uploads may use at most ${formatBytes(quotaBytes)}; ${formatBytes(Math.max(0, remainingBytes))} is left and this file is ${formatBytes(size)}.`;
  }
  return null;
}

/** GET /api/files/limits */
export const FileLimits = z.object({
  types: z.array(z.object({ kind: z.enum(ARTIFACT_KINDS), maxBytes: z.number().int() })),
  quotaBytes: z.number().int(),
  usedBytes: z.number().int(),
  remainingBytes: z.number().int(),
});
export type FileLimits = z.infer<typeof FileLimits>;
