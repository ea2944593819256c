/**
 * Test stand-in for a finished tus upload: writes the bytes where the tus endpoint leaves a finished upload
 * (DATA_DIR/uploads/<id>) and registers it through the real POST /api/upload-artifact/{id}.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestApp } from './helpers.js';
import { key } from './observations-fixture.js';

export const SAMPLES = {
  pdf: () => Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'latin1'), randomBytes(64)]),
  png: () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]),
  jpeg: () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]),
  mp4: () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), randomBytes(64)]),
  docx: () => zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' }),
  /** A zip that is not a Word document. */
  zip: () => zip({ 'hello.txt': 'hello' }),
  exe: () => Buffer.concat([Buffer.from('MZ'), randomBytes(64)]),
  html: () => Buffer.from('<html><script>alert(1)</script></html>'),
} as const;

/** A minimal stored (uncompressed) zip with a central directory, enough for content sniffing. */
function zip(files: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const n = Buffer.from(name);
    const data = Buffer.from(text);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(n.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(n.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, n, data);
    centrals.push(central, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** Writes a finished upload as the tus file store leaves it: the file plus `<id>.json` with size and owner. */
export function writeUpload(t: TestApp, bytes: Buffer, owner: string, opts: { complete?: boolean } = {}): string {
  const uploadId = randomBytes(16).toString('hex');
  const dir = path.join(t.app.deps.config.dataDir, 'uploads');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, uploadId), bytes);
  const size = opts.complete === false ? bytes.length + 100 : bytes.length;
  writeFileSync(path.join(dir, `${uploadId}.json`), JSON.stringify({ id: uploadId, size, offset: bytes.length, metadata: { filename: 'x', owner } }));
  return uploadId;
}

export async function uploadArtifact(t: TestApp, postId: string, token: string, kind: keyof typeof SAMPLES, name = `evidence.${kind}`, id = randomUUID()) {
  const me = (await t.get('/api/auth/me', token)).json() as { id?: string };
  const uploadId = writeUpload(t, SAMPLES[kind](), me.id ?? 'unknown');
  return t.post(`/api/upload-artifact/${postId}`, { id, fileURL: `/api/files/${uploadId}`, name, type: 'application/octet-stream' }, token, key());
}
