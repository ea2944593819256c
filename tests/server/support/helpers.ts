/**
 * Server test harness: ONE database per test file (creating one costs seconds), truncated and re-seeded with
 * the demo university by `reset()` so every test starts from the same known data.
 *
 *   const t = useTestApp();                   // at the top of a file: created once, reset before each test
 *   // (or by hand: const t = await createTestApp() in beforeAll, t.reset() in beforeEach, t.close() in afterAll)
 *   const token = await t.login('hod');      // local part or full email; password defaults to the demo one
 *   const res = await t.post('/api/auth/create', body, token, { 'idempotency-key': 'k1' });
 *
 * Database: in-memory PGlite by default; OBSERVA_TEST_DB=postgres creates a fresh database observa_t_<random>
 * on postgres://postgres@127.0.0.1:5432/postgres (override with OBSERVA_TEST_PG_URL), migrates it, and drops
 * it in close().
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp, type LoginLimits } from '../../../src/server/app.js';
import type { Config } from '../../../src/server/config.js';
import { HOUSEKEEPING_LOCK } from '../../../src/server/db/advisory-locks.js';
import { openDb, type Db, type DbHandle } from '../../../src/server/db/client.js';
import type { Mailer } from '../../../src/server/http/types.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../src/server/seed/demo-accounts.js';
import { seed } from '../../../src/server/seed/index.js';
import { forgetSessions } from '../../../src/server/services/auth/session-cache.js';
import { freshPgDatabase } from '../../instances/processes.js';

export const TEST_DOMAIN = 'university.edu';
export { DEMO_PASSWORD };

const email = (local: string) => `${local}@${TEST_DOMAIN}`;
/** The demo accounts' addresses (see src/server/seed/demo-accounts.ts). */
export const DEMO = {
  superadmin: email('superadmin'),
  admin: email('admin'),
  director: email('director'),
  hod: email('hod'),
  observer: email('observer'),
  observer2: email('observer2'),
  faculty: email('faculty'),
  faculty2: email('faculty2'),
  faculty3: email('faculty3'),
  hodMath: email('hod.math'),
  facultyMath: email('faculty.math'),
} as const;
export const DEMO_EMAILS = DEMO_ACCOUNTS.map((a) => email(a.local));

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/tmp/observa-test-unused',
    universityDomain: TEST_DOMAIN,
    mailFrom: 'Observa <no-reply@university.edu>',
    seedDemo: true,
    publicUrl: 'http://localhost:3000',
    logLevel: 'silent',
    clientDir: '/nonexistent/observa-client',
    inMemoryDb: true,
    ...overrides,
  };
}

export interface TestAppOptions {
  config?: Partial<Config>;
  now?: () => Date;
  mailer?: Mailer;
  loginLimits?: Partial<LoginLimits>;
  /** Turns logging on (at config.logLevel) into this stream. */
  logStream?: NodeJS.WritableStream;
}

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Headers;
  /** Client address (rate limits are per IP); default 127.0.0.1. */
  ip?: string;
}

export interface TestApp {
  app: FastifyInstance;
  handle: DbHandle;
  /** PostgreSQL only: the test database's URL. */
  databaseUrl?: string;
  config: Config;
  db: Db;
  reset(): Promise<void>;
  close(): Promise<void>;
  /** Signs in (local part or full email) and returns the bearer token. */
  login(who: string, password?: string): Promise<string>;
  /** Signs in and returns the whole login answer (user document with token). */
  loginUser(who: string, password?: string): Promise<Record<string, unknown> & { id: string; token: string }>;
  /** Id of a demo user by local part or email. */
  userId(who: string): Promise<string>;
  request(method: Method, url: string, opts?: RequestOptions): Promise<LightMyRequestResponse>;
  get(url: string, token?: string, headers?: Headers): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown, token?: string, headers?: Headers): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown, token?: string, headers?: Headers): Promise<LightMyRequestResponse>;
  del(url: string, token?: string, headers?: Headers): Promise<LightMyRequestResponse>;
}

const toEmail = (who: string) => (who.includes('@') ? who : email(who)).toLowerCase();

/** The test database; `url` is set on PostgreSQL (a second server instance can open the same database). */
export async function openTestDb(): Promise<{ handle: DbHandle; drop: () => Promise<void>; url?: string }> {
  if (process.env.OBSERVA_TEST_DB !== 'postgres') {
    return { handle: await openDb({}), drop: async () => {} };
  }
  const { url, drop } = await freshPgDatabase('t');
  return { handle: await openDb({ databaseUrl: url }), url, drop };
}

/** An empty PostgreSQL database of its own (OBSERVA_TEST_PG_URL's server), and how to drop it. */
export async function scratchPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.OBSERVA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `observa_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The usual set-up of a server test file in one call: the app is created once before the file's tests (options
 * may be a function, read then), reset to the demo university before each test and closed after the file. The
 * returned object stands for that app; touching it outside a test (at import time) throws.
 */
export function useTestApp(options?: TestAppOptions | (() => TestAppOptions)): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(typeof options === 'function' ? options() : options);
  });
  beforeEach(() => current!.reset());
  afterAll(() => current?.close());
  return new Proxy({} as TestApp, {
    get(_target, prop) {
      if (!current) throw new Error('useTestApp: the app exists only while the tests of its file run');
      const value: unknown = Reflect.get(current, prop, current);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(current) : value;
    },
  });
}

export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const { handle, drop, url: databaseUrl } = await openTestDb();
  const config = testConfig(opts.config);
  const app = await buildApp({ config, dbHandle: handle, now: opts.now, mailer: opts.mailer, loginLimits: opts.loginLimits, logger: !!opts.logStream, logStream: opts.logStream });
  await app.ready();
  const { db } = handle;

  const request: TestApp['request'] = (method, url, o = {}) => {
    const headers: Headers = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    return app.inject({
      method,
      url,
      headers,
      remoteAddress: o.ip ?? '127.0.0.1',
      ...(o.body !== undefined ? { payload: o.body as object } : {}),
    });
  };

  const loginUser: TestApp['loginUser'] = async (who, password = DEMO_PASSWORD) => {
    // A fresh address per helper login keeps the per-IP limiter out of tests that are not about it.
    const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0] || 1}`;
    const res = await request('POST', '/api/auth/login', { body: { email: toEmail(who), password }, ip });
    if (res.statusCode !== 200) throw new Error(`login ${who} failed: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  return {
    app,
    handle,
    databaseUrl,
    config,
    db,
    async reset() {
      const rows = await db.execute<{ tablename: string }>(
        sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
      );
      const list = (Array.isArray(rows) ? rows : (rows as { rows: { tablename: string }[] }).rows).map((r) => `"${r.tablename}"`);
      // Housekeeping (of this app or of a second instance on the same database) purges inside a transaction that
      // first takes HOUSEKEEPING_LOCK; TRUNCATE beside it deadlocked on PostgreSQL. Holding the same lock, the
      // truncation waits for a run in flight, and a run that starts meanwhile skips.
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${HOUSEKEEPING_LOCK})`);
        await tx.execute(sql.raw(`TRUNCATE TABLE ${list.join(', ')} RESTART IDENTITY CASCADE`));
      });
      await seed(db, config);
      // The truncation went around the services: drop sessions the embedded server keeps in memory.
      forgetSessions();
    },
    async close() {
      await app.close();
      await handle.close();
      await drop();
    },
    loginUser,
    async login(who, password) {
      return (await loginUser(who, password)).token;
    },
    async userId(who) {
      const rows = await db.execute<{ id: string }>(sql`select id from users where email = ${toEmail(who)}`);
      const list = Array.isArray(rows) ? rows : (rows as { rows: { id: string }[] }).rows;
      if (!list[0]) throw new Error(`no user ${who}`);
      return list[0].id;
    },
    request,
    get: (url, token, headers) => request('GET', url, { token, headers }),
    post: (url, body, token, headers) => request('POST', url, { token, body, headers }),
    put: (url, body, token, headers) => request('PUT', url, { token, body, headers }),
    del: (url, token, headers) => request('DELETE', url, { token, headers }),
  };
}
