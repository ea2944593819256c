/**
 * A new user is invited to set their own password (POST /auth/create without `password`): the CreateUser email,
 * delivered through the email outbox to a real SMTP-less mailer hook, carries a one-time link; until it is used
 * the account cannot sign in; POST /auth/accept-invitation checks the password like the forms do, sets it once
 * and refuses the same link again or after it expired. The documented body with `password` still creates an
 * account that signs in at once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, userInvitations } from '../../../src/server/db/schema.js';
import { INVITATION_DAYS } from '../../../src/server/services/auth/invitations.js';
import { MSG } from '../../../src/shared/messages.js';
import { createTestApp, TEST_DOMAIN, type TestApp } from '../support/helpers.js';

const delivered: { to: string; subject: string; body: string }[] = [];
let clock = new Date('2026-11-20T09:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: { deliver: async (m) => void delivered.push(m) }, now: () => clock });
});
beforeEach(async () => {
  delivered.length = 0;
  clock = new Date('2026-11-20T09:00:00.000Z');
  await t.reset();
});
afterAll(() => t?.close());

const invitee = { name: 'Invited Person', email: `invited.person@${TEST_DOMAIN}`, role: 'Observer' };

async function invite(): Promise<{ id: string; token: string; link: string }> {
  const hod = await t.login('hod');
  const res = await t.post('/api/auth/create', invitee, hod);
  expect(res.statusCode).toBe(201);
  await t.app.mailFlusher!.flush();
  const mail = delivered.find((m) => m.to === invitee.email);
  expect(mail, 'the invitation email was delivered').toBeTruthy();
  const link = /https?:\/\/[^\s"<]+\/accept-invitation\?token=([\w%-]+)/.exec(mail!.body);
  expect(link, `an invitation link in: ${mail!.body}`).toBeTruthy();
  return { id: res.json().id, token: decodeURIComponent(link![1]), link: link![0] };
}

const accept = (body: object) => t.post('/api/auth/accept-invitation', body);

describe('inviting a new user', () => {
  it('emails a one-time link; the account signs in only after the user set their own password', async () => {
    const { id, token } = await invite();
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, invitee.email));
    expect(row).toMatchObject({ templateType: 'CreateUser' });
    expect(row.body).toContain('Set your own password');
    // Only the token's hash is stored.
    const stored = await t.db.select().from(userInvitations).where(eq(userInvitations.userId, id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toContain(token);
    // No password works yet.
    const before = await t.post('/api/auth/login', { email: invitee.email, password: '' });
    expect(before.statusCode).toBe(400);
    expect((await t.post('/api/auth/login', { email: invitee.email, password: 'anything-at-all' })).statusCode).toBe(401);

    expect((await accept({ token, password: 'short', confirmPassword: 'short' })).json()).toEqual({ error: MSG.passwordMin });
    expect((await accept({ token, password: 'long-enough-1', confirmPassword: 'long-enough-2' })).json()).toEqual({ error: MSG.passwordsSame });
    expect((await accept({ token: 'not-the-token', password: 'long-enough-1', confirmPassword: 'long-enough-1' })).json()).toEqual({ error: MSG.invitationInvalid });

    const ok = await accept({ token, password: 'my-own-secret', confirmPassword: 'my-own-secret' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: MSG.invitationAccepted, email: invitee.email });
    expect(await t.login(invitee.email, 'my-own-secret')).toBeTruthy();
    const log = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(log.map((l) => l.action)).toEqual(['user.create', 'invitation.accept']);

    // The link works once.
    const again = await accept({ token, password: 'another-secret', confirmPassword: 'another-secret' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: MSG.invitationInvalid });
    expect(await t.login(invitee.email, 'my-own-secret')).toBeTruthy();
  });

  it('refuses the link once it expired', async () => {
    const { token } = await invite();
    clock = new Date(clock.getTime() + INVITATION_DAYS * 86_400_000 + 60_000);
    const res = await accept({ token, password: 'my-own-secret', confirmPassword: 'my-own-secret' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG.invitationInvalid });
  });

  it('keeps the documented body with a password for API clients: no invitation, the account signs in at once', async () => {
    const hod = await t.login('hod');
    const res = await t.post('/api/auth/create', { ...invitee, password: 'api-chosen-1', confirmPassword: 'api-chosen-1' }, hod);
    expect(res.statusCode).toBe(201);
    expect(await t.db.select().from(userInvitations)).toHaveLength(0);
    expect(await t.login(invitee.email, 'api-chosen-1')).toBeTruthy();
    // A password that is given is still checked.
    const short = await t.post('/api/auth/create', { ...invitee, email: `other.person@${TEST_DOMAIN}`, password: 'short' }, hod);
    expect(short.json()).toEqual({ error: MSG.passwordMin });
  });
});
