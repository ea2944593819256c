/**
 * Single sign-on end to end against a real OpenID Connect provider (oidc-provider, in this process): Observa
 * discovers it, sends the browser to its sign-in page with state, nonce and a PKCE challenge, exchanges the code,
 * verifies the ID token, and hands the app a one-time ticket it trades for the same answer a password sign-in
 * gives. Every way the answer can be wrong is refused with the login page's message: a missing, unknown, reused or
 * stale state, a nonce or PKCE verifier that does not match, an expired or reused code, an address outside
 * UNIVERSITY_DOMAIN or not verified. Logout ends the session and, after single sign-on, names the provider's
 * end-session URL.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oidcLogins, sessions, userIdentities } from '../../../src/server/db/schema.js';
import { hashToken } from '../../../src/server/services/auth/sessions.js';
import { MSG } from '../../../src/shared/messages.js';
import { buildApp } from '../../../src/server/app.js';
import { createTestApp, TEST_DOMAIN, testConfig, type TestApp } from '../support/helpers.js';
import { startTestProvider, type TestProvider } from '../support/oidc-provider.js';

const PUBLIC_URL = 'http://localhost:3000';
const REDIRECT = `${PUBLIC_URL}/api/auth/oidc/callback`;
let clock: Date | null = null;
let idp: TestProvider;
let t: TestApp;

beforeAll(async () => {
  idp = await startTestProvider({ redirectUri: REDIRECT, postLogoutRedirectUri: `${PUBLIC_URL}/login` });
  t = await createTestApp({
    now: () => clock ?? new Date(),
    config: {
      publicUrl: PUBLIC_URL,
      oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, scopes: 'openid email profile', label: 'University account', emailVerifiedClaim: 'email_verified', rules: [] },
    },
  });
});
beforeEach(async () => {
  clock = null;
  idp.codeTtl = 60;
  idp.accounts.clear();
  idp.accounts.set('olivia', { sub: 'sub-olivia-0001', email: `observer@${TEST_DOMAIN}`, email_verified: true, name: 'Olivia Brennan' });
  await t.reset();
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** GET /api/auth/oidc/start → the provider's authorization URL. */
async function start(): Promise<URL> {
  const res = await t.get('/api/auth/oidc/start');
  expect(res.statusCode, res.body).toBe(303);
  return new URL(res.headers.location as string);
}

/** The provider's answer delivered to Observa's callback → where Observa sends the browser (the login page's fragment). */
async function callback(url: URL): Promise<{ kind: string; value: string }> {
  const res = await t.get(`${url.pathname}${url.search}`);
  expect(res.statusCode, res.body).toBe(303);
  const location = res.headers.location as string;
  const m = /^\/login#(sso-ticket|sso-error|sso-notice)=(.*)$/.exec(location);
  expect(m, location).toBeTruthy();
  return { kind: m![1], value: decodeURIComponent(m![2]) };
}

async function signIn(login = 'olivia') {
  const back = await idp.browser().signIn((await start()).toString(), login);
  const outcome = await callback(back);
  expect(outcome.kind, outcome.value).toBe('sso-ticket');
  const res = await t.post('/api/auth/oidc/session', { ticket: outcome.value });
  expect(res.statusCode, res.body).toBe(200);
  return { user: res.json() as Record<string, unknown> & { token: string; id: string }, ticket: outcome.value };
}

const withParam = (url: URL, name: string, value: string | null) => {
  const copy = new URL(url);
  if (value === null) copy.searchParams.delete(name);
  else copy.searchParams.set(name, value);
  return copy;
};

describe('single sign-on with a real provider', () => {
  it('signs in with authorization code + PKCE and answers exactly what a password sign-in answers', async () => {
    const auth = await start();
    expect(auth.origin).toBe(idp.issuer);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(auth.searchParams.get('redirect_uri')).toBe(REDIRECT);
    const state = auth.searchParams.get('state')!;
    const nonce = auth.searchParams.get('nonce')!;
    expect(state && nonce).toBeTruthy();
    // Kept server-side: the state only as its hash; the verifier never leaves the server.
    const [row] = await t.db.select().from(oidcLogins).where(eq(oidcLogins.stateHash, hashToken(state)));
    expect(row).toMatchObject({ nonce, usedAt: null });
    expect(auth.toString()).not.toContain(row.codeVerifier);

    const back = await idp.browser().signIn(auth.toString(), 'olivia');
    expect(back.searchParams.get('code')).toBeTruthy();
    const outcome = await callback(back);
    expect(outcome.kind).toBe('sso-ticket');
    const res = await t.post('/api/auth/oidc/session', { ticket: outcome.value });
    expect(res.statusCode, res.body).toBe(200);
    const viaSso = res.json();
    const viaPassword = await t.loginUser('observer');
    // The same user object with a token: the app keeps either the same way (and so re-opens offline after either).
    const { token: ssoToken, ...ssoUser } = viaSso;
    const { token: pwToken, ...pwUser } = viaPassword;
    expect(ssoUser).toEqual(pwUser);
    expect(ssoToken).toMatch(/^[\w-]{43}$/);
    expect(ssoToken).not.toBe(pwToken);
    const me = await t.get('/api/auth/me', ssoToken);
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(`observer@${TEST_DOMAIN}`);
    // Linked by the verified address; from now on found by the subject.
    const links = await t.db.select().from(userIdentities).where(eq(userIdentities.userId, viaSso.id));
    expect(links).toEqual([expect.objectContaining({ issuer: idp.issuer, subject: 'sub-olivia-0001' })]);

    // The ticket works once.
    const again = await t.post('/api/auth/oidc/session', { ticket: outcome.value });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: MSG.ssoTicketInvalid });
  });

  it('finds a linked person by the subject even when the provider gives a new address', async () => {
    const first = await signIn();
    idp.accounts.set('olivia', { ...idp.accounts.get('olivia')!, email: `olivia.brennan@${TEST_DOMAIN}` });
    const second = await signIn();
    expect(second.user.id).toBe(first.user.id);
  });

  it('finishes on another instance than the one it started on (state, nonce and verifier are in the database)', async () => {
    // PostgreSQL: a second app on its own connection pool; PGlite belongs to one process, so there the second app
    // shares the handle and stands in for another instance.
    const config = testConfig({ publicUrl: PUBLIC_URL, oidc: t.config.oidc, ...(t.databaseUrl ? { databaseUrl: t.databaseUrl, inMemoryDb: false } : {}) });
    const second = await buildApp({ config, ...(t.databaseUrl ? {} : { dbHandle: t.handle }) });
    try {
      await second.ready();
      const back = await idp.browser().signIn((await start()).toString(), 'olivia');
      const res = await second.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
      const ticket = /^\/login#sso-ticket=(.+)$/.exec(res.headers.location as string)?.[1];
      expect(ticket, res.headers.location as string).toBeTruthy();
      // And the ticket is traded on the first instance again.
      const session = await t.post('/api/auth/oidc/session', { ticket: decodeURIComponent(ticket!) });
      expect(session.statusCode, session.body).toBe(200);
      expect(session.json().email).toBe(`observer@${TEST_DOMAIN}`);
    } finally {
      await second.close();
    }
  });

  it('refuses a ticket that is unknown or older than two minutes', async () => {
    expect((await t.post('/api/auth/oidc/session', { ticket: 'made-up' })).json()).toEqual({ error: MSG.ssoTicketInvalid });
    expect((await t.post('/api/auth/oidc/session', {})).statusCode).toBe(400);
    const back = await idp.browser().signIn((await start()).toString(), 'olivia');
    const outcome = await callback(back);
    clock = new Date(Date.now() + 121_000);
    const late = await t.post('/api/auth/oidc/session', { ticket: outcome.value });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: MSG.ssoTicketInvalid });
  });

  it('refuses an answer without a state, with a state it did not issue, or the same answer twice', async () => {
    const back = await idp.browser().signIn((await start()).toString(), 'olivia');
    expect(await callback(withParam(back, 'state', null))).toEqual({ kind: 'sso-error', value: MSG.ssoStateMissing });
    expect(await callback(withParam(back, 'state', 'a-state-observa-never-issued'))).toEqual({ kind: 'sso-error', value: MSG.ssoStateUnknown });
    expect((await callback(back)).kind).toBe('sso-ticket');
    expect(await callback(back)).toEqual({ kind: 'sso-error', value: MSG.ssoStateUnknown });
  });

  it('refuses a sign-in that took longer than ten minutes', async () => {
    const auth = await start();
    const back = await idp.browser().signIn(auth.toString(), 'olivia');
    clock = new Date(Date.now() + 11 * 60_000);
    expect(await callback(back)).toEqual({ kind: 'sso-error', value: MSG.ssoStateUnknown });
  });

  it('refuses an ID token whose nonce is not the one sent', async () => {
    const auth = await start();
    await t.db.update(oidcLogins).set({ nonce: 'another-nonce-entirely' }).where(eq(oidcLogins.stateHash, hashToken(auth.searchParams.get('state')!)));
    const back = await idp.browser().signIn(auth.toString(), 'olivia');
    expect(await callback(back)).toEqual({ kind: 'sso-error', value: MSG.ssoFailed });
    expect(await t.db.select().from(sessions)).toEqual([]);
  });

  it('is refused by the provider when the PKCE verifier does not match the challenge', async () => {
    const auth = await start();
    await t.db.update(oidcLogins).set({ codeVerifier: 'x'.repeat(43) }).where(eq(oidcLogins.stateHash, hashToken(auth.searchParams.get('state')!)));
    const back = await idp.browser().signIn(auth.toString(), 'olivia');
    expect(await callback(back)).toEqual({ kind: 'sso-error', value: MSG.ssoFailed });
    expect(await t.db.select().from(sessions)).toEqual([]);
  });

  it('refuses an expired code', async () => {
    idp.codeTtl = 1;
    const back = await idp.browser().signIn((await start()).toString(), 'olivia');
    await new Promise((r) => setTimeout(r, 2100));
    expect(await callback(back)).toEqual({ kind: 'sso-error', value: MSG.ssoFailed });
  });

  it('refuses a code that was already exchanged, even under a fresh state', async () => {
    const browser = idp.browser();
    const first = await browser.signIn((await start()).toString(), 'olivia');
    expect((await callback(first)).kind).toBe('sso-ticket');
    const second = await start();
    const replay = withParam(first, 'state', second.searchParams.get('state'));
    expect(await callback(replay)).toEqual({ kind: 'sso-error', value: MSG.ssoFailed });
  });

  it('refuses an address outside the university domain, an unverified one and none', async () => {
    idp.accounts.set('outsider', { sub: 'sub-outsider', email: 'someone@gmail.com', email_verified: true, name: 'Out Sider' });
    idp.accounts.set('lookalike', { sub: 'sub-lookalike', email: `someone@evil${TEST_DOMAIN}`, email_verified: true });
    idp.accounts.set('unverified', { sub: 'sub-unverified', email: `faculty@${TEST_DOMAIN}`, email_verified: false });
    idp.accounts.set('silent', { sub: 'sub-silent', email: `faculty@${TEST_DOMAIN}` });
    idp.accounts.set('nomail', { sub: 'sub-nomail', name: 'No Mail' });
    const outcome = async (login: string) => callback(await idp.browser().signIn((await start()).toString(), login));
    expect(await outcome('outsider')).toEqual({ kind: 'sso-error', value: MSG.ssoEmailOutsideDomain(TEST_DOMAIN) });
    expect(await outcome('lookalike')).toEqual({ kind: 'sso-error', value: MSG.ssoEmailOutsideDomain(TEST_DOMAIN) });
    expect(await outcome('unverified')).toEqual({ kind: 'sso-error', value: MSG.ssoEmailUnverified });
    expect(await outcome('silent')).toEqual({ kind: 'sso-error', value: MSG.ssoEmailUnverified });
    expect(await outcome('nomail')).toEqual({ kind: 'sso-error', value: MSG.ssoEmailMissing });
    expect(await t.db.select().from(userIdentities)).toEqual([]);
    expect(await t.db.select().from(sessions)).toEqual([]);
  });

  it('refuses a deactivated account (offboarding), also when deactivated between the callback and the ticket trade; reactivated, it signs in', async () => {
    const admin = await t.login('admin');
    const observerId = await t.userId('observer');
    expect((await t.put(`/api/user/${observerId}/deactivate`, {}, admin, { 'idempotency-key': randomUUID() })).statusCode).toBe(200);
    const refused = await callback(await idp.browser().signIn((await start()).toString(), 'olivia'));
    expect(refused).toEqual({ kind: 'sso-error', value: MSG.accountDeactivated });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, observerId))).toEqual([]);

    expect((await t.put(`/api/user/${observerId}/reactivate`, {}, admin, { 'idempotency-key': randomUUID() })).statusCode).toBe(200);
    const back = await callback(await idp.browser().signIn((await start()).toString(), 'olivia'));
    expect(back.kind).toBe('sso-ticket');
    // Deactivated after the provider vouched, before the app traded its ticket: no session.
    expect((await t.put(`/api/user/${observerId}/deactivate`, {}, admin, { 'idempotency-key': randomUUID() })).statusCode).toBe(200);
    const trade = await t.post('/api/auth/oidc/session', { ticket: back.value });
    expect(trade.statusCode).toBe(403);
    expect(trade.json()).toEqual({ error: MSG.accountDeactivated });
    expect((await t.put(`/api/user/${observerId}/reactivate`, {}, admin, { 'idempotency-key': randomUUID() })).statusCode).toBe(200);
    expect((await signIn()).user.id).toBe(observerId);
  });

  it('passes on the provider refusing (access_denied) as its own message', async () => {
    const auth = await start();
    const back = new URL(REDIRECT);
    back.search = new URLSearchParams({ error: 'access_denied', state: auth.searchParams.get('state')!, iss: idp.issuer }).toString();
    expect(await callback(back)).toEqual({ kind: 'sso-error', value: MSG.ssoProviderError });
  });

  it('logout ends the session and names the provider’s end-session URL, which the provider accepts', async () => {
    const { user } = await signIn();
    const out = await t.post('/api/auth/logout', undefined, user.token);
    expect(out.statusCode, out.body).toBe(200);
    const body = out.json();
    expect(body.message).toBe('Logged out');
    const end = new URL(body.endSessionUrl);
    expect(end.origin).toBe(idp.issuer);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    expect(end.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect((await t.get('/api/auth/me', user.token)).statusCode).toBe(401);
    // The provider accepts the hint and the return address (its confirmation page, not an error page).
    const page = await idp.browser().open(end.toString());
    expect(page.status).toBe(200);
    expect(page.body).not.toMatch(/invalid_request|error/i);

    // A password session has no provider session to end.
    const pw = await t.login('observer');
    expect((await t.post('/api/auth/logout', undefined, pw)).json()).toEqual({ message: 'Logged out' });
  });

  it('tells the login page which ways of signing in there are', async () => {
    expect((await t.get('/api/auth/methods')).json()).toEqual({ sso: { label: 'University account' }, passwordSignIn: true });
  });
});

describe('a provider without RP-initiated logout', () => {
  it('logs out of Observa only', async () => {
    const plain = await startTestProvider({ redirectUri: REDIRECT, postLogoutRedirectUri: `${PUBLIC_URL}/login`, rpInitiatedLogout: false });
    plain.accounts.set('olivia', { sub: 'sub-olivia-0001', email: `observer@${TEST_DOMAIN}`, email_verified: true });
    const saved = t.config.oidc;
    t.config.oidc = { ...saved!, issuer: plain.issuer, clientId: plain.clientId, clientSecret: plain.clientSecret };
    try {
      const back = await plain.browser().signIn((await start()).toString(), 'olivia');
      const outcome = await callback(back);
      const { token } = (await t.post('/api/auth/oidc/session', { ticket: outcome.value })).json();
      expect((await t.post('/api/auth/logout', undefined, token)).json()).toEqual({ message: 'Logged out' });
      expect((await t.get('/api/auth/me', token)).statusCode).toBe(401);
    } finally {
      t.config.oidc = saved;
      await plain.close();
    }
  });
});
