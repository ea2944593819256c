/** The token of `Authorization: Bearer <token>`, or null. */
import type { FastifyRequest } from 'fastify';

/** Far above any token this server issues. */
const MAX_AUTHORIZATION = 1024;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  // Bounded before matching; the pattern's two runs (\s+, \S+) cannot overlap, so it is linear anyway.
  if (typeof header !== 'string' || header.length > MAX_AUTHORIZATION) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? m[1] : null;
}

