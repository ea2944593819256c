/**
 * POST /api/sync/push — the batched push (wire shape: src/shared/sync/protocol.ts; how rows run: write/push.ts).
 * Authenticated once for the batch; each row is run by its mutator exactly as its single REST call would be.
 */
import type { FastifyInstance } from 'fastify';
import { PUSH_BATCH_MAX_BYTES, PushRequest, PushResponse } from '../../shared/sync/protocol.js';
import { clientStamp } from '../services/audit.js';
import { runPush } from '../write/push.js';
import { routeSchema } from '../http/route-schema.js';

export default async function syncPushRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/sync/push',
    // Room for the JSON framing around PUSH_BATCH_MAX_BYTES of rows; over it Fastify answers 413.
    {
      preHandler: app.authenticate,
      bodyLimit: PUSH_BATCH_MAX_BYTES + 64 * 1024,
      schema: routeSchema('/sync/push', { tag: 'sync', summary: 'Batched push: outbox rows, each run by its mutator (the same as its REST call), each applied atomically on its own', who: 'signed in', body: PushRequest, response: PushResponse }),
    },
    async (req, reply): Promise<PushResponse> => {
      const { rows } = PushRequest.parse(req.body ?? {});
      reply.header('cache-control', 'no-store');
      const results = await runPush(
        { deps: app.deps, user: req.user, log: req.log, clientId: clientStamp(req.headers).clientId, committed: () => app.feedBus.moved() },
        rows,
      );
      app.metrics.pushed(results);
      return { results };
    },
  );
}
