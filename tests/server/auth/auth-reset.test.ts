import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../src/server/db/schema.js';
import { MSG } from '../../../src/shared/messages.js';
import { DEMO, DEMO_PASSWORD, useTestApp } from '../support/helpers.js';

const t = useTestApp();

const url = '/api/auth/reset-password';

describe('PUT /api/auth/reset-password', () => {
  it('needs a token', async () => {
    const res = await t.put(url, { oldPassword: DEMO_PASSWORD, newPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ oldPassword: '', newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' }, MSG.provideAllRequired],
    [{ oldPassword: DEMO_PASSWORD, newPassword: '', confirmPassword: '' }, MSG.provideAllRequired],
    [{ oldPassword: DEMO_PASSWORD, newPassword: 'brand-new-pass', confirmPassword: '' }, MSG.provideAllRequired],
    [{ oldPassword: DEMO_PASSWORD, newPassword: 'brand-new-pass', confirmPassword: 'other-new-pass' }, MSG.newPasswordsSame],
    [{ oldPassword: DEMO_PASSWORD, newPassword: 'short', confirmPassword: 'short' }, MSG.newPasswordMin],
    [{ oldPassword: 'not-my-password', newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' }, MSG.oldPasswordWrong],
  ])('answers 400 with the §5 message (%#)', async (body, message) => {
    const token = await t.login('faculty');
    const res = await t.put(url, body, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    // Nothing changed: the old password still works.
    expect(await t.login('faculty')).toBeTruthy();
  });

  it('changes the password, keeps this session and revokes the others', async () => {
    const other = await t.login('faculty');
    const token = await t.login('faculty');
    const res = await t.put(url, { email: DEMO.faculty, oldPassword: DEMO_PASSWORD, newPassword: 'brand-new-pass' }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.passwordReset });
    expect((await t.get('/api/auth/me', token)).statusCode).toBe(200);
    expect((await t.get('/api/auth/me', other)).statusCode).toBe(401);
    await expect(t.login('faculty')).rejects.toThrow(/401/);
    expect(await t.login('faculty', 'brand-new-pass')).toBeTruthy();
    const uid = await t.userId('faculty');
    const log = await t.db.select().from(auditLog).where(eq(auditLog.entityId, uid));
    expect(log.map((l) => l.action)).toContain('password.reset');
  });

  it("refuses to reset someone else's account", async () => {
    const token = await t.login('faculty');
    const res = await t.put(url, { email: DEMO.hod, oldPassword: DEMO_PASSWORD, newPassword: 'brand-new-pass' }, token);
    expect(res.statusCode).toBe(403);
    expect(await t.login('hod')).toBeTruthy();
  });

  it('applies a repeated Idempotency-Key once', async () => {
    const token = await t.login('observer');
    const headers = { 'idempotency-key': 'reset-1' };
    const body = { oldPassword: DEMO_PASSWORD, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' };
    const first = await t.put(url, body, token, headers);
    const second = await t.put(url, body, token, headers);
    expect(first.statusCode).toBe(200);
    // Without idempotency the replay would fail: the old password is no longer right.
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replay']).toBe('true');
  });

  it('ends the calendar subscription feed with the sessions (the user makes a new one)', async () => {
    const token = await t.login('observer');
    const made = await t.post('/api/user/calendar-feed', undefined, token);
    expect(made.statusCode).toBe(201);
    const feedPath = new URL(made.json().url as string).pathname;
    expect((await t.get(feedPath)).statusCode).toBe(200);
    const res = await t.put(url, { oldPassword: DEMO_PASSWORD, newPassword: 'brand-new-pass' }, token);
    expect(res.statusCode).toBe(200);
    expect((await t.get(feedPath)).statusCode).toBe(404);
    expect((await t.get('/api/user/calendar-feed', token)).json()).toMatchObject({ active: false });
    // A new one works.
    const again = await t.post('/api/user/calendar-feed', undefined, token);
    expect((await t.get(new URL(again.json().url as string).pathname)).statusCode).toBe(200);
  });
});
