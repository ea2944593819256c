/**
 * A real OpenID Connect provider (oidc-provider) in this process on a random port, and a small browser that goes
 * through its sign-in page, for the single sign-on tests. Nothing is mocked: Observa discovers the provider, sends
 * the browser to its authorization endpoint, and exchanges the code at its token endpoint over HTTP; the provider
 * checks PKCE, signs the ID token and offers RP-initiated logout.
 *
 *   const idp = await startTestProvider({ redirectUri, postLogoutRedirectUri });
 *   idp.accounts.set('olivia', { sub: 'sub-olivia', email: 'observer@university.edu', email_verified: true, name: 'Olivia' });
 *   const callback = await idp.browser().signIn(authorizationUrl, 'olivia');   // → the callback URL with code and state
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  name?: string;
  groups?: string[];
  department?: string;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who may sign in at the provider, by login name. */
  accounts: Map<string, TestAccount>;
  /** Seconds an authorization code lives (the provider's ttl.AuthorizationCode); 60 unless a test shortens it. */
  codeTtl: number;
  browser(): TestBrowser;
  close(): Promise<void>;
}

export interface TestBrowser {
  /** Opens the authorization URL, signs in as `login` on the provider's page, and returns where it sends back. */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  /** Opens a provider URL (the end-session URL) and returns the status and page of where it ends. */
  open(url: string): Promise<{ status: number; url: string; body: string }>;
}

export async function startTestProvider(opts: { redirectUri: string; postLogoutRedirectUri: string; rpInitiatedLogout?: boolean }): Promise<TestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'observa';
  const clientSecret = 'observa-test-secret-0123456789abcdef';
  const accounts = new Map<string, TestAccount>();
  const state = { codeTtl: 60 };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        post_logout_redirect_uris: [opts.postLogoutRedirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // The browser signs in with the account's subject as its login (signIn below maps the login name to it).
    async findAccount(_ctx, id) {
      const account = accounts.get(id) ?? [...accounts.values()].find((a) => a.sub === id);
      if (!account) return undefined;
      return { accountId: account.sub, claims: async () => ({ ...account }) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'groups', 'department'],
    },
    // Every claim of the granted scopes in the ID token, as Entra ID, Google and Keycloak do for email and name.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: opts.rpInitiatedLogout ?? true } },
    // A first-party client: no consent page (the grant is made on the spot).
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: { AuthorizationCode: () => state.codeTtl, IdToken: 3600, AccessToken: 3600, Session: 3600, Interaction: 600, Grant: 3600 },
    cookies: { keys: ['observa-test-cookie-key'] },
  });
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    get codeTtl() {
      return state.codeTtl;
    },
    set codeTtl(v: number) {
      state.codeTtl = v;
    },
    browser: () => testBrowser(opts.redirectUri, (login) => accounts.get(login)?.sub ?? login),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** fetch with a cookie jar, following redirects by hand so the callback to Observa is caught, not fetched. */
function testBrowser(redirectUri: string, subjectOf: (login: string) => string): TestBrowser {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  async function step(url: string, init: RequestInit = {}): Promise<Response> {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i).trim(), pair.slice(i + 1));
    }
    return res;
  }
  async function walk(start: string, login?: string): Promise<{ res: Response; url: string; callback?: URL }> {
    let url = start;
    let init: RequestInit = {};
    for (let hops = 0; hops < 20; hops++) {
      if (url.startsWith(redirectUri)) return { res: new Response(null), url, callback: new URL(url) };
      const res = await step(url, init);
      init = {};
      if (res.status >= 300 && res.status < 400) {
        url = new URL(res.headers.get('location')!, url).toString();
        continue;
      }
      const body = await res.clone().text();
      const prompt = /name="prompt" value="(\w+)"/.exec(body)?.[1];
      const action = /<form[^>]*action="([^"]+)"/.exec(body)?.[1];
      if (login !== undefined && prompt && action) {
        const form = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any-password' } : { prompt });
        url = new URL(action, url).toString();
        init = { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
        continue;
      }
      return { res, url };
    }
    throw new Error(`too many redirects from ${start}`);
  }
  return {
    async signIn(authorizationUrl, login) {
      const { res, url, callback } = await walk(authorizationUrl, subjectOf(login));
      if (!callback) throw new Error(`the provider did not send back to ${redirectUri}: ${res.status} at ${url}: ${(await res.text()).slice(0, 500)}`);
      return callback;
    },
    async open(url) {
      const { res, url: at, callback } = await walk(url);
      return { status: callback ? 303 : res.status, url: at, body: callback ? '' : await res.text() };
    },
  };
}
