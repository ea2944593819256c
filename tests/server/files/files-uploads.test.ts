/**
 * /api/files on the disk store: ownership is decided on the id tus acts on (no URL trick reaches another user's
 * upload with any method), per-kind limits and the per-user quota refuse at creation with 413 and a message
 * saying what is allowed/left, GET /api/files/limits reports them, and deleted or purged uploads free quota.
 */
import { mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ARTIFACT_KIND_MAX_BYTES, FileLimits, uploadTooLargeMessage } from '../../../src/shared/contract/files.js';
import { MSG } from '../../../src/shared/messages.js';
import { purgeAbandonedUploads, UPLOAD_RETENTION_DAYS } from '../../../src/server/services/housekeeping/index.js';
import { uploadPath } from '../../../src/server/storage/index.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { createUpload, newUpload, offsetOf, patch, trickTargets, tusRequest } from '../support/files-tus.js';

const MiB = 1024 * 1024;
const QUOTA = 30 * MiB;
let t: TestApp;
let dataDir: string;
let a: string; // faculty (victim)
let b: string; // faculty2 (attacker)

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'observa-files-'));
  t = await createTestApp({ config: { dataDir, uploadQuotaBytes: QUOTA } });
});
beforeEach(async () => {
  rmSync(path.join(dataDir, 'uploads'), { recursive: true, force: true });
  await t.reset();
  a = await t.login('faculty');
  b = await t.login('faculty2');
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const bytes = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff));

describe('ownership of uploads', () => {
  it('no method reaches another user’s upload through a query string, dot segments, encoded slashes or extra segments', async () => {
    const victim = await newUpload(t.app, a, 20);
    expect((await patch(t.app, `/api/files/${victim}`, a, 0, bytes(10))).statusCode).toBe(204);
    const own = await newUpload(t.app, b, 20);

    for (const url of trickTargets(own, victim)) {
      for (const method of ['HEAD', 'GET', 'DELETE'] as const) {
        const res = await tusRequest(t.app, method, url, b);
        expect([400, 404], `${method} ${url}`).toContain(res.statusCode);
      }
      const res = await patch(t.app, url, b, 10, bytes(10, 99));
      expect([400, 404], `PATCH ${url}`).toContain(res.statusCode);
      // the attacker's own upload was not touched through the trick either (it is not what the URL names)
      expect(await offsetOf(t.app, own, b)).toBe(0);
    }
    // Plainly, too.
    for (const method of ['HEAD', 'GET', 'DELETE'] as const) expect((await tusRequest(t.app, method, `/api/files/${victim}`, b)).statusCode).toBe(404);
    expect((await patch(t.app, `/api/files/${victim}`, b, 10, bytes(10, 99))).statusCode).toBe(404);

    // The victim's upload is intact and still theirs: offset 10, then completed and downloaded unchanged.
    expect(await offsetOf(t.app, victim, a)).toBe(10);
    expect((await patch(t.app, `/api/files/${victim}`, a, 10, bytes(10, 2))).statusCode).toBe(204);
    const got = await tusRequest(t.app, 'GET', `/api/files/${victim}`, a);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(Buffer.concat([bytes(10), bytes(10, 2)]))).toBe(true);
    // …and the owner's own strict URL still works for every method.
    expect((await tusRequest(t.app, 'DELETE', `/api/files/${victim}`, a)).statusCode).toBe(204);
    expect(await offsetOf(t.app, victim, a)).toBeNull();
  });

  it('an upload without an owner (left by something else) is nobody’s', async () => {
    const id = await newUpload(t.app, a, 10);
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${uploadPath(dataDir, id)}.json`, JSON.stringify({ id, size: 10, offset: 0, metadata: {} }));
    expect((await tusRequest(t.app, 'HEAD', `/api/files/${id}`, a)).statusCode).toBe(404);
  });
});

describe('size limits and quota at creation', () => {
  it('refuses a file over its kind’s limit with 413 and says the limit; a video may be larger than an image', async () => {
    const png = await createUpload(t.app, a, 21 * MiB, 'image/png', 'photo.png');
    expect(png.statusCode).toBe(413);
    expect(png.json()).toEqual({ error: 'PNG images may be at most 20 MB; this file is 21 MB.' });
    expect(png.json().error).toBe(uploadTooLargeMessage(21 * MiB, 'png', QUOTA, QUOTA));
    // no type, but the name says png (phones send documents and photos without a type)
    const byName = await createUpload(t.app, a, 21 * MiB, '', 'photo.PNG');
    expect(byName.statusCode).toBe(413);
    expect(byName.json().error).toMatch(/^PNG images may be at most 20 MB/);
    const jpeg = await createUpload(t.app, a, ARTIFACT_KIND_MAX_BYTES.jpeg + 1, 'image/jpeg');
    expect(jpeg.statusCode).toBe(413);
    // a video of the same size is fine
    expect((await createUpload(t.app, a, 21 * MiB, 'video/mp4', 'clip.mp4')).statusCode).toBe(201);
    // a type that can never be registered is refused at once
    const html = await createUpload(t.app, a, 10, 'text/html', 'x.html');
    expect(html.statusCode).toBe(400);
    expect(html.json()).toEqual({ error: MSG.artifactTypeNotAllowed });
    // over every kind's limit (tus's own check)
    const huge = await createUpload(t.app, a, 300 * MiB, undefined);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error).toMatch(/may be at most 200 MB; this file is 300 MB\.$/);
    // the length must be declared (quota counts it)
    const deferred = await tusRequest(t.app, 'POST', '/api/files', a, { 'upload-defer-length': '1' });
    expect(deferred.statusCode).toBe(400);
  });

  it('counts the declared length of the user’s uploads against the quota; deleting or purging one frees it', async () => {
    const first = await newUpload(t.app, a, 20 * MiB, 'video/mp4');
    const over = await createUpload(t.app, a, 11 * MiB, 'application/pdf', 'plan.pdf');
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: 'Your uploads may use at most 30 MB; 10 MB is left and this file is 11 MB.' });
    // another user's quota is their own
    expect((await createUpload(t.app, b, 11 * MiB, 'application/pdf')).statusCode).toBe(201);

    const limits = await t.get('/api/files/limits', a);
    expect(limits.statusCode).toBe(200);
    const body = FileLimits.parse(limits.json());
    expect(body).toMatchObject({ quotaBytes: QUOTA, usedBytes: 20 * MiB, remainingBytes: 10 * MiB });
    expect(body.types).toContainEqual({ kind: 'png', maxBytes: 20 * MiB });
    expect(body.types).toContainEqual({ kind: 'mp4', maxBytes: ARTIFACT_KIND_MAX_BYTES.mp4 });
    expect((await t.get('/api/files/limits')).statusCode).toBe(401);

    // terminating the upload frees its quota
    expect((await tusRequest(t.app, 'DELETE', `/api/files/${first}`, a)).statusCode).toBe(204);
    const second = await newUpload(t.app, a, 11 * MiB, 'application/pdf');
    expect((await createUpload(t.app, a, 20 * MiB, 'video/mp4')).statusCode).toBe(413);

    // an abandoned upload purged by housekeeping frees it too
    const stale = new Date(Date.now() - (UPLOAD_RETENTION_DAYS + 1) * 86_400_000);
    for (const f of [uploadPath(dataDir, second), `${uploadPath(dataDir, second)}.json`]) utimesSync(f, stale, stale);
    expect(await purgeAbandonedUploads(t.app.deps.storage)).toBeGreaterThanOrEqual(1);
    expect((await createUpload(t.app, a, 20 * MiB, 'video/mp4')).statusCode).toBe(201);
    expect(FileLimits.parse((await t.get('/api/files/limits', a)).json()).remainingBytes).toBe(10 * MiB);
  });
});
