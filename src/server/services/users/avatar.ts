/**
 * Profile pictures. PUT /user/avatar registers a finished tus upload of the caller's own as
 * their picture; GET /avatar/{key} serves it.
 *
 *   upload <uploadId>       the finished tus upload, in the configured store (disk or S3, src/server/storage)
 *   avatars/<uuid>.<ext>    the registered picture as the server re-encoded it, under a generated key (storage AVATAR_KEY)
 *
 * Rules: the upload must be complete and owned by the caller (the tus endpoint records the owner); at most
 * AVATAR_MAX_BYTES (the client resizes to a 256 px square first; 413 otherwise); JPEG, PNG or WebP decided by the
 * content (storage/sniff.ts for JPEG and PNG, the RIFF/WEBP header here), never by the name or declared type;
 * then decoded and re-encoded by sharp within AVATAR_MAX_PX (reencodePicture): what does not decode, or declares
 * more than AVATAR_MAX_INPUT_PIXELS, is a 400 naming the file. The stored picture is the re-encoded one.
 *
 * The picture URL is unguessable (a random uuid) and served without a bearer token: an <img> cannot send one.
 * Keys never repeat, so the answer is immutable and the browser's HTTP cache keeps it (no service-worker cache yet).
 * A replaced picture's file is removed after the new one is committed (see the route).
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { AVATAR_MAX_BYTES } from '../../../shared/constants.js';
import type { AvatarRequest } from '../../../shared/contract/users.js';
import { MSG } from '../../../shared/messages.js';
import { users } from '../../db/schema.js';
import { badRequest, HttpError, tooLarge } from '../errors.js';
import type { AuthUser } from '../deps.js';
import { AVATAR_KEY, sniffUpload, type FileStorage } from '../../storage/index.js';
import { uploadIdFrom } from '../observations/artifact-files.js';
import type { WriteContext } from '../write-context.js';

export type AvatarKind = 'jpeg' | 'png' | 'webp';
export const AVATAR_MIME: Record<AvatarKind, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
export const AVATAR_ROUTE = '/api/avatar';

/** The store key of a picture named in a URL (`<uuid>.<ext>`), or null when it is not one of ours. */
function storedKey(name: string): string | null {
  const key = `avatars/${name}`;
  return AVATAR_KEY.test(key) ? key : null;
}

/** The store key inside a user's `avatar` URL, or null (no picture, or one set some other way). */
export function avatarKey(url: string | null): string | null {
  return url?.startsWith(`${AVATAR_ROUTE}/`) ? storedKey(url.slice(AVATAR_ROUTE.length + 1)) : null;
}

/** JPEG / PNG through the shared sniffer; WebP is "RIFF" <size> "WEBP". */
async function avatarKind(storage: FileStorage, id: string, size: number): Promise<AvatarKind | null> {
  const sniffed = await sniffUpload(storage, id, size);
  if (sniffed === 'jpeg' || sniffed === 'png') return sniffed;
  if (sniffed) return null;
  const head = await storage.readUpload(id, 0, 12);
  return head.length === 12 && head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP' ? 'webp' : null;
}

/**
 * Sets the caller's picture. Returns the new URL and the key of the picture it replaces (to remove once the
 * transaction has committed). The upload is moved before commit: should the transaction then fail, the client's
 * retry finds no upload (400) and the change shows as needing attention — never a user pointing at no file.
 */
export async function registerAvatar(ctx: WriteContext, user: AuthUser, storage: FileStorage, body: AvatarRequest): Promise<{ avatar: string; replaced: string | null }> {
  const { tx } = ctx;
  const uploadId = uploadIdFrom(body.uploadId, body.fileURL);
  const upload = uploadId ? await storage.upload(uploadId) : null;
  if (!uploadId || !upload || !upload.complete || upload.metadata.owner !== user.id) throw badRequest(MSG.uploadNotFound);
  const size = upload.offset;
  if (!size) throw badRequest(MSG.uploadNotFound);
  if (size > AVATAR_MAX_BYTES) throw tooLarge(MSG.avatarTooLarge);
  const kind = await avatarKind(storage, uploadId, size);
  if (!kind) throw badRequest(MSG.avatarTypeNotAllowed);

  // Decoded and written again within bounds (never the uploaded bytes): what every viewer's browser decodes is
  // an image the server made, at most AVATAR_MAX_PX a side, without the upload's metadata.
  const fileName = upload.metadata.filename?.trim() || 'the picture';
  const picture = await reencodePicture(await storage.readUpload(uploadId, 0, size), kind, fileName);
  const name = `${randomUUID()}.${kind}`;
  await storage.writeStored(`avatars/${name}`, picture);
  await storage.removeUpload(uploadId);

  const [before] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, user.id)).for('update');
  const avatar = `${AVATAR_ROUTE}/${name}`;
  // The users row's version trigger makes the pull re-send the user document with the new picture.
  // Its size counts in the user's quota (services/uploads/quota.ts).
  await tx.update(users).set({ avatar, avatarSize: picture.length, updatedAt: new Date() }).where(eq(users.id, user.id));
  ctx.audit({ actorId: user.id, action: 'user.avatar', entity: 'users', entityId: user.id, detail: { kind, size } });
  return { avatar, replaced: avatarKey(before?.avatar ?? null) };
}

/** The longest side of a stored picture, in pixels (the client already sends AVATAR_PX; room for sharp screens). */
export const AVATAR_MAX_PX = 1024;
/**
 * Pictures declaring more pixels than this are refused before decoding: a small file can declare 20 000 × 20 000
 * (400 million pixels, over a gigabyte to decode). A phone photo is 12–50 megapixels.
 */
export const AVATAR_MAX_INPUT_PIXELS = 50_000_000;

sharp.cache(false);

/**
 * Decodes the picture (refusing what does not decode, or declares too many pixels: 400 naming the file) and
 * encodes it again in its own format, fitted inside AVATAR_MAX_PX, rotated upright, metadata dropped.
 */
export async function reencodePicture(bytes: Buffer, kind: AvatarKind, fileName: string): Promise<Buffer> {
  let image: Sharp;
  try {
    // The header first (no pixel is decoded to read it), so a declared size over the bound is named as such.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) throw new Error('no dimensions');
    if (meta.width * meta.height > AVATAR_MAX_INPUT_PIXELS) throw badRequest(MSG.avatarTooManyPixels(fileName, AVATAR_MAX_INPUT_PIXELS));
    image = sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, failOn: 'error', sequentialRead: true });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw badRequest(MSG.avatarUnreadable(fileName));
  }
  const fitted = image.rotate().resize({ width: AVATAR_MAX_PX, height: AVATAR_MAX_PX, fit: 'inside', withoutEnlargement: true });
  const encoded = kind === 'png' ? fitted.png() : kind === 'webp' ? fitted.webp({ quality: 85 }) : fitted.jpeg({ quality: 85, mozjpeg: true });
  try {
    return await encoded.toBuffer();
  } catch {
    // The header read but the pixel data did not (truncated or corrupt).
    throw badRequest(MSG.avatarUnreadable(fileName));
  }
}

/** Removes a replaced picture (best effort: a leftover file only costs space). */
export async function removeAvatar(storage: FileStorage, key: string | null): Promise<void> {
  if (key) await storage.removeArtifact(key).catch(() => undefined);
}

/** The picture named `<uuid>.<ext>` in a URL, or null when there is none. */
export async function avatarFile(storage: FileStorage, name: string): Promise<{ kind: AvatarKind; size: number; open: () => Promise<Readable> } | null> {
  const key = storedKey(name);
  const size = key ? await storage.artifactSize(key) : null;
  if (!key || size == null) return null;
  return { kind: key.slice(key.lastIndexOf('.') + 1) as AvatarKind, size, open: () => storage.openArtifact(key) };
}
