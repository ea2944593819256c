/**
 * `app.authenticate`: a preHandler that turns `Authorization: Bearer <token>` into `request.user` (sessions row
 * neither revoked nor expired) or answers 401 `{ error: MSG.notSignedIn }`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages.js';
import { unauthenticated } from '../services/errors.js';
import { authenticateToken } from '../services/auth/sessions.js';

/** Far above any token this server issues. */
const MAX_AUTHORIZATION = 1024;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  // Bounded before matching (issue 11); the pattern's two runs (\s+, \S+) cannot overlap, so it is linear anyway.
  if (typeof header !== 'string' || header.length > MAX_AUTHORIZATION) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1] : null;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null as never);
  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw unauthenticated(MSG.notSignedIn);
    const found = await authenticateToken(app.deps.db, token, app.deps.now(), app.sessionCache, app.deps.config.session);
    if (!found) throw unauthenticated(MSG.notSignedIn);
    request.user = found.user;
  });
}
