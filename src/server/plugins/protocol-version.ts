/**
 * The sync protocol's version on every request under /api (src/shared/sync/protocol-version.ts): the answer
 * names the server's version, a client below the oldest supported gets 426 with `{ error }` before any route
 * or authentication runs, and a malformed header is a 400 naming it. Requests without the header pass.
 */
import type { FastifyInstance } from 'fastify';
import {
  OLDEST_SUPPORTED_PROTOCOL,
  parseProtocolHeader,
  SYNC_PROTOCOL_HEADER,
  SYNC_PROTOCOL_VERSION,
  UPDATE_REQUIRED_MESSAGE,
  UPDATE_REQUIRED_STATUS,
} from '../../shared/sync/protocol-version.js';

export function registerProtocolVersion(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/') && req.url !== '/api') return;
    reply.header(SYNC_PROTOCOL_HEADER, String(SYNC_PROTOCOL_VERSION));
    const sent = parseProtocolHeader(req.headers[SYNC_PROTOCOL_HEADER]);
    if (sent.kind === 'invalid') return reply.code(400).send({ error: `${SYNC_PROTOCOL_HEADER} must be a protocol version (a whole number)` });
    if (sent.kind === 'version' && sent.version < OLDEST_SUPPORTED_PROTOCOL) return reply.code(UPDATE_REQUIRED_STATUS).send({ error: UPDATE_REQUIRED_MESSAGE });
  });
}
