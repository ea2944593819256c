/** Account changes: a user created by an administrator, sign-out, a new password. */
import { MessageBody } from '../../../shared/contract/common.js';
import { CreateUserRequest, ResetPasswordRequest, User } from '../../../shared/contract/users.js';
import { throttledPasswordCheck, throttleKeys } from '../../services/auth/login-throttle.js';
import { OldPasswordWrong, resetPassword } from '../../services/auth/reset-password.js';
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
    doc: { tag: 'auth', summary: 'Revoke this token', who: 'signed in', response: MessageBody },
    names: [],
    input: () => null,
    run: async (ctx) => {
      await revokeSession(ctx.tx, ctx.user.sessionId, ctx.now);
      return ok({ message: 'Logged out' });
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
];
