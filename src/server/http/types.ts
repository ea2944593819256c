/**
 * What every route can rely on: `app.deps` (database, config, mailer, storage), `app.authenticate` (preHandler
 * that sets `request.user` or answers 401), and `request.user` for authenticated routes.
 */
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { SessionCache } from '../services/auth/session-cache.js';
import type { AppDeps, AuthUser } from '../services/deps.js';

export type { AppDeps, AuthUser, Mailer } from '../services/deps.js';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    authenticate: preHandlerAsyncHookHandler;
    sessionCache: SessionCache | null;
  }
  interface FastifyRequest {
    user: AuthUser;
  }
}
