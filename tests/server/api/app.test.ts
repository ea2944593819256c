import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';
import type { DbHandle } from '../../../src/server/db/client.js';
import { emailOutbox, emailTemplates, planTemplates, planTemplateSteps, rubricItems, users } from '../../../src/server/db/schema.js';
import { DEMO_ACCOUNTS } from '../../../src/server/seed/demo-accounts.js';
import { seed } from '../../../src/server/seed/index.js';
import { createOutboxFlusher } from '../../../src/server/services/mail/outbox-flusher.js';
import { queueEmail } from '../../../src/server/services/mail/queue-email.js';
import { MSG } from '../../../src/shared/messages.js';
import { openTestDb, testConfig } from '../support/helpers.js';

let handle: DbHandle;
let dropDb: () => Promise<void>;
let app: FastifyInstance;
let clientDir: string;

beforeAll(async () => {
  ({ handle, drop: dropDb } = await openTestDb());
  clientDir = mkdtempSync(path.join(tmpdir(), 'observa-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Observa</title><div id="root"></div>');
  writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  app = await buildApp({ config: testConfig({ clientDir }), dbHandle: handle, logger: false });
  app.get('/api/test/boom', async () => {
    throw new Error('secret database detail');
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await handle?.close();
  await dropDb?.();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('seed', () => {
  it('creates the base data and the demo university once', async () => {
    const db = handle.db;
    expect(await db.select().from(rubricItems)).toHaveLength(20);
    const codes = (await db.select().from(rubricItems)).map((r) => r.code);
    expect(new Set(codes)).toEqual(new Set(['1-A', '1-B', '1-C', '1-D']));
    const plans = await db.select().from(planTemplates);
    expect(plans.map((p) => p.type).sort()).toEqual(['Reflection', 'Teaching']);
    const teaching = plans.find((p) => p.type === 'Teaching')!;
    const reflection = plans.find((p) => p.type === 'Reflection')!;
    const tSteps = await db.select().from(planTemplateSteps).where(eq(planTemplateSteps.templateId, teaching.id));
    const rSteps = await db.select().from(planTemplateSteps).where(eq(planTemplateSteps.templateId, reflection.id));
    expect(tSteps.map((s) => s.key).sort()).toEqual(
      ['ProgramOutcomes', 'LearningOutcomes', 'LearningResources', 'TeachingSummary', 'PreTeaching', 'PostTeaching', 'Feedback'].sort(),
    );
    expect(rSteps).toHaveLength(13);
    expect(new Set(rSteps.map((s) => s.code))).toContain('Reflective Write-ups');
    expect((await db.select().from(emailTemplates)).map((e) => e.type).sort()).toEqual(['CreateUser', 'InitiateObs', 'ObsPrompt', 'UpdateObs']);
    const emails = (await db.select().from(users)).map((u) => u.email);
    for (const local of ['superadmin', 'admin', 'director', 'hod', 'observer', 'faculty']) expect(emails).toContain(`${local}@university.edu`);
    expect(emails).toHaveLength(DEMO_ACCOUNTS.length);

    await seed(db, { seedDemo: true, universityDomain: 'university.edu' });
    expect(await db.select().from(rubricItems)).toHaveLength(20);
    expect(await db.select().from(users)).toHaveLength(DEMO_ACCOUNTS.length);
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(planTemplateSteps);
    expect(n).toBe(20);
  });

  it('renders email templates with escaped values and the product link', async () => {
    await handle.db.transaction(async (tx) => {
      await queueEmail(tx, { type: 'UpdateObs', to: { name: 'A <script>', email: 'a@university.edu' } });
    });
    const [mail] = await handle.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'a@university.edu'));
    expect(mail.body).toContain('Dear A &lt;script&gt;');
    expect(mail.body).toContain('http://localhost:3000');
    expect(mail.sentAt).toBeNull(); // no SMTP: recorded only
  });
});

describe('email outbox delivery', () => {
  it('marks delivered mails sent and failed ones with their error, without retrying them', async () => {
    const db = handle.db;
    await db.transaction(async (tx) => {
      await queueEmail(tx, { type: 'ObsPrompt', to: { name: 'Ok', email: 'ok@university.edu' } });
      await queueEmail(tx, { type: 'ObsPrompt', to: { name: 'Bad', email: 'bad@university.edu' } });
    });
    const sent: string[] = [];
    const flusher = createOutboxFlusher(db, {
      async deliver(m) {
        if (m.to.startsWith('bad')) throw new Error('550 mailbox unavailable');
        sent.push(m.to);
      },
    }, app.log);
    await flusher.flush();
    await flusher.flush();
    await flusher.stop();
    expect(sent.filter((to) => to === 'ok@university.edu')).toHaveLength(1);
    const [ok] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'ok@university.edu'));
    const [bad] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'bad@university.edu'));
    expect(ok.sentAt).toBeInstanceOf(Date);
    expect(bad.sentAt).toBeNull();
    expect(bad.error).toBe('550 mailbox unavailable');
  });
});

describe('errors', () => {
  it('answers unknown /api paths with 404 JSON', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/does-not-exist' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MSG.notFound });
    }
  });

  it('answers malformed JSON with 400 {error}', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['error']);
  });

  it('answers a body over the limit with 413 {error}', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'x@university.edu', password: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The request is too large!' });
  });

  it('hides 5xx details', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: MSG.somethingWrong });
    expect(res.body).not.toContain('secret');
  });
});

describe('serving the client', () => {
  it('serves index.html for client routes, not for /api', async () => {
    const res = await app.inject({ method: 'GET', url: '/observations/list-observation' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
    const root = await app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.body).toContain('<div id="root">');
  });

  it('caches hashed assets forever and revalidates the service worker', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const sw = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('sends a CSP fit for the SPA and its service worker', async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toMatch(/img-src 'self' data: blob:/);
  });
});

describe('configuration', () => {
  it('applies defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, universityDomain: 'university.edu', seedDemo: true, loginLimitPerMinute: 30 });
    expect(loadConfig({ LOGIN_LIMIT_PER_MINUTE: '500' }).loginLimitPerMinute).toBe(500);
    expect(c.dataDir.endsWith('data')).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false', UNIVERSITY_DOMAIN: 'Uni.Example.org' })).toMatchObject({ seedDemo: false, universityDomain: 'uni.example.org' });
  });

  it('CAMPUS_TIME_ZONE defaults to UTC and must be an IANA zone; PUBLIC_URL unset means links follow the request', () => {
    expect(loadConfig({})).toMatchObject({ campusTimeZone: 'UTC', publicUrlAuto: true, publicUrl: 'http://localhost:3000' });
    expect(loadConfig({ CAMPUS_TIME_ZONE: 'Europe/Berlin', PUBLIC_URL: 'https://observa.example.edu' })).toMatchObject({ campusTimeZone: 'Europe/Berlin', publicUrlAuto: false, publicUrl: 'https://observa.example.edu' });
    expect(() => loadConfig({ CAMPUS_TIME_ZONE: 'Mars/Olympus' })).toThrow(/CAMPUS_TIME_ZONE/);
  });

  it('applies LOGIN_LIMIT_PER_MINUTE to the login route', async () => {
    const limited = await buildApp({ config: testConfig({ clientDir, loginLimitPerMinute: 2 }), dbHandle: handle, logger: false });
    try {
      // An address of its own: the counters live in the database this file's other apps share (rate-limit-store.ts).
      const login = () => limited.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '192.0.2.77', payload: { email: 'nobody@university.edu', password: 'x' } });
      expect((await login()).statusCode).toBe(401);
      expect((await login()).statusCode).toBe(401);
      expect((await login()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ UNIVERSITY_DOMAIN: 'not a domain' }, /UNIVERSITY_DOMAIN/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ LOGIN_LIMIT_PER_MINUTE: '0' }, /LOGIN_LIMIT_PER_MINUTE/],
  ])('rejects bad values with a message naming the variable (%#)', (env, re) => {
    expect(() => loadConfig(env)).toThrow(re);
  });
});
