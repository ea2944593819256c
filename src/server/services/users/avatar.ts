/**
 * Profile pictures (issue 15 point 7). PUT /user/avatar registers a finished tus upload of the caller's own as
 * their picture; GET /avatar/{key} serves it.
 *
 *   uploads/<uploadId>      the finished tus upload (src/server/storage, read through its helpers only)
 *   avatars/<uuid>.<ext>    the registered picture, moved there under a generated name (no user input in paths)
 *
 * Rules: the upload must be complete and owned by the caller (the tus endpoint records the owner); at most
 * AVATAR_MAX_BYTES (the client resizes to a 256 px square first; 413 otherwise); JPEG, PNG or WebP decided by the
 * content (storage/sniff.ts for JPEG and PNG, the RIFF/WEBP header here), never by the name or declared type.
 *
 * The picture URL is unguessable (a random uuid) and served without a bearer token: an <img> cannot send one.
 * Keys never repeat, so the answer is immutable and the browser's HTTP cache keeps it (no service-worker cache yet).
 * A replaced picture's file is removed after the new one is committed (see the route).
 */
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { AVATAR_MAX_BYTES } from '../../../shared/constants.js';
import type { AvatarRequest } from '../../../shared/contract/users.js';
import { MSG } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { badRequest, tooLarge } from '../../http/errors.js';
import type { AuthUser } from '../../http/types.js';
import { fileIdFromUrl, isFileId, sniffFileType, uploadInfo, uploadPath } from '../../storage/index.js';
import { audit } from '../audit.js';

export type AvatarKind = 'jpeg' | 'png' | 'webp';
export const AVATAR_MIME: Record<AvatarKind, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
export const AVATAR_ROUTE = '/api/avatar';
const SAFE_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpeg|png|webp)$/;

const avatarsDir = (dataDir: string) => path.join(path.resolve(dataDir), 'avatars');

/** Absolute path of a stored picture, or null when `key` is not one of ours. */
export function avatarPath(dataDir: string, key: string): string | null {
  return SAFE_KEY.test(key) ? path.join(avatarsDir(dataDir), key) : null;
}

/** The storage key inside a user's `avatar` URL, or null (no picture, or one set some other way). */
export function avatarKey(url: string | null): string | null {
  const m = url ? /^\/api\/avatar\/([^/]+)$/.exec(url) : null;
  return m && SAFE_KEY.test(m[1]) ? m[1] : null;
}

/** JPEG / PNG through the shared sniffer; WebP is "RIFF" <size> "WEBP". */
async function avatarKind(file: string): Promise<AvatarKind | null> {
  const sniffed = await sniffFileType(file);
  if (sniffed === 'jpeg' || sniffed === 'png') return sniffed;
  if (sniffed) return null;
  const fh = await open(file, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await fh.read(head, 0, 12, 0);
    return bytesRead === 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP' ? 'webp' : null;
  } finally {
    await fh.close();
  }
}

async function sizeOf(file: string): Promise<number | null> {
  try {
    const s = await stat(file);
    return s.isFile() ? s.size : null;
  } catch {
    return null;
  }
}

/**
 * Sets the caller's picture. Returns the new URL and the key of the picture it replaces (to remove once the
 * transaction has committed). The upload is moved before commit: should the transaction then fail, the client's
 * retry finds no upload (400) and the change shows as needing attention — never a user pointing at no file.
 */
export async function registerAvatar(tx: Db, user: AuthUser, dataDir: string, body: AvatarRequest): Promise<{ avatar: string; replaced: string | null }> {
  const uploadId = body.uploadId ? (isFileId(body.uploadId) ? body.uploadId : null) : body.fileURL ? fileIdFromUrl(body.fileURL) : null;
  const info = uploadId ? await uploadInfo(dataDir, uploadId) : null;
  if (!uploadId || !info || !info.complete || info.metadata.owner !== user.id) throw badRequest(MSG.uploadNotFound);
  const file = uploadPath(dataDir, uploadId);
  const size = await sizeOf(file);
  if (!size) throw badRequest(MSG.uploadNotFound);
  if (size > AVATAR_MAX_BYTES) throw tooLarge(MSG.avatarTooLarge);
  const kind = await avatarKind(file);
  if (!kind) throw badRequest(MSG.avatarTypeNotAllowed);

  const key = `${randomUUID()}.${kind}`;
  const dir = avatarsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const to = path.join(dir, key);
  try {
    await rename(file, to);
  } catch {
    await copyFile(file, to);
    await rm(file, { force: true });
  }
  await rm(`${file}.json`, { force: true }); // tus metadata of the finished upload

  const [before] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, user.id)).for('update');
  const avatar = `${AVATAR_ROUTE}/${key}`;
  // The users row's version trigger makes the pull re-send the user document with the new picture.
  await tx.update(users).set({ avatar, updatedAt: new Date() }).where(eq(users.id, user.id));
  await audit(tx, { actorId: user.id, action: 'user.avatar', entity: 'users', entityId: user.id, detail: { kind, size } });
  return { avatar, replaced: avatarKey(before?.avatar ?? null) };
}

/** Removes a replaced picture (best effort: a leftover file only costs space). */
export async function removeAvatar(dataDir: string, key: string | null): Promise<void> {
  const p = key ? avatarPath(dataDir, key) : null;
  if (p) await rm(p, { force: true }).catch(() => undefined);
}

export async function avatarFile(dataDir: string, key: string): Promise<{ file: string; kind: AvatarKind; size: number } | null> {
  const file = avatarPath(dataDir, key);
  const size = file ? await sizeOf(file) : null;
  if (!file || size == null) return null;
  return { file, kind: key.slice(key.lastIndexOf('.') + 1) as AvatarKind, size };
}
