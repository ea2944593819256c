/**
 * The resumable upload routes (/api/files, tus) follow CORS_ORIGINS like every other route: without a list no
 * answer carries any CORS header (tus's own default would be `Access-Control-Allow-Origin: *`); with a list, a
 * listed origin gets its CORS headers (preflight included) and any other origin none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { createTestApp, testConfig, type TestApp } from '../support/helpers.js';
import { TUS } from '../support/files-tus.js';

let t: TestApp;
let withCors: FastifyInstance;
let dataDir: string;
let token: string;
const LISTED = 'https://partner.university.edu';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'observa-files-cors-'));
  t = await createTestApp({ config: { dataDir } });
  await t.reset();
  withCors = await buildApp({ config: testConfig({ dataDir, corsOrigins: [LISTED] }), dbHandle: t.handle, logger: false });
  await withCors.ready();
  token = await t.login('faculty');
}, 60_000);
afterAll(async () => {
  await withCors?.close();
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const listed = (origin: string) => origin === LISTED;
const corsHeaders = (res: LightMyRequestResponse) => Object.keys(res.headers).filter((h) => h.startsWith('access-control-'));
const meta = `filename ${Buffer.from('a.pdf').toString('base64')},filetype ${Buffer.from('application/pdf').toString('base64')}`;

/** Every tus method on one fresh upload, sent from `origin`. */
async function tusRound(app: FastifyInstance, origin: string): Promise<LightMyRequestResponse[]> {
  const auth = { ...TUS, authorization: `Bearer ${token}`, origin };
  const created = await app.inject({ method: 'POST', url: '/api/files', headers: { ...auth, 'upload-length': '5', 'upload-metadata': meta } });
  expect(created.statusCode, created.body).toBe(201);
  const url = `/api/files/${String(created.headers.location).split('/').pop()}`;
  const head = await app.inject({ method: 'HEAD', url, headers: auth });
  const patch = await app.inject({ method: 'PATCH', url, headers: { ...auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, payload: Buffer.from('%PDF-') });
  expect(patch.statusCode, patch.body).toBe(204);
  const get = await app.inject({ method: 'GET', url, headers: auth });
  expect(get.statusCode).toBe(200);
  // An error answer (412: no Tus-Resumable) must follow the same policy.
  const refused = await app.inject({ method: 'POST', url: '/api/files', headers: { authorization: `Bearer ${token}`, origin, 'upload-length': '5' } });
  expect(refused.statusCode).toBe(412);
  const del = await app.inject({ method: 'DELETE', url, headers: auth });
  expect(del.statusCode).toBe(204);
  if (app === withCors && listed(origin)) return [created, head, patch, get, refused, del];
  // tus's capability discovery (signed in, not a CORS preflight; from a listed origin the CORS plugin answers any
  // OPTIONS itself, as on every route).
  const options = await app.inject({ method: 'OPTIONS', url: '/api/files', headers: auth });
  expect(options.statusCode).toBe(204);
  expect(options.headers['tus-version']).toBe('1.0.0');
  return [created, head, patch, get, refused, del, options];
}

const preflight = (app: FastifyInstance, origin: string, url = '/api/files') =>
  app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization, tus-resumable, upload-offset, content-type' },
  });

describe('/api/files and CORS_ORIGINS', () => {
  it('without CORS_ORIGINS: no CORS header on any tus answer or preflight', async () => {
    for (const res of await tusRound(t.app, LISTED)) expect(corsHeaders(res), `${res.statusCode} ${res.raw.req.method}`).toEqual([]);
    for (const url of ['/api/files', '/api/files/0123456789abcdef0123456789abcdef']) {
      const pre = await preflight(t.app, LISTED, url);
      expect(corsHeaders(pre), url).toEqual([]);
    }
  });

  it('with CORS_ORIGINS: a listed origin gets its own origin back (preflight included), another origin nothing', async () => {
    for (const res of await tusRound(withCors, LISTED)) {
      expect(res.headers['access-control-allow-origin'], `${res.statusCode} ${res.raw.req.method}`).toBe(LISTED);
      expect(String(res.headers.vary ?? '').toLowerCase()).toContain('origin');
    }
    const created = (await tusRound(withCors, LISTED))[0];
    expect(String(created.headers['access-control-expose-headers']).toLowerCase()).toContain('location');
    for (const url of ['/api/files', '/api/files/0123456789abcdef0123456789abcdef']) {
      const pre = await preflight(withCors, LISTED, url);
      expect(pre.statusCode, url).toBe(204);
      expect(pre.headers['access-control-allow-origin']).toBe(LISTED);
      expect(String(pre.headers['access-control-allow-methods'])).toContain('PATCH');
      expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('upload-offset');
    }
    for (const origin of ['https://evil.example.com', 'null']) {
      for (const res of await tusRound(withCors, origin)) expect(corsHeaders(res), `${origin} ${res.statusCode} ${res.raw.req.method}`).toEqual([]);
      const pre = await preflight(withCors, origin);
      expect(corsHeaders(pre), origin).toEqual([]);
    }
  });
});
