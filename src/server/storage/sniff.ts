/**
 * File type by content (magic bytes), never by the name or the client's declared type:
 *   pdf  "%PDF-"            png  89 50 4E 47 0D 0A 1A 0A      jpeg FF D8 FF
 *   mp4  "ftyp" at byte 4   docx a zip whose central directory lists [Content_Types].xml and word/…
 */
import { open } from 'node:fs/promises';

export type SniffedType = 'pdf' | 'docx' | 'jpeg' | 'png' | 'mp4';

export const SNIFFED_MIME: Record<SniffedType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpeg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
};

/** Reads up to `length` bytes at `position` (fewer at the end). */
export type ReadAt = (position: number, length: number) => Promise<Buffer>;

/** Type of a local file by content. */
export async function sniffFileType(file: string): Promise<SniffedType | null> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    return await sniffBytes(size, async (position, length) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await fh.read(buf, 0, length, position);
      return buf.subarray(0, bytesRead);
    });
  } finally {
    await fh.close();
  }
}

/** Type of a finished upload in any store (FileStorage.readUpload: ranged reads, never the whole file). */
export function sniffUpload(storage: { readUpload(id: string, position: number, length: number): Promise<Buffer> }, id: string, size: number): Promise<SniffedType | null> {
  return sniffBytes(size, (position, length) => storage.readUpload(id, position, length));
}

export async function sniffBytes(size: number, readAt: ReadAt): Promise<SniffedType | null> {
  const head = await readAt(0, Math.min(size, 16));
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  if (head.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
    const names = await zipEntryNames(readAt, size);
    if (names.includes('[Content_Types].xml') && names.some((n) => n.startsWith('word/'))) return 'docx';
  }
  return null;
}

/** Entry names from the zip's central directory (end-of-central-directory record within the last 64 KiB). */
async function zipEntryNames(readAt: ReadAt, size: number): Promise<string[]> {
  const tailLen = Math.min(size, 65_557);
  const tail = await readAt(size - tailLen, tailLen);
  let eocd = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return [];
  const cdSize = tail.readUInt32LE(eocd + 12);
  const cdOffset = tail.readUInt32LE(eocd + 16);
  if (cdOffset + cdSize > size || cdSize > 16 * 1024 * 1024) return [];
  const cd = await readAt(cdOffset, cdSize);
  const names: string[] = [];
  for (let p = 0; p + 46 <= cd.length && cd.readUInt32LE(p) === 0x02014b50; ) {
    const nameLen = cd.readUInt16LE(p + 28);
    const extraLen = cd.readUInt16LE(p + 30);
    const commentLen = cd.readUInt16LE(p + 32);
    names.push(cd.subarray(p + 46, p + 46 + nameLen).toString('utf8'));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}
