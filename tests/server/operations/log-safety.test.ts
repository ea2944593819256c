/**
 * Secrets stay out of logs: a failed insert of a user (whose row carries the scrypt hash) is logged with its
 * error, yet neither the hash, the password nor the bearer token appears in any captured log line.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { logSafeUrl } from '../../../src/server/http/log-safety.js';
import { createTestApp, type TestApp } from '../support/helpers.js';

let t: TestApp;
const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

beforeAll(async () => {
  t = await createTestApp({ config: { logLevel: 'info' }, logStream: sink });
  await t.reset();
  // Makes the users insert itself fail (after the service's own checks), as a constraint violation would.
  await t.db.execute(sql`alter table users add constraint test_no_boom check (name <> 'Boom Insert')`);
});
afterAll(async () => {
  await t?.db.execute(sql`alter table users drop constraint if exists test_no_boom`);
  await t?.close();
});

describe('log lines', () => {
  it('carry no password, hash or token when an insert of a user fails', async () => {
    const token = await t.login('admin');
    const password = 'Very-Secret-Pass-42';
    const res = await t.post(
      '/api/auth/create',
      { name: 'Boom Insert', email: 'boom@university.edu', password, confirmPassword: password, role: 'Observer', department: 1 },
      token,
      { 'idempotency-key': 'boom-1' },
    );
    expect(res.statusCode).toBe(500);
    const log = lines.join('');
    // The failure was logged, with what helps diagnose it …
    expect(log).toMatch(/request failed/);
    expect(log).toMatch(/test_no_boom|23514/);
    // … and nothing secret.
    expect(log).not.toMatch(/scrypt\$/);
    expect(log).not.toContain(password);
    expect(log).not.toContain(token);
    expect(log).not.toContain('boom@university.edu');
  });

  it('redacts credential keys passed to a log call', () => {
    t.app.log.warn({ headers: { authorization: 'Bearer abc-secret-token' }, body: { password: 'hunter2-secret' } }, 'probe');
    const log = lines.join('');
    expect(log).toMatch(/probe/);
    expect(log).not.toContain('abc-secret-token');
    expect(log).not.toContain('hunter2-secret');
  });

  it('carry no calendar feed secret at the default level: the request URL is logged with it replaced', async () => {
    expect(loadConfig({}).logLevel, 'the level these lines are captured at is the default').toBe('info');
    const token = await t.login('observer');
    const made = await t.post('/api/user/calendar-feed', undefined, token);
    expect(made.statusCode).toBe(201);
    const path = new URL(made.json().url as string).pathname;
    const secret = /\/api\/calendar\/([^/.]+)\.ics$/.exec(path)![1];
    const before = lines.length;
    const feed = await t.get(path);
    expect(feed.statusCode).toBe(200);
    // A credential a client appends to any address is not logged either.
    await t.get('/api/auth/me?token=appended-credential-123&since=0', token);
    const log = lines.slice(before).join('');
    expect(log, 'the feed request was logged').toMatch(/"url":"\/api\/calendar\/\[redacted\]"/);
    expect(log).not.toContain(secret);
    expect(log).not.toContain('appended-credential-123');
    expect(log).toContain('since=0');
  });

  it('logSafeUrl keeps what diagnoses a request and drops what would let a reader in', () => {
    expect(logSafeUrl('/api/calendar/abc.ics')).toBe('/api/calendar/[redacted]');
    expect(logSafeUrl('/api//CALENDAR/abc.ics?x=1')).toBe('/api//CALENDAR/[redacted]?x=1');
    expect(logSafeUrl('/api/sync/changes?since=12&access_token=zz&Key=k')).toBe('/api/sync/changes?since=12&access_token=[redacted]&Key=[redacted]');
    expect(logSafeUrl('/api/observation/123/calendar.ics')).toBe('/api/observation/123/calendar.ics');
    // The single sign-on callback: the code and the state are a sign-in until spent; the issuer is not a secret.
    expect(logSafeUrl('/api/auth/oidc/callback?code=c0de&state=st4te&iss=https%3A%2F%2Fidp')).toBe('/api/auth/oidc/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Fidp');
  });
});
