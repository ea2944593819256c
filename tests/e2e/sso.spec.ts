/**
 * Single sign-on in a real browser: an Observa server set up for OpenID Connect against a real provider
 * (oidc-provider, started by this spec), the login page's button, the provider's own sign-in page, back to the
 * app signed in — with exactly the session a password sign-in leaves — and the installed app re-opened offline
 * afterwards, as after a password sign-in. Logout then goes on to the provider's end-session page.
 */
import path from 'node:path';
import { startTestProvider, type TestProvider } from '../server/support/oidc-provider.js';
import { demo } from './support/demo.js';
import { expect, test } from './support/fixtures.js';
import { goOffline, goOnline } from './support/network.js';
import { freePort, root, startServer, type RunningServer } from './support/server.js';
import { expectAllSynced, serviceWorkerReady, sessionUser, syncStatus } from './support/session.js';

let idp: TestProvider;
let server: RunningServer;

test.beforeAll(async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  idp = await startTestProvider({ redirectUri: `${url}/api/auth/oidc/callback`, postLogoutRedirectUri: `${url}/login` });
  server = await startServer({
    port,
    logFile: path.join(root, 'tests/e2e/.artifacts/sso-server.log'),
    env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret, OIDC_LABEL: 'Sign in with University ID' },
  });
});
test.afterAll(async () => {
  await server?.stop();
  await idp?.close();
});

test('signs in through the provider’s page, keeps the same session as a password sign-in, and re-opens offline', async ({ page, context }) => {
  test.setTimeout(120_000);
  const observer = demo('Observer');
  idp.accounts.set(observer.email, { sub: 'sub-e2e-observer', email: observer.email, email_verified: true, name: observer.name });

  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: 'Sign in with University ID' }).click();
  // The provider's own sign-in page (oidc-provider's), on its own origin.
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill('sub-e2e-observer');
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  // Back in the app, signed in; the ticket is gone from the address bar.
  await expect(page).toHaveURL(new RegExp(`^${server.url}/(dashboard)?$`), { timeout: 30_000 });
  expect(page.url()).not.toContain('sso-ticket');
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar.getByText(observer.name, { exact: true })).toBeVisible();

  // The very session a password sign-in keeps: the login answer (user with token) under localStorage `user`.
  const kept = await sessionUser(page);
  const viaPassword = await (await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: observer.email, password: 'observa-demo' }) })).json();
  const { token: ssoToken, ...ssoUser } = kept as Record<string, unknown>;
  const { token: _pw, ...pwUser } = viaPassword as Record<string, unknown>;
  expect(ssoUser).toEqual(pwUser);
  expect(typeof ssoToken).toBe('string');

  // The installed app re-opens offline.
  await page.goto(`${server.url}/settings/profile`);
  await serviceWorkerReady(page);
  await expectAllSynced(page);
  await goOffline(context);
  await page.reload();
  await expect(sidebar.getByText(observer.name, { exact: true })).toBeVisible();
  await expect(syncStatus(page)).toHaveAccessibleName(/Offline/);
  await expect(page.getByRole('main').getByText(observer.email).first()).toBeVisible();
  await goOnline(context);

  // Logout ends Observa's session and goes on to the provider's logout page.
  await page.goto(`${server.url}/`);
  await expectAllSynced(page);
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: /log ?out/i }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/session/end`), { timeout: 20_000 });
  const me = await fetch(`${server.url}/api/auth/me`, { headers: { authorization: `Bearer ${ssoToken as string}` } });
  expect(me.status).toBe(401);
});

test('a refusal comes back to the login page with its message', async ({ page }) => {
  idp.accounts.set('outsider', { sub: 'sub-e2e-outsider', email: 'someone@example.org', email_verified: true });
  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: 'Sign in with University ID' }).click();
  await page.locator('input[name="login"]').fill('sub-e2e-outsider');
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Only @university.edu accounts may sign in here.');
  expect(page.url()).toBe(`${server.url}/login`);
});

test('someone new waits for an Admin, who approves them on the Users page; then they get in', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const email = 'newbie.e2e@university.edu';
  idp.accounts.set('newbie', { sub: 'sub-e2e-newbie', email, email_verified: true, name: 'Nora Newbie' });
  await page.goto(`${server.url}/login`);
  await page.getByRole('link', { name: 'Sign in with University ID' }).click();
  await page.locator('input[name="login"]').fill('sub-e2e-newbie');
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'waiting for an administrator' })).toBeVisible();
  expect(await sessionUser(page)).toBeNull();

  // The Admin, in another browser, approves with a role and a department.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto(`${server.url}/login`);
  await admin.getByRole('textbox', { name: /email/i }).fill(demo('Admin').email);
  await admin.getByLabel(/password/i).first().fill('observa-demo');
  await admin.getByRole('button', { name: /^log ?in$/i }).click();
  await expect(admin).toHaveURL(new RegExp(`^${server.url}/(dashboard)?$`), { timeout: 20_000 });
  await admin.goto(`${server.url}/users/list-user`);
  const pending = admin.locator(`[aria-label="${email}"]`);
  await expect(pending).toBeVisible();
  await expect(pending.getByText('Nora Newbie', { exact: true })).toBeVisible();
  await pending.getByRole('combobox', { name: 'Role' }).click();
  await admin.getByRole('option', { name: 'Observer' }).click();
  await pending.getByRole('combobox', { name: 'Department' }).click();
  await admin.getByRole('option', { name: 'Physics' }).click();
  await pending.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Nora Newbie may now sign in.')).toBeVisible();
  await expect(pending).toHaveCount(0);
  await adminContext.close();

  // Their next sign-in goes straight in (the provider still knows them: no sign-in page this time).
  await page.getByRole('link', { name: 'Sign in with University ID' }).click();
  await expect(page).toHaveURL(new RegExp(`^${server.url}/(dashboard)?$`), { timeout: 30_000 });
  await expect(page.getByRole('navigation', { name: 'Sidebar' }).getByText('Nora Newbie', { exact: true })).toBeVisible();
  expect(await sessionUser(page)).toMatchObject({ email, role: 'Observer', department: { name: 'Physics' } });
});
