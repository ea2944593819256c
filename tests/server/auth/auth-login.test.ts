import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MSG } from '../../../src/shared/messages.js';
import { createTestApp, DEMO, DEMO_PASSWORD, type TestApp } from '../support/helpers.js';

let t: TestApp;
let clock = new Date('2026-03-01T10:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ now: () => clock, loginLimits: { perIpPerMinute: 8 } });
});
beforeEach(async () => {
  clock = new Date('2026-03-01T10:00:00Z');
  await t.reset();
});
afterAll(() => t?.close());

let ipCounter = 0;
const freshIp = () => `192.0.2.${++ipCounter}`;
const login = (email: string, password: string, ip = freshIp()) =>
  t.request('POST', '/api/auth/login', { body: { email, password }, ip });

describe('POST /api/auth/login', () => {
  it('returns the SPEC §3 user document with a token and never password material', async () => {
    const res = await login(DEMO.faculty, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      email: DEMO.faculty,
      role: 'Faculty',
      campus: 'Main_Campus',
      department: { name: 'Computer Science' },
      designation: 'Lecturer',
    });
    expect(typeof body.token).toBe('string');
    expect(body.token.length).toBeGreaterThanOrEqual(43); // 32 bytes base64url
    expect(body.courseSlots.length).toBe(2);
    expect(body.courseSlots[0].course).toMatchObject({ courseCode: expect.stringMatching(/^CSC-/) });
    expect(body.facultyObs).toEqual([]);
    expect(res.body).not.toMatch(/scrypt|passwordHash|password_hash/);
  });

  it('accepts the email in any case and with spaces', async () => {
    const res = await login(`  ${DEMO.hod.toUpperCase()} `, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(DEMO.hod);
  });

  it('answers an unknown email and a wrong password identically', async () => {
    const unknown = await login('nobody@university.edu', 'whatever-password');
    const wrong = await login(DEMO.faculty, 'whatever-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ error: MSG.invalidCredentials });
    expect(wrong.body).toBe(unknown.body);
  });

  it('checks required fields and the email pattern', async () => {
    expect((await login('', '')).json()).toEqual({ error: MSG.provideAllRequired });
    const bad = await login('not-an-email', 'x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: MSG.invalidLoginEmail });
    const missing = await t.request('POST', '/api/auth/login', { body: {}, ip: freshIp() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/^email: /);
  });

  it('floods from one address meet the per-minute guard: 429, catalogue message, Retry-After', async () => {
    // Successful logins count no failure, so only the coarse per-minute guard can stop these.
    const ip = freshIp();
    for (let i = 0; i < 8; i++) expect((await login(DEMO.faculty, DEMO_PASSWORD, ip)).statusCode).toBe(200);
    const blocked = await login(DEMO.faculty, DEMO_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: MSG.tooManyAttempts });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await login(DEMO.faculty, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('rejects requests without a token, with a bad token, and with a malformed header', async () => {
    const variants: Record<string, string>[] = [{}, { authorization: 'Bearer nope' }, { authorization: 'Basic abc' }];
    for (const headers of variants) {
      const res = await t.request('GET', '/api/auth/me', { headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: MSG.notSignedIn });
    }
  });

  it('GET /auth/me returns the current user document', async () => {
    const token = await t.login('observer');
    const res = await t.get('/api/auth/me', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: DEMO.observer, role: 'Observer' });
    expect(res.json().token).toBeUndefined();
    expect(res.body).not.toMatch(/scrypt|passwordHash/);
  });

  it('expires tokens after 30 days even when used (the default lifetime; 14 days unused end one sooner)', async () => {
    const token = await t.login('observer');
    for (const days of [10, 10, 9]) {
      clock = new Date(clock.getTime() + days * 24 * 3600_000);
      expect((await t.get('/api/auth/me', token)).statusCode).toBe(200);
    }
    clock = new Date(clock.getTime() + 2 * 24 * 3600_000);
    expect((await t.get('/api/auth/me', token)).statusCode).toBe(401);
    const idle = await t.login('observer');
    clock = new Date(clock.getTime() + 14.1 * 24 * 3600_000);
    expect((await t.get('/api/auth/me', idle)).statusCode).toBe(401);
  });

  it('POST /auth/logout revokes only that session, idempotently', async () => {
    const a = await t.login('hod');
    const b = await t.login('hod');
    const first = await t.post('/api/auth/logout', {}, a, { 'idempotency-key': 'logout-1' });
    expect(first.statusCode).toBe(200);
    expect((await t.get('/api/auth/me', a)).statusCode).toBe(401);
    expect((await t.get('/api/auth/me', b)).statusCode).toBe(200);
    // A replay of the same logout (lost response) cannot authenticate any more: 401, never a second effect.
    expect((await t.post('/api/auth/logout', {}, a, { 'idempotency-key': 'logout-1' })).statusCode).toBe(401);
    expect((await t.post('/api/auth/logout', {}, undefined)).statusCode).toBe(401);
  });
});
