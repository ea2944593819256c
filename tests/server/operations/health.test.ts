/**
 * GET /healthz and GET /readyz (routes/health.ts, services/operations/readiness.ts) on the test engine
 * (PGlite, or PostgreSQL with OBSERVA_TEST_DB=postgres): ready with every check named; 503 naming the failing
 * check when migrations are missing, when a real S3 server (s3rver) goes away, when the database does not
 * answer, and while the instance shuts down.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import type { Db } from '../../../src/server/db/client.js';
import { rowsOf } from '../../../src/server/db/results.js';
import { shippedMigrations } from '../../../src/server/db/migration-journal.js';
import { readiness } from '../../../src/server/services/operations/readiness.js';
import { diskStorage } from '../../../src/server/storage/index.js';
import { testConfig, useTestApp } from '../support/helpers.js';

const t = useTestApp();
const tmp: string[] = [];
afterAll(() => {
  for (const d of tmp) rmSync(d, { recursive: true, force: true });
});
const tempDir = (prefix: string) => {
  const d = mkdtempSync(path.join(tmpdir(), prefix));
  tmp.push(d);
  return d;
};

describe('GET /healthz', () => {
  it('answers 200 { status: "ok" } as JSON, uncached, with no session and no protocol header', async () => {
    const res = await t.get('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /readyz', () => {
  it('is ready when the database answers, every shipped migration is applied and the store is writable', async () => {
    const res = await t.get('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: { ok: true }, migrations: { ok: true }, storage: { ok: true } } });
  });

  it('answers 503 naming "migrations" when the database lacks the newest migration file', async () => {
    const newest = shippedMigrations().at(-1)!;
    const [row] = rowsOf<{ id: number; hash: string; created_at: string }>(
      await t.db.execute(sql`select id, hash, created_at::text from drizzle.__drizzle_migrations where hash = ${newest.hash}`),
    );
    expect(row).toBeDefined();
    await t.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${row.id}`);
    try {
      const res = await t.get('/readyz');
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.failing).toEqual(['migrations']);
      expect(body.checks.migrations).toEqual({ ok: false, error: '1 migration is not applied yet.' });
      expect(body.checks.database).toEqual({ ok: true });
      expect(body.error).toBe('Not ready: migrations (1 migration is not applied yet.)');
    } finally {
      await t.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${row.id}, ${row.hash}, ${row.created_at})`);
    }
    expect((await t.get('/readyz')).statusCode).toBe(200);
  });

  it('answers 503 naming "storage" when the S3 store stops answering, and 200 while it answers', async () => {
    const s3dir = tempDir('observa-ready-s3-');
    const server = new S3rver({ port: 0, address: '127.0.0.1', directory: s3dir, silent: true, configureBuckets: [{ name: 'observa-ready' }] });
    const { port } = await server.run();
    const s3 = { endpoint: `http://127.0.0.1:${port}`, bucket: 'observa-ready', region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    const app = await buildApp({ config: testConfig({ s3, dataDir: tempDir('observa-ready-data-') }), dbHandle: t.handle, logger: false });
    try {
      await app.ready();
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await server.close();
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.failing).toEqual(['storage']);
      expect(body.checks.storage).toEqual({ ok: false, error: 'The file store (s3) does not answer.' });
      expect(body.error).toContain('storage');
      // The cause (the store's address) stays in the log: the probe is public.
      expect(res.body).not.toContain(String(port));
    } finally {
      await app.close();
      await server.close().catch(() => undefined);
    }
  });

  it('runs the checks once for probes that arrive together', async () => {
    const storage = t.app.deps.storage;
    const ping = storage.ping.bind(storage);
    let pings = 0;
    storage.ping = async () => {
      pings++;
      await new Promise((r) => setTimeout(r, 50));
      return ping();
    };
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => t.get('/readyz')));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
      expect(pings).toBe(1);
      await t.get('/readyz');
      expect(pings).toBe(2); // nothing kept once answered
    } finally {
      storage.ping = ping;
    }
  });

  it('answers 503 while the instance shuts down (draining), whatever the checks say', async () => {
    t.app.draining = true;
    try {
      const res = await t.get('/readyz');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not ready', failing: ['shutdown'] });
    } finally {
      t.app.draining = false;
    }
  });
});

describe('readiness checks', () => {
  it('names the database when it does not answer, and does not compare migrations without it', async () => {
    // A pool to a port nothing listens on: every query fails to connect.
    const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:1/none', connectionTimeoutMillis: 500 });
    pool.on('error', () => undefined);
    try {
      const r = await readiness(drizzle(pool) as unknown as Db, diskStorage(tempDir('observa-ready-disk-')));
      expect(r.ready).toBe(false);
      expect(r.checks.database).toEqual({ ok: false, error: 'The database does not answer.' });
      expect(r.checks.migrations.ok).toBe(false);
      expect(r.checks.storage).toEqual({ ok: true });
      expect(r.causes.map((c) => c.check)).toEqual(['database']);
    } finally {
      await pool.end();
    }
  });

  it('fails a check that does not answer in time instead of hanging', async () => {
    const slow = { ...diskStorage(tempDir('observa-ready-slow-')), ping: () => new Promise<void>(() => undefined) };
    const started = Date.now();
    const r = await readiness(t.db, slow, 200);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(r.checks.storage).toEqual({ ok: false, error: 'The file store (disk) does not answer.' });
    expect(r.checks.database).toEqual({ ok: true });
  });
});
