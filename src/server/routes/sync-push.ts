/**
 * POST /api/sync/push — the batched push (wire shape: src/shared/sync/protocol.ts; rules: src/server/sync/push.ts).
 * Authenticated once for the batch; each row is applied by its single route's handler, atomically on its own, in a
 * transaction shared by up to 100 rows (50 when each row runs in a savepoint; see sync/push.ts).
 */
import type { FastifyInstance } from 'fastify';
import { PUSH_BATCH_MAX_BYTES, PushRequest, type PushResponse } from '../../shared/sync/protocol.js';
import { runPushBatch } from '../sync/push.js';

export default async function syncPushRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/sync/push',
    // Room for the JSON framing around PUSH_BATCH_MAX_BYTES of rows; over it Fastify answers 413.
    { preHandler: app.authenticate, bodyLimit: PUSH_BATCH_MAX_BYTES + 64 * 1024 },
    async (req, reply): Promise<PushResponse> => {
      const { rows } = PushRequest.parse(req.body ?? {});
      reply.header('cache-control', 'no-store');
      return { results: await runPushBatch(app, req, rows, req.user) };
    },
  );
}
