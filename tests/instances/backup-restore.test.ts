/**
 * `npm run backup` / `npm run restore` (src/server/backup/) round trip, through the CLI as an operator runs it, on
 * the embedded database with files on disk, on PostgreSQL with files on disk, and on PostgreSQL with files in a real
 * S3 server (@20minutes/s3rver):
 *
 *   a deployment with data (profile pictures uploaded through tus, profile edits) and a device that pulled its feed
 *   → backup (PostgreSQL: while the server runs) → a change after the backup, pulled by the device
 *   → wipe (database dropped and created empty / DATA_DIR removed; the bucket emptied) → restore
 *   → every table's rows as they were at the backup, the same files byte for byte (served again), and the device's
 *     cursors — from before and from after the backup — answered resetRequired, so it downloads afresh.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from '@20minutes/s3rver';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { Config } from '../../src/server/config.js';
import { openDb } from '../../src/server/db/client.js';
import { rowsOf } from '../../src/server/db/results.js';
import { createFileStorage } from '../../src/server/storage/index.js';
import { testConfig } from '../server/support/helpers.js';
import { freshPgDatabase, PG_ADMIN_URL } from './processes.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const root = mkdtempSync(path.join(tmpdir(), 'observa-backup-test-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
  rmSync(root, { recursive: true, force: true });
});

/** The CLI, as `npm run backup` / `npm run restore` start it, with the deployment's settings in its environment. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/backup/cli.ts', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

interface Target {
  config: Partial<Config>;
  env: Record<string, string>;
  /** Empties the deployment: database and files. */
  wipe(): Promise<void>;
}

function envOf(config: Partial<Config>): Record<string, string> {
  return {
    DATA_DIR: config.dataDir!,
    DATABASE_URL: config.databaseUrl ?? '',
    ...(config.s3
      ? { S3_ENDPOINT: config.s3.endpoint!, S3_BUCKET: config.s3.bucket, S3_REGION: config.s3.region, S3_ACCESS_KEY_ID: config.s3.accessKeyId, S3_SECRET_ACCESS_KEY: config.s3.secretAccessKey }
      : {}),
  };
}

async function postgresDatabase(): Promise<{ url: string; recreate: () => Promise<void> }> {
  const database = await freshPgDatabase('backup');
  cleanups.push(database.drop);
  const name = new URL(database.url).pathname.slice(1);
  return {
    url: database.url,
    recreate: async () => {
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
    },
  };
}

async function embeddedTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(root, 'pglite-'));
  const config = { dataDir, inMemoryDb: false };
  return { config, env: envOf(config), wipe: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function postgresTarget(): Promise<Target> {
  const db = await postgresDatabase();
  const dataDir = mkdtempSync(path.join(root, 'pg-'));
  const config = { dataDir, databaseUrl: db.url, inMemoryDb: false };
  return {
    config,
    env: envOf(config),
    wipe: async () => {
      await db.recreate();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function s3Target(): Promise<Target> {
  const db = await postgresDatabase();
  const s3dir = mkdtempSync(path.join(root, 's3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory: s3dir, silent: true, configureBuckets: [{ name: 'observa-backup' }] });
  const { port } = await server.run();
  cleanups.push(() => server.close());
  const dataDir = mkdtempSync(path.join(root, 's3-'));
  const config: Partial<Config> = {
    dataDir,
    databaseUrl: db.url,
    inMemoryDb: false,
    s3: { endpoint: `http://127.0.0.1:${port}`, bucket: 'observa-backup', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  };
  return {
    config,
    env: envOf(config),
    wipe: async () => {
      await db.recreate();
      const storage = createFileStorage(testConfig(config));
      for (const key of await storage.listStored()) await storage.removeArtifact(key);
      expect(await storage.listStored()).toEqual([]);
    },
  };
}

/** Per table of the public schema: row count and a digest of every row (the feed's floor in server_meta apart). */
async function fingerprint(config: Partial<Config>): Promise<Record<string, string>> {
  const handle = await openDb({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? undefined : path.join(config.dataDir!, 'db') });
  try {
    const tables = rowsOf<{ t: string }>(await handle.db.execute(sql`select tablename as t from pg_tables where schemaname = 'public' order by 1`)).map((r) => r.t);
    const out: Record<string, string> = {};
    for (const t of tables) {
      const where = t === 'server_meta' ? `where key <> 'tombstone_floor'` : '';
      const [r] = rowsOf<{ n: string; d: string | null }>(
        await handle.db.execute(sql.raw(`select count(*)::text as n, md5(string_agg(x::text, '|' order by x::text)) as d from "${t}" x ${where}`)),
      );
      out[t] = `${r.n}:${r.d ?? ''}`;
    }
    return out;
  } finally {
    await handle.close();
  }
}

async function start(config: Partial<Config>, seedDemo: boolean): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig({ ...config, seedDemo }), logger: false });
  await app.ready();
  return app;
}

/** What a device receives: records as JSON documents (a user's phone, avatar…). */
type Doc = { phone?: string | null; avatar?: string | null };
type Change = { entity: string; id: string; data: Doc | null };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- injected answers are read as the JSON they are
type Inject = (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, token?: string, body?: unknown, headers?: Record<string, string>) => Promise<{ status: number; json: () => Record<string, any>; raw: Buffer }>;
const injector = (app: FastifyInstance): Inject => async (method, url, token, body, headers = {}) => {
  const res = await app.inject({ method, url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers }, ...(body !== undefined ? { payload: body as object } : {}) });
  return { status: res.statusCode, json: () => res.json(), raw: res.rawPayload };
};

async function login(req: Inject, who: string): Promise<{ id: string; token: string }> {
  const res = await req('POST', '/api/auth/login', undefined, { email: `${who}@university.edu`, password: 'observa-demo' });
  expect(res.status).toBe(200);
  return res.json() as { id: string; token: string };
}

/** A real tus upload of a picture, then PUT /api/user/avatar; returns the picture's address. */
async function setAvatar(app: FastifyInstance, token: string, bytes: Buffer): Promise<string> {
  const meta = `filename ${Buffer.from('me.png').toString('base64')},filetype ${Buffer.from('image/png').toString('base64')}`;
  const create = await app.inject({ method: 'POST', url: '/api/files', headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length), 'upload-metadata': meta } });
  expect(create.statusCode, create.body).toBe(201);
  const url = new URL(String(create.headers.location), 'http://local.invalid').pathname;
  const patch = await app.inject({ method: 'PATCH', url, headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }, payload: bytes });
  expect(patch.statusCode, patch.body).toBe(204);
  const res = await injector(app)('PUT', '/api/user/avatar', token, { fileURL: url }, { 'idempotency-key': randomUUID() });
  expect(res.status).toBe(200);
  return res.json().avatar as string;
}

/** A device's whole pull: every page from `since` on; returns the final cursor and what it received. */
async function pullAll(req: Inject, token: string, since = '0'): Promise<{ cursor: string; changes: Change[] } | 'reset'> {
  const changes: Change[] = [];
  let cursor = since;
  for (;;) {
    const res = await req('GET', `/api/sync/changes?since=${encodeURIComponent(cursor)}`, token);
    expect(res.status).toBe(200);
    const page = res.json();
    if (page.resetRequired) return 'reset';
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { cursor, changes };
  }
}

const picture = (r: number) => sharp({ create: { width: 48, height: 48, channels: 3, background: { r, g: 90, b: 160 } } }).png().toBuffer();

describe.each([
  ['PGlite, files on disk', embeddedTarget],
  ['PostgreSQL, files on disk', postgresTarget],
  ['PostgreSQL, files in S3', s3Target],
])('npm run backup → wipe → npm run restore (%s)', (_name, makeTarget) => {
  it('restores the same rows and the same files, and every device downloads afresh', { timeout: 240_000 }, async () => {
    const target = await makeTarget();
    const embedded = !target.config.databaseUrl;
    let app = await start(target.config, true);
    let req = injector(app);
    const observer = await login(req, 'observer');
    const faculty = await login(req, 'faculty');
    const avatars = { [observer.id]: await setAvatar(app, observer.token, await picture(10)), [faculty.id]: await setAvatar(app, faculty.token, await picture(200)) };
    const pictures: Record<string, Buffer> = {};
    for (const [id, url] of Object.entries(avatars)) pictures[id] = (await req('GET', url)).raw;
    expect((await req('PUT', `/api/user/update/${observer.id}`, observer.token, { phone: '+1 555 0100' }, { 'idempotency-key': randomUUID() })).status).toBe(200);
    const device = await pullAll(req, observer.token);
    if (device === 'reset') throw new Error('a first pull cannot be reset');
    const filesBefore = await createFileStorage(testConfig(target.config)).listStored();
    expect(filesBefore).toHaveLength(2);

    // The embedded database is copied with its server stopped (the copy takes its lock); PostgreSQL while it runs.
    if (embedded) {
      await app.close();
      // …and is refused, naming the reason, while a server holds it.
      const running = await start(target.config, false);
      const refused = await cli(['backup', path.join(root, 'never.tar')], target.env);
      await running.close();
      expect(refused.code).toBe(1);
      expect(refused.out).toMatch(/in use by another Observa process/);
    }
    const before = await fingerprint(target.config);
    const archive = path.join(root, `${randomUUID()}.tar`);
    const backup = await cli(['backup', archive], target.env);
    expect(backup.out).toMatch(/^Backup written to /m);
    expect(backup.code).toBe(0);

    // After the backup: one more change, and the device pulls it (its cursor is now ahead of the backup).
    if (embedded) {
      app = await start(target.config, false);
      req = injector(app);
    }
    expect((await req('PUT', `/api/user/update/${observer.id}`, observer.token, { phone: '+1 555 0199' }, { 'idempotency-key': randomUUID() })).status).toBe(200);
    const ahead = await pullAll(req, observer.token, device.cursor);
    if (ahead === 'reset') throw new Error('an ordinary pull was reset');
    expect(ahead.changes.some((c) => c.entity === 'users' && c.data?.phone === '+1 555 0199')).toBe(true);
    await app.close();

    await target.wipe();
    // A restore refuses a deployment that is not empty: restored once, a second time is refused.
    const restore = await cli(['restore', archive], target.env);
    expect(restore.out).toMatch(/^Restored /m);
    expect(restore.code).toBe(0);
    const again = await cli(['restore', archive], target.env);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/not empty/);

    // Same rows (every table), same files.
    expect(await fingerprint(target.config)).toEqual(before);
    const storage = createFileStorage(testConfig(target.config));
    expect(await storage.listStored()).toEqual(filesBefore);

    app = await start(target.config, false);
    req = injector(app);
    try {
      for (const [id, url] of Object.entries(avatars)) {
        const res = await req('GET', url);
        expect(res.status).toBe(200);
        expect(res.raw.equals(pictures[id])).toBe(true);
      }
      // Sessions came back with the database: the device's token still works; its cursors do not.
      expect(await pullAll(req, observer.token, device.cursor)).toBe('reset');
      expect(await pullAll(req, observer.token, ahead.cursor)).toBe('reset');
      const fresh = await pullAll(req, observer.token);
      if (fresh === 'reset') throw new Error('a first download cannot be reset');
      const me = fresh.changes.find((c) => c.entity === 'users' && c.id === observer.id);
      expect(me?.data?.phone).toBe('+1 555 0100'); // the backup's state, not the change made after it
      expect(me?.data?.avatar).toBe(avatars[observer.id]);
      // And it keeps working: a write after the restore reaches the device from its new cursor.
      expect((await req('PUT', `/api/user/update/${observer.id}`, observer.token, { phone: '+1 555 0142' }, { 'idempotency-key': randomUUID() })).status).toBe(200);
      const next = await pullAll(req, observer.token, fresh.cursor);
      if (next === 'reset') throw new Error('a pull after the restore was reset');
      expect(next.changes.find((c) => c.entity === 'users' && c.id === observer.id)?.data?.phone).toBe('+1 555 0142');
    } finally {
      await app.close();
    }
  });
});
