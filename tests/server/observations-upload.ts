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
  docx: () => Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('....[Content_Types].xml....word/document.xml....'), randomBytes(64)]),
  exe: () => Buffer.concat([Buffer.from('MZ'), randomBytes(64)]),
  html: () => Buffer.from('<html><script>alert(1)</script></html>'),
} as const;

export function writeUpload(t: TestApp, bytes: Buffer, uploadId = randomBytes(16).toString('hex')): string {
  const dir = path.join(t.app.deps.config.dataDir, 'uploads');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, uploadId), bytes);
  return uploadId;
}

export async function uploadArtifact(t: TestApp, postId: string, token: string, kind: keyof typeof SAMPLES, name = `evidence.${kind}`, id = randomUUID()) {
  const uploadId = writeUpload(t, SAMPLES[kind]());
  return t.post(`/api/upload-artifact/${postId}`, { id, fileURL: `/api/files/${uploadId}`, name, type: 'application/octet-stream' }, token, key());
}
