/**
 * Profile pictures: a real tus upload (POST + PATCH /api/files) registered with
 * PUT /api/user/avatar — JPEG/PNG/WebP by content only, size-checked, own finished uploads only — served by
 * GET /api/avatar/{key} without a token, and reaching devices through the user document in the sync pull.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { AVATAR_MAX_BYTES } from '../../../src/shared/constants.js';
import { MSG } from '../../../src/shared/messages.js';
import { AVATAR_MAX_INPUT_PIXELS, AVATAR_MAX_PX } from '../../../src/server/services/users/avatar.js';
import { createTestApp, type TestApp } from '../support/helpers.js';

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'observa-avatar-'));
  t = await createTestApp({ config: { dataDir } });
});
beforeEach(() => t.reset());
afterAll(() => t?.close());

const key = () => ({ 'idempotency-key': randomUUID() });
/** Real pictures (made with sharp, as a camera or the client's resize would): the server decodes what it stores. */
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
const IMAGES = {
  png: (w = 64, h = 64) => picture(w, h).png().toBuffer(),
  jpeg: (w = 64, h = 64) => picture(w, h).jpeg().toBuffer(),
  webp: (w = 64, h = 64) => picture(w, h).webp().toBuffer(),
};

/** A PNG whose header declares `width` × `height` (a few bytes of pixel data follow): a decompression bomb's shape. */
function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = deflateSync(Buffer.alloc(4 * (1 + width * 3)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', rows), chunk('IEND', Buffer.alloc(0))]);
}

/** A real tus 1.0 upload: create, then one PATCH with all bytes. Returns its `/api/files/<id>` path. */
async function tusUpload(token: string, bytes: Buffer, filetype = 'image/png'): Promise<string> {
  const meta = `filename ${Buffer.from('me.png').toString('base64')},filetype ${Buffer.from(filetype).toString('base64')}`;
  const create = await t.request('POST', '/api/files', {
    token,
    headers: { 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length), 'upload-metadata': meta },
  });
  expect(create.statusCode, create.body).toBe(201);
  const url = new URL(String(create.headers.location), 'http://local.invalid').pathname;
  const patch = await t.app.inject({
    method: 'PATCH',
    url,
    headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: bytes,
  });
  expect(patch.statusCode, patch.body).toBe(204);
  return url;
}

describe('PUT /api/user/avatar', () => {
  it('sets the caller’s picture from their upload; it is served without a token and reaches devices', async () => {
    const token = await t.login('faculty');
    const id = await t.userId('faculty');
    const bytes = await IMAGES.webp();
    const fileURL = await tusUpload(token, bytes, 'image/webp');
    const res = await t.put('/api/user/avatar', { fileURL }, token, key());
    expect(res.statusCode, res.body).toBe(200);
    const { message, avatar } = res.json();
    expect(message).toBe(MSG.avatarUpdated);
    expect(avatar).toMatch(/^\/api\/avatar\/[0-9a-f-]{36}\.webp$/);

    const img = await t.get(avatar);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    // What is served is the server's own encoding of the picture (same size here: within bounds).
    expect(await sharp(img.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 64, height: 64 });

    expect((await t.get(`/api/user/${id}`, token)).json().avatar).toBe(avatar);
    const feed = (await t.get('/api/sync/changes?since=0&limit=2000', token)).json();
    const me = feed.changes.find((c: { entity: string; id: string }) => c.entity === 'users' && c.id === id);
    expect(me.data.avatar).toBe(avatar);
    // The upload was moved away: it cannot be registered twice.
    expect((await t.put('/api/user/avatar', { fileURL }, token, key())).statusCode).toBe(400);
  });

  it('accepts JPEG and PNG by content, refuses anything else whatever its declared type', async () => {
    const token = await t.login('hod');
    for (const kind of ['jpeg', 'png'] as const) {
      const res = await t.put('/api/user/avatar', { fileURL: await tusUpload(token, await IMAGES[kind]()) }, token, key());
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().avatar.endsWith(`.${kind}`)).toBe(true);
    }
    for (const bytes of [Buffer.from('%PDF-1.7\n' + 'x'.repeat(100)), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), Buffer.concat([Buffer.from('RIFF'), randomBytes(4), Buffer.from('AVI '), randomBytes(50)])]) {
      const res = await t.put('/api/user/avatar', { fileURL: await tusUpload(token, bytes, 'image/png') }, token, key());
      expect([res.statusCode, res.json().error]).toEqual([400, MSG.avatarTypeNotAllowed]);
    }
  });

  it('refuses a too large picture (413), another user’s upload, and a missing upload (400)', async () => {
    const token = await t.login('faculty');
    const big = Buffer.concat([await IMAGES.png(), randomBytes(AVATAR_MAX_BYTES)]);
    const tooBig = await t.put('/api/user/avatar', { fileURL: await tusUpload(token, big) }, token, key());
    expect([tooBig.statusCode, tooBig.json().error]).toEqual([413, MSG.avatarTooLarge]);

    const theirs = await tusUpload(await t.login('faculty2'), await IMAGES.png());
    const stolen = await t.put('/api/user/avatar', { fileURL: theirs }, token, key());
    expect([stolen.statusCode, stolen.json().error]).toEqual([400, MSG.uploadNotFound]);
    expect((await t.put('/api/user/avatar', { fileURL: '/api/files/../../etc/passwd' }, token, key())).statusCode).toBe(400);
    expect((await t.put('/api/user/avatar', {}, token, key())).statusCode).toBe(400);
    expect((await t.put('/api/user/avatar', { fileURL: theirs })).statusCode).toBe(401);
  });

  it('replacing a picture removes the old file; unknown or unsafe keys are 404', async () => {
    const token = await t.login('faculty');
    const first = (await t.put('/api/user/avatar', { fileURL: await tusUpload(token, await IMAGES.png()) }, token, key())).json().avatar as string;
    const oldFile = path.join(dataDir, 'avatars', first.split('/').pop()!);
    expect(existsSync(oldFile)).toBe(true);
    const second = await t.put('/api/user/avatar', { fileURL: await tusUpload(token, await IMAGES.jpeg()) }, token, key());
    expect(second.statusCode).toBe(200);
    // Removed after the commit, once the answer has gone out.
    await expect.poll(() => existsSync(oldFile)).toBe(false);
    expect((await t.get(first)).statusCode).toBe(404);
    expect((await t.get(`/api/avatar/${randomUUID()}.png`)).statusCode).toBe(404);
    expect((await t.get('/api/avatar/..%2F..%2Fsecret.png')).statusCode).toBe(404);
  });

  it('decodes and re-encodes within bounds: a large picture is stored fitted inside AVATAR_MAX_PX, without its metadata', async () => {
    const token = await t.login('faculty');
    const withExif = await picture(3000, 1500).jpeg({ quality: 40 }).withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } }).toBuffer();
    expect(withExif.length).toBeLessThan(AVATAR_MAX_BYTES);
    const res = await t.put('/api/user/avatar', { fileURL: await tusUpload(token, withExif, 'image/jpeg') }, token, key());
    expect(res.statusCode, res.body).toBe(200);
    const served = (await t.get(res.json().avatar)).rawPayload;
    const meta = await sharp(served).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: AVATAR_MAX_PX, height: AVATAR_MAX_PX / 2 });
    expect(meta.exif).toBeUndefined();
    expect(served.includes(Buffer.from('secret-camera-owner'))).toBe(false);
  });

  it('refuses (400 naming the file) a picture declaring 20 000 × 20 000 pixels, and one that does not decode', async () => {
    const token = await t.login('faculty');
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const huge = await t.put('/api/user/avatar', { fileURL: await tusUpload(token, bomb) }, token, key());
    expect([huge.statusCode, huge.json().error]).toEqual([400, MSG.avatarTooManyPixels('me.png', AVATAR_MAX_INPUT_PIXELS)]);
    const garbage = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(300)]);
    const broken = await t.put('/api/user/avatar', { fileURL: await tusUpload(token, garbage) }, token, key());
    expect([broken.statusCode, broken.json().error]).toEqual([400, MSG.avatarUnreadable('me.png')]);
    const truncated = (await IMAGES.jpeg(400, 400)).subarray(0, 300);
    const cut = await t.put('/api/user/avatar', { fileURL: await tusUpload(token, truncated, 'image/jpeg') }, token, key());
    expect([cut.statusCode, cut.json().error]).toEqual([400, MSG.avatarUnreadable('me.png')]);
    // Nothing was set.
    expect((await t.get('/api/auth/me', token)).json().avatar ?? null).toBeNull();
  });
});
