/**
 * `app.authenticate`: a preHandler that turns `Authorization: Bearer <token>` into `request.user` (sessions row
 * neither revoked nor expired) or answers 401 `{ error: MSG.notSignedIn }`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages.js';
import { unauthenticated } from '../http/errors.js';
import { userForToken } from '../services/auth/sessions.js';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1] : null;
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null as never);
  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    const token = bearerToken(request);
    if (!token) throw unauthenticated(MSG.notSignedIn);
    const user = await userForToken(app.deps.db, token, app.deps.now());
    if (!user) throw unauthenticated(MSG.notSignedIn);
    request.user = user;
  });
}
