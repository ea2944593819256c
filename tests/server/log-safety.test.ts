/**
 * Secrets stay out of logs: a failed insert of a user (whose row carries the scrypt hash) is logged with its
 * error, yet neither the hash, the password nor the bearer token appears in any captured log line.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

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
});
