/**
 * `app.authenticate`: a preHandler that turns `Authorization: Bearer <token>` into `request.user` (sessions row
 * neither revoked nor expired) or answers 401 `{ error: MSG.notSignedIn }`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from '../http/bearer-token.js';
import { MSG } from '../../shared/messages.js';
import { unauthenticated } from '../services/errors.js';
import { authenticateToken } from '../services/auth/sessions.js';

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
