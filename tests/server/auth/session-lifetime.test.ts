/**
 * Session lifetime (SESSION_IDLE_DAYS, SESSION_MAX_DAYS): a session unused for the idle limit ends, and every
 * session ends at its absolute lifetime however much it is used. Both are judged by the database query, so a
 * second instance on the same database (here: a second app on the same handle, with its own session cache)
 * agrees on them — a use on one instance keeps the session alive on the other.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { DEFAULT_SESSION_IDLE_DAYS, DEFAULT_SESSION_MAX_DAYS, loadConfig } from '../../../src/server/config.js';
import { createTestApp, testConfig, type TestApp } from '../support/helpers.js';

const DAY = 86_400_000;
const session = { idleMs: 2 * DAY, maxMs: 5 * DAY };
let clock = new Date('2026-03-01T08:00:00Z');
const advance = (days: number) => {
  clock = new Date(clock.getTime() + days * DAY);
};
let t: TestApp;
let other: FastifyInstance;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, config: { session } });
  other = await buildApp({ config: testConfig({ session }), dbHandle: t.handle, now: () => clock, logger: false });
  await other.ready();
}, 60_000);
beforeEach(async () => {
  clock = new Date('2026-03-01T08:00:00Z');
  await t.reset();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const me = (token: string, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } }).then((r) => r.statusCode);

describe('session lifetime', () => {
  it('ends a session unused for the idle limit', async () => {
    const token = await t.login('observer');
    advance(1.9);
    expect(await me(token)).toBe(200);
    // Used at 1.9 days: the idle limit counts from there.
    advance(1.9);
    expect(await me(token)).toBe(200);
    advance(2.05);
    expect(await me(token), 'unused for more than 2 days').toBe(401);
    expect(await me(token, other)).toBe(401);
  });

  it('ends every session at its absolute lifetime, however often it is used', async () => {
    const token = await t.login('observer');
    for (let day = 0; day < 4; day++) {
      advance(1);
      expect(await me(token), `day ${day + 1}`).toBe(200);
    }
    advance(0.99);
    expect(await me(token)).toBe(200);
    advance(0.02);
    expect(await me(token), 'past 5 days since sign-in').toBe(401);
    // Signing in again starts a new session.
    expect(await me(await t.login('observer'))).toBe(200);
  });

  it('across instances: a use on one keeps the session alive on the other; the end holds on both', async () => {
    const token = await t.login('faculty');
    advance(1.5);
    expect(await me(token, other)).toBe(200); // used on the second instance only
    advance(1.5);
    expect(await me(token), 'idle limit counted from the use on the other instance').toBe(200);
    advance(2.1);
    expect(await me(token, other)).toBe(401);
    expect(await me(token)).toBe(401);
  });

  it('is configured in days, validated at start (idle ≤ lifetime)', () => {
    const defaults = loadConfig({}).session!;
    expect(defaults).toEqual({ idleMs: DEFAULT_SESSION_IDLE_DAYS * DAY, maxMs: DEFAULT_SESSION_MAX_DAYS * DAY });
    expect(loadConfig({ SESSION_IDLE_DAYS: '0.5', SESSION_MAX_DAYS: '7' }).session).toEqual({ idleMs: DAY / 2, maxMs: 7 * DAY });
    for (const [idle, max, name] of [['40', '30', 'SESSION_IDLE_DAYS'], ['0', '30', 'SESSION_IDLE_DAYS'], ['1', 'x', 'SESSION_MAX_DAYS'], ['1', '400', 'SESSION_MAX_DAYS']]) {
      expect(() => loadConfig({ SESSION_IDLE_DAYS: idle, SESSION_MAX_DAYS: max }), `${idle}/${max}`).toThrow(new RegExp(name));
    }
  });
});
