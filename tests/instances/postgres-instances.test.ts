/**
 * Instances that start as one and races decided by the database across processes:
 * three real server processes started at the same moment on one empty PostgreSQL database.
 *   - all three start; the schema is migrated and the demo university seeded exactly once;
 *   - parallel initiates / account creations spread over two processes leave one row, the losers get 409 + §5;
 *   - their outbox flushers, sending through one real SMTP server, send every email exactly once;
 *   - housekeeping is skipped while another instance holds its lock.
 * Always on PostgreSQL (127.0.0.1:5432, or OBSERVA_TEST_PG_URL): several processes cannot share PGlite.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEKEEPING_LOCK } from '../../src/server/db/advisory-locks.js';
import { openDb, type DbHandle } from '../../src/server/db/client.js';
import { DEMO_ACCOUNTS, DEMO_DEPARTMENTS, DEMO_STAGED_ACCOUNTS } from '../../src/server/seed/demo-accounts.js';
import { runHousekeeping } from '../../src/server/services/housekeeping/index.js';
import { MSG } from '../../src/shared/messages.js';
import { freshPgDatabase, json, startServer, stopServer, type ServerProcess } from './processes.js';
import { startSmtpSink, type SmtpSink } from '../server/support/smtp-sink.js';

let database: Awaited<ReturnType<typeof freshPgDatabase>>;
let sink: SmtpSink;
let sql: pg.Client;
let servers: ServerProcess[] = [];
let urls: string[] = [];

beforeAll(async () => {
  database = await freshPgDatabase();
  sink = await startSmtpSink(15);
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
});
afterAll(async () => {
  await Promise.all(servers.map(stopServer));
  await sql?.end();
  await sink?.close();
  await database?.drop();
});

const one = async <T>(text: string, params: unknown[] = []) => (await sql.query(text, params)).rows[0] as T;
const count = async (text: string, params: unknown[] = []) => Number((await one<{ n: string }>(text, params)).n);
const login = async (url: string, email: string) =>
  ((await json(`${url}/api/auth/login`, 'POST', { email, password: 'observa-demo' })).body as { token: string }).token;

describe('three instances on one empty PostgreSQL database', () => {
  it('all start at once; migrations and the demo seed happen exactly once', { timeout: 240_000 }, async () => {
    // The staged demo observations write their artifact files under DATA_DIR: a scratch one, shared by the three.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'observa-instances-'));
    const env = { DATABASE_URL: database.url, SEED_DEMO: 'true', SEED_DEMO_OBSERVATIONS: 'true', DATA_DIR: dataDir, SMTP_URL: sink.url };
    servers = [startServer(env), startServer(env), startServer(env)];
    urls = await Promise.all(servers.map((s) => s.ready));

    const journal = JSON.parse(readFileSync('src/server/db/migrations/meta/_journal.json', 'utf8')) as { entries: unknown[] };
    expect(await count('select count(*) as n from drizzle.__drizzle_migrations')).toBe(journal.entries.length);
    expect(await count('select count(*) as n from users')).toBe(DEMO_ACCOUNTS.length + DEMO_STAGED_ACCOUNTS.length);
    // One staged observation per stage, once (demo-cycles.ts), not once per instance.
    expect(await count('select count(*) as n from observations')).toBe(DEMO_STAGED_ACCOUNTS.filter((a) => a.role === 'Faculty').length);
    expect(await count('select count(*) as n from departments')).toBe(DEMO_DEPARTMENTS.length);
    expect(await count('select count(*) as n from rubric_items')).toBe(20);
    expect(await count('select count(*) as n from plan_templates')).toBe(2);
    expect(await count('select count(*) as n from email_templates')).toBe(4);
  });

  it('ten initiates for one faculty member over two processes: one 201, nine 409, one open observation', { timeout: 60_000 }, async () => {
    const [a, b] = urls;
    const hod = await login(a, 'hod@university.edu');
    const { id: faculty } = await one<{ id: string }>(`select id from users where email = 'faculty@university.edu'`);
    const { id: observer } = await one<{ id: string }>(`select id from users where email = 'observer@university.edu'`);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        json(`${i % 2 ? b : a}/api/observation/initiate`, 'POST', { facultyIds: [faculty], observerId: observer, semester: 'Fall' }, hod),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const r of answers.filter((x) => x.status === 409)) expect(r.body).toEqual({ error: MSG.facultyHasOpenObservation });
    expect(await count(`select count(*) as n from observations where faculty_id = $1 and status <> 'Completed'`, [faculty])).toBe(1);
  });

  it('ten creations of one email (mixed case) over two processes: one 201, nine 409, one account', { timeout: 60_000 }, async () => {
    const [a, b] = urls;
    const admin = await login(b, 'admin@university.edu');
    const { id: department } = await one<{ id: number }>(`select id from departments where name = 'Computer Science'`);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        json(
          `${i % 2 ? b : a}/api/auth/create`,
          'POST',
          { name: 'Race', email: `${i % 3 ? 'race' : 'RACE'}@university.edu`, password: 'long-enough', confirmPassword: 'long-enough', role: 'Observer', department },
          admin,
        ),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    for (const r of answers.filter((x) => x.status === 409)) expect(r.body).toEqual({ error: MSG.emailTaken });
    expect(await count(`select count(*) as n from users where lower(email) = 'race@university.edu'`)).toBe(1);
  });

  it('their outbox flushers send every email exactly once through one SMTP server', { timeout: 120_000 }, async () => {
    const tag = randomUUID().slice(0, 8);
    await sql.query(
      `insert into email_outbox ("to", subject, body) select 'm' || g || '@university.edu', $1 || ' ' || g, 'hello' from generate_series(1, 40) g`,
      [`Batch ${tag}`],
    );
    // Any write response kicks a process's flusher: kick all three at once.
    await Promise.all(urls.map((u) => json(`${u}/api/auth/logout`, 'POST', {})));
    const deadline = Date.now() + 90_000;
    while ((await count(`select count(*) as n from email_outbox where sent_at is null and error is null`)) > 0) {
      if (Date.now() > deadline) throw new Error('the outbox was not drained');
      await new Promise((r) => setTimeout(r, 200));
    }
    const ours = sink.received.filter((m) => m.subject.startsWith(`Batch ${tag} `)).map((m) => m.subject);
    expect(ours).toHaveLength(40);
    expect(new Set(ours).size).toBe(40);
    // Nothing was sent twice overall either (the CreateUser / InitiateObs emails of the races above included).
    const all = sink.received.map((m) => `${m.to.join(',')}|${m.subject}|${m.data.match(/^Message-ID: (.*)$/im)?.[1]}`);
    expect(new Set(all).size).toBe(all.length);
    expect(await count('select count(*) as n from email_outbox where sent_at is not null')).toBe(sink.received.length);
  });

  it('16 wrong logins spread over two instances with a limit of 10 a minute: 10 judged, 6 refused with 429', { timeout: 120_000 }, async () => {
    // Two more processes with the lower limit. Distinct unknown emails and a forwarded address of their own (the
    // servers believe X-Forwarded-For from loopback: TRUST_PROXY) keep the per-account and per-address throttles out of it:
    // only the per-minute flood limit can answer 429 here.
    const env = { DATABASE_URL: database.url, SEED_DEMO: 'true', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'observa-instances-')), LOGIN_LIMIT_PER_MINUTE: '10', TRUST_PROXY: 'loopback' };
    const limited = [startServer(env), startServer(env)];
    servers.push(...limited);
    const [a, b] = await Promise.all(limited.map((s) => s.ready));
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const res = await fetch(`${i % 2 ? b : a}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
        body: JSON.stringify({ email: `flood-${i}@university.edu`, password: 'wrong-password' }),
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(6).fill(429));
  });

  it('housekeeping is skipped while another instance holds its lock, and runs after', { timeout: 60_000 }, async () => {
    let handle: DbHandle | undefined;
    const other = new pg.Client({ connectionString: database.url });
    await other.connect();
    try {
      handle = await openDb({ databaseUrl: database.url });
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock($1)', [HOUSEKEEPING_LOCK]);
      expect(await runHousekeeping(handle.db, '/nonexistent/observa-data')).toBeNull();
      await other.query('commit');
      expect(await runHousekeeping(handle.db, '/nonexistent/observa-data')).toMatchObject({ tombstones: 0, uploads: 0 });
    } finally {
      await other.end();
      await handle?.close();
    }
  });
});
