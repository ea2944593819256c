/**
 * Profile picture preparation in the browser: the chosen image is centre-cropped to a square and drawn at
 * AVATAR_PX × AVATAR_PX, encoded as WebP (PNG where the browser cannot encode WebP), so what is stored offline and
 * uploaded is small. The server still checks the type by content and the size.
 */
import { AVATAR_PX } from '../../../shared/constants.js';

export interface PreparedAvatar {
  /** The resized image to upload. */
  file: Blob & { name: string };
  /** A data URL of the same image, shown before the upload has finished. */
  preview: string;
}

export const AVATAR_ACCEPT = 'image/jpeg,image/png,image/webp';

export async function resizeAvatar(source: Blob): Promise<PreparedAvatar> {
  const bitmap = await createImageBitmap(source);
  const side = Math.min(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_PX;
  canvas.height = AVATAR_PX;
  const g = canvas.getContext('2d');
  if (!g) throw new Error('This browser cannot resize images.');
  g.imageSmoothingQuality = 'high';
  g.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, AVATAR_PX, AVATAR_PX);
  bitmap.close();
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The image could not be encoded.'))), 'image/webp', 0.85),
  );
  const ext = blob.type === 'image/webp' ? 'webp' : 'png';
  const file = Object.assign(blob, { name: `avatar.${ext}` });
  const preview = await new Promise<string>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('The image could not be read.'));
    r.readAsDataURL(blob);
  });
  return { file, preview };
}
