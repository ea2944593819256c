/**
 * Cross-origin calls (CORS_ORIGINS). Default (no list): nothing registered, so no response carries a CORS header
 * and browsers keep other sites' pages out — the app itself is same-origin. With a list: a request whose Origin is
 * listed gets the CORS headers (preflight answered 204 before auth, which a browser's preflight never carries);
 * any other origin gets none, its preflight a 404, exactly as without the list.
 * Tokens travel in the Authorization header, never in cookies, so credentials mode is not needed.
 */
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../../shared/sync/protocol.js';
import { SYNC_PROTOCOL_HEADER } from '../../shared/sync/protocol-version.js';

/** Headers the app's own client sends (tus ones for /files): a client elsewhere may send the same. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', IDEMPOTENCY_HEADER, 'X-Client-Id', 'X-Client-Time', SYNC_PROTOCOL_HEADER, 'Tus-Resumable', 'Upload-Length', 'Upload-Offset', 'Upload-Metadata', 'Upload-Defer-Length', 'Upload-Concat', 'X-HTTP-Method-Override'];
/** Response headers a cross-origin script may read (rate limits, replays, tus progress, the protocol version). */
export const CORS_EXPOSED_HEADERS = ['Retry-After', 'Idempotent-Replay', 'Location', 'Tus-Resumable', 'Upload-Offset', 'Upload-Length', 'Upload-Expires', 'Content-Disposition', SYNC_PROTOCOL_HEADER];

export async function registerCors(app: FastifyInstance, origins: readonly string[] | undefined): Promise<void> {
  if (!origins?.length) return;
  const allowed = new Set(origins);
  await app.register(cors, {
    // false = no CORS handling at all for this request (not even the Expose/Allow-Methods headers).
    origin: (origin, cb) => cb(null, origin && allowed.has(origin.toLowerCase()) ? origin : false),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 600,
  });
}
