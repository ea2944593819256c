/**
 * /auth: login (a coarse per-IP flood limit here; failures throttled per address and account in the service), logout, me, create, reset-password.
 * Every write goes through idempotentWrite (one transaction, exactly once per Idempotency-Key).
 */
import type { FastifyInstance } from 'fastify';
import { AcceptInvitationRequest, CreateUserRequest, LoginRequest, ResetPasswordRequest } from '../../shared/contract/users.js';
import { MSG } from '../../shared/messages.js';
import { notFound } from '../http/errors.js';
import { created, idempotentWrite, ok } from '../http/idempotency.js';
import { login } from '../services/auth/login.js';
import { throttledPasswordCheck, throttleKeys } from '../services/auth/login-throttle.js';
import { OldPasswordWrong, resetPassword } from '../services/auth/reset-password.js';
import { revokeSession } from '../services/auth/sessions.js';
import { createUser } from '../services/users/create-user.js';
import { acceptInvitation } from '../services/auth/invitations.js';
import { userDocumentById } from '../services/users/user-document.js';

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.post(
    '/auth/login',
    { config: { rateLimit: { max: app.loginLimits.perIpPerMinute, timeWindow: 60_000 } } },
    async (req) => {
      // The schema bounds both fields (issue 11) and names a missing or non-string one; empty strings pass it and
      // get the catalogue message from loginError.
      const input = LoginRequest.parse(req.body ?? {});
      return login(deps.db, app.loginThrottle, input, deps.now(), req.ip, deps.config.session);
    },
  );

  app.post('/auth/logout', { preHandler: app.authenticate }, async (req, reply) => {
    const sent = await idempotentWrite(req, reply, async (tx) => {
      await revokeSession(tx, req.user.sessionId, deps.now());
      return ok({ message: 'Logged out' });
    });
    // Committed: the session's live-update streams end at once (every instance; sync/feed-bus.ts).
    app.feedBus.sessionsChanged(req.user.id);
    return sent;
  });

  app.get('/auth/me', { preHandler: app.authenticate }, async (req) => {
    const doc = await userDocumentById(deps.db, req.user.id);
    if (!doc) throw notFound(MSG.notFound);
    return doc;
  });

  app.post('/auth/create', { preHandler: app.authenticate }, async (req, reply) => {
    const input = CreateUserRequest.parse(req.body ?? {});
    return idempotentWrite(req, reply, async (tx) =>
      created(await createUser(tx, req.user, input, deps.config.universityDomain, deps.now())),
    );
  });

  // The invited user sets their own password with the emailed token (no session yet). Flood-limited per address
  // like sign-in; the token is 256 random bits, so guessing one is not a concern.
  app.post(
    '/auth/accept-invitation',
    { config: { rateLimit: { max: app.loginLimits.perIpPerMinute, timeWindow: 60_000 } } },
    async (req) => {
      const input = AcceptInvitationRequest.parse(req.body ?? {});
      return deps.db.transaction((tx) => acceptInvitation(tx, input, deps.now()));
    },
  );

  app.put('/auth/reset-password', { preHandler: app.authenticate }, async (req, reply) => {
    const input = ResetPasswordRequest.parse(req.body ?? {});
    // Old-password guesses count like failed sign-ins, per account and per address (429 with Retry-After).
    const keys = throttleKeys(req.ip, req.user.email);
    const sent = await throttledPasswordCheck(deps.db, app.loginThrottle, keys, deps.now(), (err) => err instanceof OldPasswordWrong, () =>
      idempotentWrite(req, reply, async (tx) => ok(await resetPassword(tx, req.user, input, deps.now()))),
    );
    // Committed: the other sessions' live-update streams end at once (every instance; sync/feed-bus.ts).
    app.feedBus.sessionsChanged(req.user.id);
    return sent;
  });
}
