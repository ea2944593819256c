/** Account changes: a user created by an administrator, sign-out, a new password. */
import { Id, MessageBody } from '../../../shared/contract/common.js';
import { ApproveSsoRequest, LogoutResponse } from '../../../shared/contract/sso.js';
import { CreateUserRequest, ResetPasswordRequest, User } from '../../../shared/contract/users.js';
import { throttledPasswordCheck, throttleKeys } from '../../services/auth/login-throttle.js';
import { OldPasswordWrong, resetPassword } from '../../services/auth/reset-password.js';
import { endSessionUrl } from '../../services/auth/oidc/logout.js';
import { approveSsoRequest, rejectSsoRequest } from '../../services/auth/oidc/requests.js';
import { revokeSession } from '../../services/auth/sessions.js';
import { createUser } from '../../services/users/create-user.js';
import { created, mutator, ok } from '../mutator.js';

export const AUTH_MUTATORS = [
  mutator({
    method: 'POST',
    url: '/auth/create',
    doc: { tag: 'auth', summary: 'Create a user (Faculty: `courses` = slot ids)', who: 'Super_Admin, Admin, Campus_Director, Head_of_Department', body: CreateUserRequest, response: User, status: 201 },
    names: ['user.create'],
    input: (req) => CreateUserRequest.parse(req.body ?? {}),
    run: async (ctx, body) => created(await createUser(ctx, ctx.user, body, ctx.deps.config.universityDomain, ctx.now)),
  }),
  mutator({
    method: 'POST',
    url: '/auth/logout',
    doc: { tag: 'auth', summary: 'Revoke this token (and, after single sign-on, `endSessionUrl`: the provider’s logout)', who: 'signed in', response: LogoutResponse },
    names: [],
    input: () => null,
    run: async (ctx) => {
      await revokeSession(ctx.tx, ctx.user.sessionId, ctx.now);
      const url = await endSessionUrl(ctx.tx, ctx.deps.config, ctx.user.sessionId);
      return ok(url ? { message: 'Logged out', endSessionUrl: url } : { message: 'Logged out' });
    },
    // Committed: the session's live-update streams end at once (every instance; sync/feed-bus.ts).
    around: async (req, call) => {
      const answer = await call();
      req.server.feedBus.sessionsChanged(req.user.id);
      return answer;
    },
  }),
  mutator({
    method: 'PUT',
    url: '/auth/reset-password',
    doc: { tag: 'auth', summary: 'Change the own password', who: 'signed in', body: ResetPasswordRequest, response: MessageBody },
    names: [],
    input: (req) => ResetPasswordRequest.parse(req.body ?? {}),
    run: async (ctx, body) => ok(await resetPassword(ctx, ctx.user, body, ctx.now)),
    // Old-password guesses count like failed sign-ins, per account and per address (429 with Retry-After); once
    // committed, the other sessions' live-update streams end at once.
    around: async (req, call) => {
      const app = req.server;
      const keys = throttleKeys(req.ip, req.user.email);
      const answer = await throttledPasswordCheck(app.deps.db, app.loginThrottle, keys, app.deps.now(), (err) => err instanceof OldPasswordWrong, call);
      app.feedBus.sessionsChanged(req.user.id);
      return answer;
    },
  }),
  // Single sign-on requests held for an Admin (services/auth/oidc/requests.ts). Online only: no outbox names.
  mutator({
    method: 'POST',
    url: '/sso-requests/:id/approve',
    doc: { tag: 'auth', summary: 'Approve someone single sign-on held as pending: their account is created with this role and department', who: 'Super_Admin, Admin', body: ApproveSsoRequest, response: MessageBody.extend({ userId: Id }) },
    names: [],
    input: (req) => ({ id: req.params.id!, body: ApproveSsoRequest.parse(req.body ?? {}) }),
    run: async (ctx, { id, body }) => ok(await approveSsoRequest(ctx, id, body)),
  }),
  mutator({
    method: 'POST',
    url: '/sso-requests/:id/reject',
    doc: { tag: 'auth', summary: 'Reject someone single sign-on held as pending: their sign-ins stay refused', who: 'Super_Admin, Admin', response: MessageBody },
    names: [],
    input: (req) => req.params.id!,
    run: async (ctx, id) => ok(await rejectSsoRequest(ctx, id)),
  }),
];
