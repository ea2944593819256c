/**
 * /auth: login (a coarse per-IP flood limit here; failures throttled per address and account in the service), logout, me, create, reset-password.
 * Every write goes through idempotentWrite (one transaction, exactly once per Idempotency-Key).
 */
import type { FastifyInstance } from 'fastify';
import { MessageBody } from '../../shared/contract/common.js';
import { AcceptInvitationRequest, LoginRequest, User } from '../../shared/contract/users.js';
import { acceptInvitation } from '../services/auth/invitations.js';
import { MSG } from '../../shared/messages.js';
import { notFound } from '../services/errors.js';
import { login } from '../services/auth/login.js';
import { userDocumentById } from '../services/users/user-document.js';
import { routeSchema } from '../http/route-schema.js';

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
      return login(deps.db, app.loginThrottle, input, deps.now(), req.ip, deps.config.session);
    },
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
