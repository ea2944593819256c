/**
 * The API's self-description and cross-origin policy:
 *   - /api/openapi.json is an OpenAPI 3.1 document made from the routes' own schemas (the zod contract each route
 *     declares to Fastify), covering every registered route; /api/docs serves Swagger UI under the app's CSP, even when the SPA fallback is active;
 *   - CORS_ORIGINS: listed origins get CORS (preflight included), any other origin none; default none at all.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import { zodMessage } from '../../../src/server/http/error-response.js';
import { CreateCourseRequest } from '../../../src/shared/contract/courses.js';
import { createTestApp, testConfig, type TestApp } from '../support/helpers.js';

let t: TestApp;
let clientDir: string;
let withClient: FastifyInstance;
let withCors: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  clientDir = mkdtempSync(path.join(tmpdir(), 'observa-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Observa SPA</title>');
  // Same database, other configurations: a built client (SPA fallback on), and a CORS list.
  withClient = await buildApp({ config: testConfig({ clientDir }), dbHandle: t.handle, logger: false });
  withCors = await buildApp({ config: testConfig({ corsOrigins: ['http://localhost:5173', 'https://partner.university.edu'] }), dbHandle: t.handle, logger: false });
  await Promise.all([withClient.ready(), withCors.ready()]);
});
afterAll(async () => {
  await withClient?.close();
  await withCors?.close();
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** Fastify's "/api/user/:id" and "/api/files/*" as OpenAPI writes them. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 and documents every registered route from the schema the route declares', async () => {
    const res = await t.get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    const routes = t.app.routeTable;
    expect(routes.length).toBeGreaterThan(40);
    for (const { method, url, schema: declared } of routes) {
      // The route itself carries its schema (as Fastify registered it), with a summary, a tag, who may call and the
      // answers including the `{ error }` body of a 4XX.
      const schema = declared as { summary?: string; tags?: string[]; description?: string; response?: Record<string, unknown> } | undefined;
      expect(schema?.summary, `${method} ${url} declares no schema with a summary`).toBeTruthy();
      expect(schema?.tags, `${method} ${url}`).toHaveLength(1);
      expect(schema?.description, `${method} ${url}`).toMatch(/^Who may call: /);
      expect(Object.keys(schema?.response ?? {}), `${method} ${url}`).toContain('4XX');
      const op = doc.paths[openapiPath(url)]?.[method.toLowerCase()];
      expect(op, `${method} ${url} missing from the document`).toBeDefined();
      expect(op.summary, `${method} ${url}`).toBe(schema!.summary);
      expect(op.responses['4XX'].content['application/json'].schema.required, `${method} ${url}`).toEqual(['error']);
    }
    // Nothing documented that is not registered (the document is made from the routes, so a renamed route leaves
    // no stale entry).
    const registered = new Set(routes.map((r) => `${r.method} ${openapiPath(r.url)}`));
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    expect(documented.filter((k) => !registered.has(k))).toEqual([]);
    // The docs and the document itself are not part of the API.
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/docs') || p === '/api/openapi.json')).toEqual([]);
  });

  it('carries the zod contract: request bodies, query parameters, answers, bearer security', async () => {
    const doc = (await t.get('/api/openapi.json')).json();
    const create = doc.paths['/api/auth/create'].post;
    expect(Object.keys(create.requestBody.content['application/json'].schema.properties)).toEqual(expect.arrayContaining(['name', 'email', 'password', 'role', 'department', 'courses']));
    expect(create.responses['201'].content['application/json'].schema.properties).toHaveProperty('courseSlots');
    expect(create.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/auth/login'].post.security).toBeUndefined();
    // The calendar feed's secret URL is its own authority: no bearer token.
    expect(doc.paths['/api/calendar/{file}'].get.security).toBeUndefined();
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer' });
    const userData = doc.paths['/api/user/{id}'].get.responses['200'].content['application/json'].schema;
    expect(userData.properties).toHaveProperty('observations');
    expect(userData.properties).toHaveProperty('slots');
    expect(doc.paths['/api/users'].get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['query:role', 'query:page']));
    expect(doc.paths['/api/observation/{id}'].get.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'id', required: true })]);
    const rubric = doc.paths['/api/observation/informed'].put.requestBody.content['application/json'].schema;
    expect(Object.keys(rubric.properties)).toEqual(expect.arrayContaining(['observationsId', 'informedId', 'rubricsFinal', 'role']));
    expect(doc.paths['/api/observation/informed'].put.responses['4XX'].content['application/json'].schema.required).toEqual(['error']);
  });
});

describe('route schemas declare, they do not validate', () => {
  it('a write with a wrong body is refused as before: 401 without a token, then the 400 its own zod parse gives', async () => {
    const body = { name: 5, slots: 'none' };
    const anonymous = await t.post('/api/course', body);
    expect(anonymous.statusCode).toBe(401);
    const res = await t.post('/api/course', body, await t.login('hod'), { 'idempotency-key': randomUUID() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: zodMessage(CreateCourseRequest.safeParse(body).error!) });
  });
});

describe('GET /api/docs', () => {
  it('serves Swagger UI, not the SPA, whose scripts all come from this origin under the app CSP', async () => {
    const res = await withClient.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toContain('Observa SPA');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // No inline script (the CSP would block it): every <script> has a same-origin src and an empty body.
    const scripts = [...res.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inner] of scripts) {
      expect(inner.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attrs)?.[1];
      expect(src).toMatch(/^\/api\/docs\/static\//);
      const file = await withClient.inject({ method: 'GET', url: src! });
      expect(file.statusCode, src).toBe(200);
    }
    // The page loads the document from ./json under /api/docs (same origin, connect-src 'self').
    const json = await withClient.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json().openapi).toBe('3.1.0');
    // The SPA fallback still answers client routes, and an unknown /api path is still a JSON 404.
    expect((await withClient.inject({ method: 'GET', url: '/observations/list-observation' })).body).toContain('Observa SPA');
    expect((await withClient.inject({ method: 'GET', url: '/api/nope' })).json()).toEqual({ error: expect.any(String) });
  });
});

describe('CORS', () => {
  const preflight = (app: FastifyInstance, origin: string) =>
    app.inject({
      method: 'OPTIONS',
      url: '/api/auth/create',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type, idempotency-key' },
    });
  const corsHeaders = (headers: Record<string, unknown>) => Object.keys(headers).filter((h) => h.startsWith('access-control-'));

  it('by default sends no CORS header to any origin (same origin only)', async () => {
    const pre = await preflight(t.app, 'http://localhost:5173');
    expect(corsHeaders(pre.headers)).toEqual([]);
    const get = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { origin: 'http://localhost:5173' } });
    expect(get.statusCode).toBe(200);
    expect(corsHeaders(get.headers)).toEqual([]);
  });

  it('allows the listed origins, preflight included, and nobody else', async () => {
    const token = await t.login('hod');
    const pre = await preflight(withCors, 'http://localhost:5173');
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(pre.headers['access-control-allow-methods'])).toContain('POST');
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toEqual(expect.stringContaining('authorization'));
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toEqual(expect.stringContaining('idempotency-key'));

    const me = await withCors.inject({ method: 'GET', url: '/api/auth/me', headers: { origin: 'https://partner.university.edu', authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['access-control-allow-origin']).toBe('https://partner.university.edu');
    expect(String(me.headers['access-control-expose-headers'])).toContain('Retry-After');

    for (const origin of ['https://evil.example.com', 'http://localhost:5174', 'null']) {
      const p = await preflight(withCors, origin);
      expect(p.statusCode, origin).toBe(404);
      expect(corsHeaders(p.headers), origin).toEqual([]);
      const g = await withCors.inject({ method: 'GET', url: '/api/auth/me', headers: { origin, authorization: `Bearer ${token}` } });
      expect(g.statusCode).toBe(200);
      expect(corsHeaders(g.headers), origin).toEqual([]);
    }
  });

  it('CORS_ORIGINS is a comma-separated list of origins, checked at start', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ' https://App.University.edu, http://localhost:5173 ,' }).corsOrigins).toEqual(['https://app.university.edu', 'http://localhost:5173']);
    for (const bad of ['*', 'https://app.university.edu/', 'app.university.edu', 'https://app.university.edu/path', 'ftp://x.edu', 'https://*.university.edu']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).toThrow(/CORS_ORIGINS/);
    }
  });
});
