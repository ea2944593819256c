/**
 * Everything leaves compressed: the built client as the build precompressed it (`.br`/`.gz` beside each file), and
 * every JSON answer longer than one TCP segment (COMPRESS_MIN_BYTES; the sync feed above all) compressed per
 * request; smaller answers stay plain.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../../../src/server/app.js';
import { createTestApp, type TestApp } from '../support/helpers.js';

let t: TestApp;
let clientDir: string;
const asset = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const style = `.root{color:#1c7ed6}${'.c{margin:0 auto;padding:1rem}'.repeat(200)}`;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'observa-client-'));
  const html = `<!doctype html><title>Observa</title><div id="root"></div><!-- ${'pad '.repeat(400)} -->`;
  writeFileSync(path.join(clientDir, 'index.html'), html);
  writeFileSync(path.join(clientDir, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(path.join(clientDir, 'index.html.gz'), gzipSync(html));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js'), asset);
  writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js.br'), brotliCompressSync(asset));
  writeFileSync(path.join(clientDir, 'assets', 'main-abc123.js.gz'), gzipSync(asset));
  writeFileSync(path.join(clientDir, 'assets', 'index-Bc9dE2f1.css'), style);
  writeFileSync(path.join(clientDir, 'assets', 'index-Bc9dE2f1.css.br'), brotliCompressSync(style));
  writeFileSync(path.join(clientDir, 'assets', 'index-Bc9dE2f1.css.gz'), gzipSync(style));
  t = await createTestApp({ config: { clientDir } });
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('compression', () => {
  it('sends the precompressed brotli or gzip file, immutable for hashed assets', async () => {
    const br = await t.request('GET', '/assets/main-abc123.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(asset);

    const gz = await t.request('GET', '/assets/main-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(asset);

    const plain = await t.request('GET', '/assets/main-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(asset);
  });

  it('sends stylesheets precompressed and immutable too', async () => {
    const br = await t.request('GET', '/assets/index-Bc9dE2f1.css', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/text\/css/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(style);
    const gz = await t.request('GET', '/assets/index-Bc9dE2f1.css', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(style);
  });

  it('sends the app shell compressed for client routes, revalidated', async () => {
    const res = await t.request('GET', '/observations/list-observation', { headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<div id="root">');
  });

  it('compresses the sync feed and other JSON longer than one TCP segment, not smaller answers', async () => {
    const token = await t.login('superadmin');
    const feed = await t.request('GET', '/api/sync/changes?since=0', { token, headers: { 'accept-encoding': 'br, gzip' } });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(feed.rawPayload).toString();
    expect(body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(feed.rawPayload.length).toBeLessThan(body.length / 3);
    expect(JSON.parse(body)).toHaveProperty('cursor');

    const gz = await t.request('GET', '/api/sync/changes?since=0', { token, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toHaveProperty('cursor');

    const small = await t.request('GET', '/api/auth/me', { token, headers: { 'accept-encoding': 'br' } });
    expect(small.statusCode).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it("sends an answer that fits in one segment plain and one of the threshold's length compressed (a profile edit's answer grown by its text fields)", async () => {
    const me = await t.loginUser('faculty');
    // `n` characters spread over four one-line fields (each at most TEXT_MAX.line), so the answer grows by n - 4.
    const fields = ['phone', 'designation', 'institute', 'degree'] as const;
    const put = (n: number) => {
      const body = Object.fromEntries(fields.map((f, i) => [f, 'x'.repeat(Math.floor(n / 4) + (i < n % 4 ? 1 : 0))]));
      return t.request('PUT', `/api/user/update/${me.id}`, { token: me.token, body, headers: { 'accept-encoding': 'br, gzip', 'idempotency-key': randomUUID() } });
    };
    const base = await put(4);
    expect(base.statusCode).toBe(200);
    expect(base.headers['content-encoding']).toBeUndefined();
    const room = COMPRESS_MIN_BYTES - base.rawPayload.length;
    expect(room).toBeGreaterThan(2); // the demo faculty member's answer is under the threshold to begin with
    // One byte under the threshold, then the threshold itself.
    const under = await put(4 + room - 1);
    expect(under.statusCode).toBe(200);
    expect(under.headers['content-encoding']).toBeUndefined();
    expect(under.rawPayload.length).toBe(COMPRESS_MIN_BYTES - 1);
    const at = await put(4 + room);
    expect(at.statusCode).toBe(200);
    expect(at.headers['content-encoding']).toBe('br');
    const doc = brotliDecompressSync(at.rawPayload).toString();
    expect(doc.length).toBe(COMPRESS_MIN_BYTES);
    expect(JSON.parse(doc).phone).toMatch(/^x+$/);
  });
});
