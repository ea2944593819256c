/**
 * Who a person signing in through the provider becomes (services/auth/oidc/accounts.ts), against the real
 * provider: someone new is created by the first OIDC_RULES rule their claims match, or held as pending until an
 * Admin approves (then they sign in with the role and department chosen) or rejects (then they stay refused); an
 * account already linked to another subject is not taken over through a recycled address. With password sign-in
 * switched off, only the break-glass administrator signs in with a password, and single sign-on still works — the
 * one check (sign-in-gate.ts signInRefusal) decides for both ways.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { auditLog, departments, ssoRequests, userIdentities, users } from '../../../src/server/db/schema.js';
import { MSG } from '../../../src/shared/messages.js';
import { createTestApp, DEMO, TEST_DOMAIN, type TestApp } from '../support/helpers.js';
import { startTestProvider, type TestProvider } from '../support/oidc-provider.js';

const PUBLIC_URL = 'http://localhost:3000';
const REDIRECT = `${PUBLIC_URL}/api/auth/oidc/callback`;
let idp: TestProvider;
let t: TestApp;

beforeAll(async () => {
  idp = await startTestProvider({ redirectUri: REDIRECT, postLogoutRedirectUri: `${PUBLIC_URL}/login` });
  t = await createTestApp({
    config: {
      publicUrl: PUBLIC_URL,
      oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, scopes: 'openid email profile', label: 'University account', emailVerifiedClaim: 'email_verified', rules: [] },
    },
  });
});
beforeEach(async () => {
  idp.accounts.clear();
  t.config.oidc!.rules = [];
  t.config.passwordSignIn = undefined;
  t.config.breakGlassAdminEmail = undefined;
  await t.reset();
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

/** Signs in through the provider as `login`; the login page's fragment (ticket traded for the session when there is one). */
async function sso(login: string): Promise<{ kind: string; value: string; user?: Record<string, unknown> & { id: string; token: string; role: string } }> {
  const auth = new URL((await t.get('/api/auth/oidc/start')).headers.location as string);
  const back = await idp.browser().signIn(auth.toString(), login);
  const res = await t.get(`${back.pathname}${back.search}`);
  const m = /^\/login#(sso-ticket|sso-error|sso-notice)=(.*)$/.exec(res.headers.location as string);
  expect(m, res.headers.location as string).toBeTruthy();
  const outcome = { kind: m![1], value: decodeURIComponent(m![2]) };
  if (outcome.kind !== 'sso-ticket') return outcome;
  const session = await t.post('/api/auth/oidc/session', { ticket: outcome.value });
  expect(session.statusCode, session.body).toBe(200);
  return { ...outcome, user: session.json() };
}

const person = (local: string, extra: Record<string, unknown> = {}) => ({ sub: `sub-${local}`, email: `${local}@${TEST_DOMAIN}`, email_verified: true, name: `New ${local}`, ...extra });
const departmentId = async (name: string) => (await t.db.select().from(departments).where(eq(departments.name, name)))[0].id;

describe('someone Observa does not know yet', () => {
  it('is held as pending without rules; an Admin sees and approves them; then they sign in with the role chosen', async () => {
    idp.accounts.set('nina', person('nina', { groups: ['staff'], department: 'Physics' }));
    expect(await sso('nina')).toEqual({ kind: 'sso-notice', value: MSG.ssoPending });
    expect(await t.db.select().from(users).where(eq(users.email, `nina@${TEST_DOMAIN}`))).toEqual([]);
    // Signing in again while pending changes nothing.
    expect((await sso('nina')).kind).toBe('sso-notice');

    const admin = await t.login('admin');
    const list = await t.get('/api/sso-requests', admin);
    expect(list.statusCode).toBe(200);
    const [request] = list.json().requests;
    expect(request).toMatchObject({ email: `nina@${TEST_DOMAIN}`, name: 'New nina', claims: { groups: ['staff'], department: 'Physics', email_verified: true } });
    expect(JSON.stringify(request.claims)).not.toMatch(/nonce|at_hash|"aud"/);
    expect(list.json().requests).toHaveLength(1);

    // Only those with the capability; a department role needs a department; roles the Admin may create.
    for (const who of ['observer', 'hod', 'faculty', 'director']) {
      expect((await t.get('/api/sso-requests', await t.login(who))).statusCode, who).toBe(403);
      expect((await t.post(`/api/sso-requests/${request.id}/approve`, { role: 'Observer', department: 1 }, await t.login(who))).statusCode, who).toBe(403);
    }
    expect((await t.post(`/api/sso-requests/${request.id}/approve`, { role: 'Observer' }, admin)).json()).toEqual({ error: MSG.selectDepartment });
    expect((await t.post(`/api/sso-requests/${request.id}/approve`, { role: 'Super_Admin' }, admin)).json()).toEqual({ error: MSG.roleNotAllowed });
    expect((await t.post(`/api/sso-requests/${request.id}/approve`, { role: 'Pope' }, admin)).statusCode).toBe(400);
    expect((await t.post(`/api/sso-requests/not-a-uuid/approve`, { role: 'Observer', department: 1 }, admin)).statusCode).toBe(404);

    const physics = await departmentId('Physics');
    const ok = await t.post(`/api/sso-requests/${request.id}/approve`, { role: 'Observer', department: physics }, admin);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.get('/api/sso-requests', admin)).json().requests).toEqual([]);
    expect((await t.post(`/api/sso-requests/${request.id}/reject`, undefined, admin)).json()).toEqual({ error: MSG.ssoRequestDecided });

    const signedIn = await sso('nina');
    expect(signedIn.kind).toBe('sso-ticket');
    expect(signedIn.user).toMatchObject({ id: ok.json().userId, email: `nina@${TEST_DOMAIN}`, role: 'Observer', department: { id: physics, name: 'Physics' } });
    const trail = await t.db.select().from(auditLog).where(eq(auditLog.entityId, ok.json().userId));
    expect(trail.map((r) => r.action)).toEqual(expect.arrayContaining(['sso.approve', 'sso.signIn']));
    // No password was ever given to the account.
    expect((await t.post('/api/auth/login', { email: `nina@${TEST_DOMAIN}`, password: 'observa-demo' })).statusCode).toBe(401);
  });

  it('stays refused once an Admin rejected them', async () => {
    idp.accounts.set('rex', person('rex'));
    expect((await sso('rex')).kind).toBe('sso-notice');
    const admin = await t.login('superadmin');
    const [request] = (await t.get('/api/sso-requests', admin)).json().requests;
    expect((await t.post(`/api/sso-requests/${request.id}/reject`, undefined, admin)).statusCode).toBe(200);
    expect(await sso('rex')).toEqual({ kind: 'sso-error', value: MSG.ssoRejected });
    const [row] = await t.db.select().from(ssoRequests).where(eq(ssoRequests.id, request.id));
    expect(row).toMatchObject({ status: 'rejected', decidedBy: await t.userId('superadmin') });
  });

  it('is created by the first rule their claims match, with the rule’s role and department', async () => {
    t.config.oidc!.rules = [
      { claim: 'groups', equals: 'observa-observers', role: 'Observer', department: 'physics' },
      { claim: 'email', matches: '^hod\\.', role: 'Head_of_Department', departmentClaim: 'department' },
      { claim: 'groups', equals: 'teaching-staff', role: 'Faculty', departmentClaim: 'department' },
    ];
    idp.accounts.set('olga', person('olga', { groups: ['staff', 'observa-observers'] }));
    idp.accounts.set('felix', person('felix.new', { groups: ['teaching-staff'], department: 'Mathematics' }));
    idp.accounts.set('nodept', person('no.dept', { groups: ['teaching-staff'], department: 'Alchemy' }));
    idp.accounts.set('nogroup', person('no.group', { groups: ['students'] }));

    const olga = await sso('olga');
    expect(olga.user).toMatchObject({ role: 'Observer', department: { name: 'Physics' }, email: `olga@${TEST_DOMAIN}` });
    const felix = await sso('felix');
    expect(felix.user).toMatchObject({ role: 'Faculty', department: { name: 'Mathematics' } });
    // A department that does not exist, or no rule: held for an Admin, never created half-placed.
    expect((await sso('nodept')).kind).toBe('sso-notice');
    expect((await sso('nogroup')).kind).toBe('sso-notice');
    expect((await t.get('/api/sso-requests', await t.login('admin'))).json().requests.map((r: { email: string }) => r.email).sort()).toEqual([`no.dept@${TEST_DOMAIN}`, `no.group@${TEST_DOMAIN}`]);
    const [created] = await t.db.select().from(auditLog).where(eq(auditLog.entityId, olga.user!.id));
    expect(created).toMatchObject({ action: 'user.create', detail: expect.objectContaining({ via: 'sso', rule: 1 }) });
  });
});

describe('someone Observa knows', () => {
  it('is linked by the verified address once; an address recycled to another subject does not open the account', async () => {
    idp.accounts.set('faculty', { sub: 'sub-fatima', email: DEMO.faculty, email_verified: true });
    const first = await sso('faculty');
    expect(first.user).toMatchObject({ email: DEMO.faculty, role: 'Faculty' });
    idp.accounts.set('impostor', { sub: 'sub-someone-else', email: DEMO.faculty, email_verified: true });
    expect(await sso('impostor')).toEqual({ kind: 'sso-error', value: MSG.ssoSubjectConflict });
    expect(await t.db.select().from(userIdentities)).toHaveLength(1);
  });
});

describe('password sign-in switched off', () => {
  it('refuses passwords except the break-glass administrator’s; single sign-on goes on working', async () => {
    t.config.passwordSignIn = false;
    t.config.breakGlassAdminEmail = DEMO.admin;
    const refused = await t.post('/api/auth/login', { email: DEMO.observer, password: 'observa-demo' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: MSG.passwordSignInOff });
    // A wrong password still says only that (nothing about how the account could sign in).
    expect((await t.post('/api/auth/login', { email: DEMO.observer, password: 'wrong-password' })).json()).toEqual({ error: MSG.invalidCredentials });
    expect((await t.post('/api/auth/login', { email: DEMO.superadmin, password: 'observa-demo' })).statusCode).toBe(403);
    expect((await t.post('/api/auth/login', { email: DEMO.admin.toUpperCase(), password: 'observa-demo' })).statusCode).toBe(200);
    expect((await t.get('/api/auth/methods')).json()).toEqual({ sso: { label: 'University account' }, passwordSignIn: false });

    idp.accounts.set('observer', { sub: 'sub-olivia', email: DEMO.observer, email_verified: true });
    expect((await sso('observer')).user).toMatchObject({ email: DEMO.observer });
  });

  it('is validated at start: it needs single sign-on and a break-glass address within the domain', () => {
    const sso = { OIDC_ISSUER: 'https://login.microsoftonline.com/tenant/v2.0', OIDC_CLIENT_ID: 'client' };
    expect(() => loadConfig({ PASSWORD_SIGN_IN: 'false' })).toThrow(/PASSWORD_SIGN_IN: false needs single sign-on[\s\S]*BREAK_GLASS_ADMIN_EMAIL: is needed/);
    expect(() => loadConfig({ ...sso, PASSWORD_SIGN_IN: 'false', BREAK_GLASS_ADMIN_EMAIL: 'root@gmail.com' })).toThrow(/BREAK_GLASS_ADMIN_EMAIL: "root@gmail.com" must be an address at university.edu/);
    const ok = loadConfig({ ...sso, PASSWORD_SIGN_IN: 'off', BREAK_GLASS_ADMIN_EMAIL: ' Admin@University.edu ' });
    expect(ok).toMatchObject({ passwordSignIn: false, breakGlassAdminEmail: 'admin@university.edu' });
    expect(ok.oidc).toMatchObject({ issuer: sso.OIDC_ISSUER, clientId: 'client', scopes: 'openid email profile', emailVerifiedClaim: 'email_verified', rules: [] });
  });
});

describe('the single sign-on settings', () => {
  it('name the bad value', () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ OIDC_ISSUER: 'http://idp.university.edu', OIDC_CLIENT_ID: 'c' }, /OIDC_ISSUER: "http:\/\/idp.university.edu" must be an https:\/\/ URL/],
      [{ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'c' }, /OIDC_ISSUER: "not a url"/],
      [{ OIDC_ISSUER: 'https://idp.university.edu' }, /OIDC_CLIENT_ID: is needed/],
      [{ OIDC_CLIENT_ID: 'c' }, /OIDC_ISSUER: is needed/],
      [{ OIDC_SCOPES: 'email profile' }, /OIDC_SCOPES: "email profile" must include openid/],
      [{ OIDC_RULES: '{"claim":"groups"}' }, /OIDC_RULES: must be a JSON array/],
      [{ OIDC_RULES: '[{' }, /OIDC_RULES: is not JSON: \[\{/],
      [{ OIDC_RULES: '[{"claim":"groups","equals":"x","role":"Super_Admin"}]' }, /OIDC_RULES: rule 1 role: .*"Super_Admin"/],
      [{ OIDC_RULES: '[{"claim":"groups","role":"Observer"}]' }, /OIDC_RULES: rule 1: needs exactly one of "equals" and "matches"/],
      [{ OIDC_RULES: '[{"claim":"g","equals":"x","role":"Admin"},{"claim":"g","matches":"(","role":"Admin"}]' }, /OIDC_RULES: rule 2 matches: "\(" is not a regular expression/],
      [{ OIDC_RULES: '[{"claim":"g","equals":"x","role":"Admin","colour":"red"}]' }, /OIDC_RULES: rule 1/],
      [{ OIDC_REDIRECT_URL: 'ftp://x' }, /OIDC_REDIRECT_URL: "ftp:\/\/x"/],
    ];
    for (const [env, message] of bad) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    expect(loadConfig({ OIDC_ISSUER: 'http://localhost:8080/realms/uni', OIDC_CLIENT_ID: 'c' }).oidc?.issuer).toBe('http://localhost:8080/realms/uni');
  });
});
