/**
 * Uploads and artifacts in an S3-compatible store: a REAL S3 server (@20minutes/s3rver on 127.0.0.1, a temp
 * directory, its own bucket) and two app instances sharing it and the same database. An upload begun on one
 * instance continues on the other (the owner and the parts are read from the bucket, never from memory), is
 * registered, and downloads byte for byte; ownership, the quota and housekeeping work as on disk.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { artifacts, users } from '../../../src/server/db/schema.js';
import type { S3Config } from '../../../src/server/config.js';
import { FileLimits } from '../../../src/shared/contract/files.js';
import { purgeAbandonedUploads } from '../../../src/server/services/housekeeping/index.js';
import { createTestApp, testConfig, type TestApp } from '../support/helpers.js';
import { actors, bothObservationsDone, initiate, key, type Actors } from '../support/observations-fixture.js';
import { SAMPLES } from '../support/observations-upload.js';
import { createUpload, newUpload, offsetOf, patch, trickTargets, tusRequest } from '../support/files-tus.js';

const MiB = 1024 * 1024;
const QUOTA = 40 * MiB;
let s3dir: string;
let dataDir: string;
let server: S3rver;
let s3: S3Config;
let t: TestApp; // instance 1 (owns the database)
let app2: FastifyInstance; // instance 2: same database, same bucket
let a: Actors;

beforeAll(async () => {
  s3dir = mkdtempSync(path.join(tmpdir(), 'observa-s3rver-'));
  dataDir = mkdtempSync(path.join(tmpdir(), 'observa-s3-data-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', directory: s3dir, silent: true, configureBuckets: [{ name: 'observa-test' }] });
  const { port } = await server.run();
  // s3rver's built-in account
  s3 = { endpoint: `http://127.0.0.1:${port}`, bucket: 'observa-test', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const config = { dataDir, s3, uploadQuotaBytes: QUOTA };
  t = await createTestApp({ config });
  app2 = await buildApp({ config: testConfig(config), dbHandle: t.handle, logger: false });
  await app2.ready();
  await t.reset();
  a = await actors(t);
});
afterAll(async () => {
  await app2?.close();
  await t?.close();
  await server?.close();
  rmSync(s3dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** A pdf of `size` bytes (the head makes it one by content). */
function pdfOf(size: number): Buffer {
  const buf = Buffer.alloc(size);
  SAMPLES.pdf().copy(buf);
  for (let i = 100; i < size; i++) buf[i] = (i * 7 + 3) & 0xff;
  return buf;
}

describe('S3-compatible store', () => {
  it('an upload begun on one instance continues on another, registers, and downloads from the bucket', async () => {
    expect(t.app.deps.storage.kind).toBe('s3');
    const id = await initiate(t, a);
    await bothObservationsDone(t, a, id);
    const postId = randomUUID();
    const post = await t.post('/api/observation/post-scheduling', { observationsId: id, id: postId, timeSlotsByObserver: ['2026-10-05T09:00:00Z'], location: 'Room 1' }, a.observer, key());
    expect(post.statusCode).toBe(201);

    // 1 MiB (below S3's part minimum: kept as <id>.part) on instance 1, 5 MiB on instance 2, the rest on 1.
    const file = pdfOf(9 * MiB + 123);
    const uploadId = await newUpload(t.app, a.faculty, file.length);
    const url = `/api/files/${uploadId}`;
    const cuts = [0, 1 * MiB, 6 * MiB, file.length];
    const apps = [t.app, app2, t.app];
    for (let i = 0; i < 3; i++) {
      const other = apps[(i + 1) % 2];
      // each instance sees the offset the other one wrote, and the owner it recorded
      expect(await offsetOf(other, uploadId, a.faculty)).toBe(cuts[i]);
      expect(await offsetOf(other, uploadId, a.faculty2)).toBeNull();
      const res = await patch(apps[i], url, a.faculty, cuts[i], file.subarray(cuts[i], cuts[i + 1]));
      expect(res.statusCode, res.body).toBe(204);
      expect(Number(res.headers['upload-offset'])).toBe(cuts[i + 1]);
    }
    const stored = await app2.deps.storage.upload(uploadId);
    expect(stored).toMatchObject({ complete: true, size: file.length, offset: file.length });
    expect(stored?.metadata.owner).toBe(a.ids.faculty);

    // registered through instance 2, downloaded through instance 1 (streamed from the bucket)
    const reg = await app2.inject({ method: 'POST', url: `/api/upload-artifact/${postId}`, headers: { authorization: `Bearer ${a.faculty}`, ...key() }, payload: { fileURL: url, name: 'plan.pdf' } });
    expect(reg.statusCode, reg.body).toBe(201);
    expect(reg.json().type).toBe('pdf');
    const got = await t.get(reg.json().fileURL, a.observer);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(Number(got.headers['content-length'])).toBe(file.length);
    expect(got.rawPayload.equals(file)).toBe(true);
    // The store's ranged read (what a calibration video's HTTP byte ranges use) gives exactly the bytes asked for:
    // one byte, the head, across the parts the upload arrived in, the last byte. (Not `bytes=0-0`: s3rver answers
    // it with the whole object, which S3 itself does not.)
    const [artifactRow] = await t.db.select({ key: artifacts.storageKey }).from(artifacts).where(eq(artifacts.id, reg.json().id));
    const ranges: [number, number][] = [[1, 1], [0, 99], [MiB - 5, MiB + 5], [6 * MiB - 1, 6 * MiB], [file.length - 1, file.length - 1]];
    for (const [start, end] of ranges) {
      const chunks: Buffer[] = [];
      for await (const chunk of await app2.deps.storage.openArtifact(artifactRow!.key, { start, end })) chunks.push(Buffer.from(chunk as Uint8Array));
      const bytes = Buffer.concat(chunks);
      expect(bytes.length, `bytes ${start}-${end}`).toBe(end - start + 1);
      expect(bytes.equals(file.subarray(start, end + 1)), `bytes ${start}-${end}`).toBe(true);
    }
    // the upload is gone from the bucket once registered; the artifact counts against the quota instead
    expect(await t.app.deps.storage.upload(uploadId)).toBeNull();
    const limits = FileLimits.parse((await app2.inject({ method: 'GET', url: '/api/files/limits', headers: { authorization: `Bearer ${a.faculty}` } })).json());
    expect(limits.usedBytes).toBe(file.length);

    // content sniffing works on S3 too: a zip that is no Word document is refused at registration
    const zip = SAMPLES.zip();
    const zipId = await newUpload(t.app, a.faculty, zip.length, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect((await patch(app2, `/api/files/${zipId}`, a.faculty, 0, zip)).statusCode).toBe(204);
    const bad = await t.post(`/api/upload-artifact/${postId}`, { uploadId: zipId, name: 'x.docx' }, a.faculty, key());
    expect(bad.statusCode).toBe(400);
    const docx = SAMPLES.docx();
    const docxId = await newUpload(app2, a.faculty, docx.length, '');
    expect((await patch(t.app, `/api/files/${docxId}`, a.faculty, 0, docx)).statusCode).toBe(204);
    expect((await t.post(`/api/upload-artifact/${postId}`, { uploadId: docxId, name: 'x.docx' }, a.faculty, key())).json().type).toBe('docx');
  });

  it('a profile picture uploaded on one instance is registered on the other and served from the bucket', async () => {
    const picture = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const uploadId = await newUpload(t.app, a.faculty, picture.length, 'image/png');
    expect((await patch(t.app, `/api/files/${uploadId}`, a.faculty, 0, picture)).statusCode).toBe(204);
    const set = await app2.inject({ method: 'PUT', url: '/api/user/avatar', headers: { authorization: `Bearer ${a.faculty}`, ...key() }, payload: { fileURL: `/api/files/${uploadId}` } });
    expect(set.statusCode, set.body).toBe(200);
    const got = await t.get(set.json().avatar);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    // Served from the bucket as the server re-encoded it (services/users/avatar.ts).
    expect(await sharp(got.rawPayload).metadata()).toMatchObject({ format: 'png', width: 32, height: 32 });
    // The upload was promoted: it no longer counts as an upload in the bucket.
    expect(await t.app.deps.storage.upload(uploadId)).toBeNull();
  });

  it('ownership, quota and housekeeping work the same on S3', async () => {
    const victim = await newUpload(t.app, a.faculty, 20);
    expect((await patch(app2, `/api/files/${victim}`, a.faculty, 0, Buffer.alloc(10, 1))).statusCode).toBe(204);
    const own = await newUpload(app2, a.faculty2, 20);
    for (const url of trickTargets(own, victim)) {
      for (const app of [t.app, app2]) {
        for (const method of ['HEAD', 'GET', 'DELETE'] as const) expect([400, 404], `${method} ${url}`).toContain((await tusRequest(app, method, url, a.faculty2)).statusCode);
        expect([400, 404], `PATCH ${url}`).toContain((await patch(app, url, a.faculty2, 10, Buffer.alloc(10, 9))).statusCode);
      }
    }
    expect((await tusRequest(app2, 'DELETE', `/api/files/${victim}`, a.faculty2)).statusCode).toBe(404);
    expect(await offsetOf(app2, victim, a.faculty)).toBe(10);
    expect(await offsetOf(t.app, own, a.faculty2)).toBe(0);

    // quota: what faculty already holds (the registered artifacts and this upload) plus a new one
    const before = FileLimits.parse((await t.get('/api/files/limits', a.faculty)).json());
    expect(before.quotaBytes).toBe(QUOTA);
    const tooMuch = await createUpload(app2, a.faculty, before.remainingBytes + 1, 'video/mp4');
    expect(tooMuch.statusCode).toBe(413);
    expect(tooMuch.json().error).toMatch(/^Your uploads may use at most 40 MB; .* is left and this file is/);
    const big = await newUpload(app2, a.faculty, before.remainingBytes, 'video/mp4');
    expect((await createUpload(t.app, a.faculty, 1, 'application/pdf')).statusCode).toBe(413);
    // terminated on the other instance: freed
    expect((await tusRequest(t.app, 'DELETE', `/api/files/${big}`, a.faculty)).statusCode).toBe(204);
    expect((await createUpload(t.app, a.faculty, 1, 'application/pdf')).statusCode).toBe(201);

    // housekeeping purges abandoned uploads from the bucket, which frees their quota
    const later = new Date(Date.now() + 15 * 86_400_000);
    expect(await purgeAbandonedUploads(t.app.deps.storage, later)).toBeGreaterThanOrEqual(3);
    expect(await offsetOf(app2, victim, a.faculty)).toBeNull();
    expect(await t.app.deps.storage.listUploads()).toEqual([]);
    // what is left counted is exactly the registered artifacts and the profile picture set above
    const after = FileLimits.parse((await t.get('/api/files/limits', a.faculty)).json());
    const registered = await t.db.select({ size: artifacts.size }).from(artifacts).where(eq(artifacts.uploadedBy, a.ids.faculty));
    expect(registered.length).toBe(2);
    const [me] = await t.db.select({ picture: users.avatarSize }).from(users).where(eq(users.id, a.ids.faculty));
    expect(me?.picture).toBeGreaterThan(0);
    expect(after.usedBytes).toBe(registered.reduce((n, r) => n + r.size, 0) + (me?.picture ?? 0));
    expect(after.usedBytes).toBeLessThan(before.usedBytes - 20);
  });
});
