/**
 * Login throttling (services/auth/login-throttle.ts): growing, capped delays per account and per address, kept
 * in the database so that two app instances on one database share them, and never a lock-out of the owner
 * beyond the bounded delay.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app.js';
import { purgeLoginThrottle } from '../../../src/server/services/auth/login-throttle.js';
import { runHousekeeping } from '../../../src/server/services/housekeeping/index.js';
import { MSG } from '../../../src/shared/messages.js';
import { createTestApp, DEMO, DEMO_PASSWORD, testConfig, type TestApp } from '../support/helpers.js';

const limits = {
  perIpPerMinute: 1000,
  account: { free: 3, baseMs: 2_000, maxMs: 16_000 },
  address: { free: 4, baseMs: 1_000, maxMs: 60_000 },
  forgetMs: 60 * 60_000,
};
let t: TestApp;
let clock = new Date('2026-03-01T10:00:00Z');
const advance = (seconds: number) => {
  clock = new Date(clock.getTime() + seconds * 1000);
};
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, loginLimits: limits });
});
beforeEach(async () => {
  clock = new Date('2026-03-01T10:00:00Z');
  await t.reset();
});
afterAll(() => t?.close());

let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter % 250}`;
const login = (email: string, password: string, ip = freshIp()) =>
  t.request('POST', '/api/auth/login', { body: { email, password }, ip });
const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);

describe('per-account throttle', () => {
  it('grows the delay with each failure up to the cap; Retry-After always present', async () => {
    for (let i = 0; i < 3; i++) expect((await login(DEMO.observer, 'wrong-password')).statusCode).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      // A failure beyond the free ones is still judged (401) and then blocks the account …
      expect((await login(DEMO.observer, 'wrong-password')).statusCode).toBe(401);
      // … so the next attempt, even the owner's right password from another address, waits.
      const blocked = await login(DEMO.observer, DEMO_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ error: MSG.tooManyAttempts });
      waits.push(retryAfter(blocked));
      advance(retryAfter(blocked));
    }
    expect(waits).toEqual([2, 4, 8, 16, 16]);
  });

  it("an attacker's failures from other addresses never keep the owner out beyond the bounded delay", async () => {
    // Many addresses hammer the account, including while it is blocked (those attempts are refused unjudged).
    for (let i = 0; i < 40; i++) await login(DEMO.observer, `guess-${i}`);
    const blocked = await login(DEMO.observer, DEMO_PASSWORD, '203.0.113.7');
    expect(blocked.statusCode).toBe(429);
    const wait = retryAfter(blocked);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(limits.account.maxMs / 1000);
    // Attempts during the block did not stretch it: half-way, the wait has shrunk.
    advance(Math.floor(wait / 2));
    for (let i = 0; i < 5; i++) expect((await login(DEMO.observer, `more-${i}`)).statusCode).toBe(429);
    expect(retryAfter(await login(DEMO.observer, DEMO_PASSWORD, '203.0.113.7'))).toBe(wait - Math.floor(wait / 2));
    advance(wait);
    // The owner's right password then gets in, and resets the account's counter …
    expect((await login(DEMO.observer, DEMO_PASSWORD, '203.0.113.7')).statusCode).toBe(200);
    // … so the next failure is a free one again and does not block.
    expect((await login(DEMO.observer, 'wrong-password')).statusCode).toBe(401);
    expect((await login(DEMO.observer, DEMO_PASSWORD, '203.0.113.7')).statusCode).toBe(200);
  });

  it('answers an unknown account the same way, and leaves other accounts alone', async () => {
    for (let i = 0; i < 4; i++) expect((await login('ghost@university.edu', 'wrong-password')).statusCode).toBe(401);
    const ghost = await login('ghost@university.edu', 'x');
    expect(ghost.statusCode).toBe(429);
    expect(retryAfter(ghost)).toBe(2);
    expect((await login(DEMO.faculty, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('forgets a quiet counter after forgetMs', async () => {
    for (let i = 0; i < 3; i++) await login(DEMO.observer, 'wrong-password');
    advance(61 * 60);
    // Three fresh free failures: the old three were forgotten.
    for (let i = 0; i < 3; i++) expect((await login(DEMO.observer, 'wrong-password')).statusCode).toBe(401);
    expect((await login(DEMO.observer, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('per-address throttle', () => {
  it('slows one address spraying many accounts, not the others', async () => {
    const ip = '192.0.2.99';
    for (let i = 0; i < 5; i++) expect((await login(`user${i}@university.edu`, 'wrong-password', ip)).statusCode).toBe(401);
    const blocked = await login(DEMO.faculty, DEMO_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(retryAfter(blocked)).toBe(1);
    expect((await login(DEMO.faculty, DEMO_PASSWORD)).statusCode).toBe(200);
    advance(1);
    expect((await login('user9@university.edu', 'wrong-password', ip)).statusCode).toBe(401);
    expect(retryAfter(await login(DEMO.faculty, DEMO_PASSWORD, ip))).toBe(2);
    // A right password does not reset the address counter.
    advance(2);
    expect((await login(DEMO.faculty, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    expect((await login('user10@university.edu', 'wrong-password', ip)).statusCode).toBe(401);
    expect(retryAfter(await login(DEMO.faculty, DEMO_PASSWORD, ip))).toBe(4);
  });
});

describe('shared counters', () => {
  it('two app instances on one database share the counts', async () => {
    const second = await buildApp({ config: testConfig(), dbHandle: t.handle, now: () => clock, loginLimits: limits, logger: false });
    try {
      const other = (email: string, password: string) =>
        second.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: freshIp() });
      // Failures alternate between the instances; together they pass the free budget of 3.
      expect((await login(DEMO.observer, 'wrong-1')).statusCode).toBe(401);
      expect((await other(DEMO.observer, 'wrong-2')).statusCode).toBe(401);
      expect((await login(DEMO.observer, 'wrong-3')).statusCode).toBe(401);
      expect((await other(DEMO.observer, 'wrong-4')).statusCode).toBe(401);
      const here = await login(DEMO.observer, DEMO_PASSWORD);
      const there = await other(DEMO.observer, DEMO_PASSWORD);
      expect([here.statusCode, there.statusCode]).toEqual([429, 429]);
      expect(retryAfter(there)).toBe(2);
    } finally {
      await second.close();
    }
  });

  it('housekeeping purges idle counters, never a running block', async () => {
    for (let i = 0; i < 4; i++) await login(DEMO.observer, 'wrong-password');
    expect(await purgeLoginThrottle(t.db, clock, limits.forgetMs)).toBe(0);
    advance(61 * 60);
    // Four address rows and one account row, all idle for over an hour: the daily run removes them.
    expect((await runHousekeeping(t.db, '/nonexistent/observa-data', clock))!.loginCounters).toBe(5);
    expect(await purgeLoginThrottle(t.db, clock, limits.forgetMs)).toBe(0);
  });
});

describe('old-password guessing on PUT /auth/reset-password', () => {
  const reset = (token: string, oldPassword: string, ip = freshIp()) =>
    t.request('PUT', '/api/auth/reset-password', { token, ip, body: { oldPassword, newPassword: 'brand-new-pass-1', confirmPassword: 'brand-new-pass-1' } });

  it('is throttled per account like sign-in, on the same counter (429 with Retry-After; the owner waits at most the cap)', async () => {
    const token = (await login(DEMO.observer, DEMO_PASSWORD)).json().token as string;
    for (let i = 0; i < limits.account.free + 1; i++) {
      const res = await reset(token, `guess-${i}`);
      expect([res.statusCode, res.json().error]).toEqual([400, MSG.oldPasswordWrong]);
    }
    const blocked = await reset(token, DEMO_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: MSG.tooManyAttempts });
    expect(retryAfter(blocked)).toBe(2);
    // One password, one counter: signing in to the account waits too.
    expect((await login(DEMO.observer, DEMO_PASSWORD)).statusCode).toBe(429);
    advance(retryAfter(blocked));
    // After the wait the right old password changes it (and resets the account's counter).
    expect((await reset(token, DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await login(DEMO.observer, 'brand-new-pass-1')).statusCode).toBe(200);
  });

  it('is throttled per address across accounts', async () => {
    const ip = '203.0.113.50';
    const accounts = [DEMO.faculty, DEMO.faculty2, DEMO.faculty3];
    const tokens = await Promise.all(accounts.map(async (email) => (await login(email, DEMO_PASSWORD)).json().token as string));
    // Two guesses per account (below the account rule's free 3), five from one address: past the address rule's free 4.
    const statuses: number[] = [];
    for (const token of tokens.slice(0, 2)) for (let i = 0; i < 2; i++) statuses.push((await reset(token, `guess-${i}`, ip)).statusCode);
    statuses.push((await reset(tokens[2], 'guess-x', ip)).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const blocked = await reset(tokens[2], DEMO_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(retryAfter(blocked)).toBeGreaterThan(0);
    // The same account from another address is judged (its own counter is below its limit).
    expect((await reset(tokens[2], DEMO_PASSWORD, '203.0.113.51')).statusCode).toBe(200);
  });
});
