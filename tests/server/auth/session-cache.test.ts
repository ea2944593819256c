/**
 * The embedded server keeps signed-in sessions in memory (src/server/services/auth/session-cache.ts). A cached
 * session must stop working the moment it is revoked — logout, or a password change from another session — and a
 * lookup that was in flight during a revocation must not put the revoked session back. On PostgreSQL (several
 * processes may share the database) an entry lives half a second: another instance's logout holds within it.
 */
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../src/server/http/types.js';
import { EMBEDDED_MAX_AGE_MS, forgetSessions, SessionCache, SHARED_MAX_AGE_MS } from '../../../src/server/services/auth/session-cache.js';
import { DEMO_PASSWORD, useTestApp } from '../support/helpers.js';

const t = useTestApp();

const embedded = process.env.OBSERVA_TEST_DB !== 'postgres';

describe('session cache on the server', () => {
  it(embedded ? 'keeps a session a minute on the embedded database' : 'keeps a session half a second on PostgreSQL', () => {
    expect(t.app.sessionCache?.maxAgeMs).toBe(embedded ? EMBEDDED_MAX_AGE_MS : SHARED_MAX_AGE_MS);
    expect(SHARED_MAX_AGE_MS).toBeLessThanOrEqual(500);
  });

  it('refuses a cached session right after its logout, and keeps the others', async () => {
    const a = await t.login('observer');
    const b = await t.login('observer');
    for (const token of [a, b]) expect((await t.get('/api/auth/me', token)).statusCode).toBe(200); // now cached
    expect((await t.post('/api/auth/logout', {}, a)).statusCode).toBe(200);
    expect((await t.get('/api/auth/me', a)).statusCode).toBe(401);
    expect((await t.get('/api/auth/me', b)).statusCode).toBe(200);
  });

  it('refuses the other cached sessions right after a password change', async () => {
    const mine = await t.login('faculty');
    const other = await t.login('faculty');
    expect((await t.get('/api/auth/me', other)).statusCode).toBe(200); // cached
    const body = { oldPassword: DEMO_PASSWORD, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' };
    expect((await t.put('/api/auth/reset-password', body, mine)).statusCode).toBe(200);
    expect((await t.get('/api/auth/me', other)).statusCode).toBe(401);
    expect((await t.get('/api/auth/me', mine)).statusCode).toBe(200);
  });

  it('does not let requests in flight during a logout bring the session back', async () => {
    const token = await t.login('hod');
    const burst = Array.from({ length: 6 }, () => t.get('/api/auth/me', token));
    const logout = t.post('/api/auth/logout', {}, token);
    await Promise.all([...burst, logout]);
    expect((await logout).statusCode).toBe(200);
    expect((await t.get('/api/auth/me', token)).statusCode).toBe(401);
  });

  it('replays a repeated Idempotency-Key from a cached session without applying it twice', async () => {
    const token = await t.login('faculty2');
    const id = await t.userId('faculty2');
    expect((await t.get('/api/auth/me', token)).statusCode).toBe(200); // cached: the key is not looked up up front
    const headers = { 'idempotency-key': 'cached-1' };
    const first = await t.put(`/api/user/update/${id}`, { phone: '111' }, token, headers);
    await t.put(`/api/user/update/${id}`, { phone: '222' }, token);
    const replay = await t.put(`/api/user/update/${id}`, { phone: '111' }, token, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect((await t.get('/api/auth/me', token)).json().phone).toBe('222');
  });
});

describe('SessionCache', () => {
  const user: AuthUser = { id: 'u', name: 'N', email: 'n@x', role: 'Faculty', campus: 'Main_Campus', departmentId: 1, sessionId: 's' };

  it('answers until the session expires', () => {
    const cache = new SessionCache();
    cache.begin()('h', user, 10_000, 0);
    expect(cache.get('h', 9_999)).toEqual(user);
    expect(cache.get('h', 10_000)).toBeUndefined();
  });

  it('keeps an entry at most its maximum age even for a long session', () => {
    const cache = new SessionCache();
    cache.begin()('h', user, 30 * 86_400_000, 0);
    expect(cache.get('h', 59_999)).toEqual(user);
    expect(cache.get('h', 60_000)).toBeUndefined();
    const shared = new SessionCache(SHARED_MAX_AGE_MS);
    shared.begin()('h', user, 30 * 86_400_000, 0);
    expect(shared.get('h', SHARED_MAX_AGE_MS - 1)).toEqual(user);
    expect(shared.get('h', SHARED_MAX_AGE_MS)).toBeUndefined();
  });

  it('forgets everything on a revocation, including a lookup begun before it', () => {
    const cache = new SessionCache();
    cache.begin()('old', user, 10_000, 0);
    const store = cache.begin();
    forgetSessions();
    store('late', user, 10_000, 0);
    expect(cache.get('old', 1)).toBeUndefined();
    expect(cache.get('late', 1)).toBeUndefined();
  });
});
