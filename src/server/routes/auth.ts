/**
 * /auth: login (a coarse per-IP flood limit here; failures throttled per address and account in the service), logout, me, create, reset-password.
 * Every write goes through idempotentWrite (one transaction, exactly once per Idempotency-Key).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MessageBody } from '../../shared/contract/common.js';
import { AcceptInvitationRequest, LoginRequest, User } from '../../shared/contract/users.js';
import { acceptInvitation } from '../services/auth/invitations.js';
import { MSG } from '../../shared/messages.js';
import { notFound } from '../services/errors.js';
import { login } from '../services/auth/login.js';
import { userDocumentById } from '../services/users/user-document.js';
import { routeSchema } from '../http/route-schema.js';
import { SignInMethods, SsoRequestList, SsoSessionRequest } from '../../shared/contract/sso.js';
import { finishOidcLogin } from '../services/auth/oidc/callback.js';
import { redeemTicket } from '../services/auth/oidc/hand-over.js';
import { listSsoRequests } from '../services/auth/oidc/requests.js';
import { startOidcLogin } from '../services/auth/oidc/start.js';
import { HttpError } from '../services/errors.js';

/**
 * Where a single sign-on navigation ends: the login page, with the one-time ticket (or the message) in the URL's
 * fragment, which the browser never sends to a server and the page removes at once (features/auth/sso.ts).
 */
const toLogin = (what: 'sso-ticket' | 'sso-error' | 'sso-notice', value: string) => `/login#${what}=${encodeURIComponent(value)}`;

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.post(
    '/auth/login',
    {
      config: { rateLimit: { max: app.loginLimits.perIpPerMinute, timeWindow: 60_000 } },
      schema: routeSchema('/auth/login', { tag: 'auth', summary: 'Sign in: the user object with `token`', who: 'anyone', body: LoginRequest, response: User }),
    },
    async (req) => {
      // The schema bounds both fields and names a missing or non-string one; empty strings pass it and
      // get the catalogue message from loginError.
      const input = LoginRequest.parse(req.body ?? {});
      return login(deps.db, app.loginThrottle, input, deps.now(), req.ip, deps.config.session, deps.config);
    },
  );

  // Single sign-on (services/auth/oidc/). The start and the callback are browser navigations: they always answer
  // with a redirect, a failure included (to the login page with the message), and log why.
  app.get('/auth/methods', { schema: routeSchema('/auth/methods', { tag: 'auth', summary: 'How one may sign in here: single sign-on (its button label) and/or a password', who: 'anyone', response: SignInMethods }) }, async () => ({
    sso: deps.config.oidc ? { label: deps.config.oidc.label } : null,
    passwordSignIn: deps.config.passwordSignIn !== false,
  }));

  app.get(
    '/auth/oidc/start',
    {
      config: { rateLimit: { max: app.loginLimits.perIpPerMinute, timeWindow: 60_000 } },
      schema: routeSchema('/auth/oidc/start', { tag: 'auth', summary: 'Start single sign-on: sends the browser to the identity provider (authorization code with PKCE)', who: 'anyone', produces: 'redirect', status: 303 }),
    },
    async (req, reply) => {
      try {
        const url = await startOidcLogin(deps.db, deps.config, deps.now());
        return reply.header('cache-control', 'no-store').redirect(url.toString(), 303);
      } catch (err) {
        return ssoFailure(req, reply, err);
      }
    },
  );

  app.get(
    '/auth/oidc/callback',
    {
      config: { rateLimit: { max: app.loginLimits.perIpPerMinute, timeWindow: 60_000 } },
      schema: routeSchema('/auth/oidc/callback', { tag: 'auth', summary: 'The identity provider’s answer: verified, then to the app with a one-time ticket (or the reason it failed)', who: 'anyone (the browser, sent by the provider)', produces: 'redirect', status: 303 }),
    },
    async (req, reply) => {
      const query = new URLSearchParams(req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '');
      try {
        const outcome = await finishOidcLogin(deps.db, deps.config, query, deps.now());
        reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
        if (outcome.kind === 'pending') return reply.redirect(toLogin('sso-notice', MSG.ssoPending), 303);
        return reply.redirect(toLogin('sso-ticket', outcome.ticket), 303);
      } catch (err) {
        return ssoFailure(req, reply, err);
      }
    },
  );

  app.post(
    '/auth/oidc/session',
    {
      config: { rateLimit: { max: app.loginLimits.perIpPerMinute, timeWindow: 60_000 } },
      schema: routeSchema('/auth/oidc/session', { tag: 'auth', summary: 'Trade the one-time ticket of a single sign-on for the session: the user object with `token`, as /auth/login answers', who: 'anyone with the ticket', body: SsoSessionRequest, response: User }),
    },
    async (req) => redeemTicket(deps.db, deps.config, SsoSessionRequest.parse(req.body ?? {}).ticket, deps.now()),
  );

  app.get('/sso-requests', { preHandler: app.authenticate, schema: routeSchema('/sso-requests', { tag: 'auth', summary: 'People single sign-on holds as pending, oldest first', who: 'Super_Admin, Admin', response: SsoRequestList }) }, async (req) =>
    listSsoRequests(deps.db, req.user),
  );

  app.get('/auth/me', { preHandler: app.authenticate, schema: routeSchema('/auth/me', { tag: 'auth', summary: 'The current user object', who: 'signed in', response: User }) }, async (req) => {
    const doc = await userDocumentById(deps.db, req.user.id);
    if (!doc) throw notFound(MSG.notFound);
    return doc;
  });


  // The invited user sets their own password with the emailed token (no session yet, so no mutator: the token is
  // the authority, and a used token is refused). Flood-limited per address like sign-in; the token is 256 random
  // bits, so guessing one is not a concern.
  app.post(
    '/auth/accept-invitation',
    {
      config: { rateLimit: { max: app.loginLimits.perIpPerMinute, timeWindow: 60_000 } },
      schema: routeSchema('/auth/accept-invitation', { tag: 'auth', summary: 'An invited user sets their own password with the emailed token', who: 'anyone', body: AcceptInvitationRequest, response: MessageBody }),
    },
    async (req) => {
      const input = AcceptInvitationRequest.parse(req.body ?? {});
      return deps.db.transaction((tx) => acceptInvitation(tx, input, deps.now()));
    },
  );
}

/** A failed single sign-on: logged with its cause, and the browser taken to the login page with the message. */
function ssoFailure(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  const known = err instanceof HttpError;
  const cause = known ? (err as { cause?: unknown }).cause : err;
  req.log[known && err.status < 500 ? 'warn' : 'error']({ err: cause ?? err, reason: known ? err.message : undefined }, 'single sign-on failed');
  const message = known ? err.message : MSG.ssoFailed;
  return reply.header('cache-control', 'no-store').redirect(toLogin('sso-error', message), 303);
}
