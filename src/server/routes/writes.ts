/**
 * Every write route of the API, one per mutator of the registry (write/registry.ts): authenticated, the request
 * turned into the mutator's input, run once per Idempotency-Key (write/run.ts), answered with the status and body
 * the mutator gave — or the stored answer of a replay, marked `Idempotent-Replay: true`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER } from '../../shared/sync/protocol.js';
import { routeSchema } from '../http/route-schema.js';
import { clientStamp } from '../services/audit.js';
import type { Answer } from '../write/mutator.js';
import { MUTATORS } from '../write/registry.js';
import { runSingle } from '../write/run.js';

function keyOf(req: FastifyRequest): string | undefined {
  const raw = req.headers[IDEMPOTENCY_HEADER];
  return typeof raw === 'string' && raw.length > 0 ? raw : undefined;
}

export default async function writeRoutes(app: FastifyInstance): Promise<void> {
  for (const m of MUTATORS) {
    app.route({
      method: m.method,
      url: m.url,
      preHandler: app.authenticate,
      schema: routeSchema(m.url, m.doc),
      ...(m.preSerialization ? { preSerialization: m.preSerialization } : {}),
      handler: async (req, reply) => {
        const params = req.params as Record<string, string>;
        const input = m.input({ params, body: req.body });
        const call = () =>
          runSingle(
            app.deps,
            {
              user: req.user,
              key: keyOf(req),
              method: req.method,
              path: req.url.split('?')[0]!,
              body: req.body,
              stamp: clientStamp(req.headers),
              log: req.log,
              committed: () => app.feedBus.moved(),
            },
            m,
            input,
          );
        const answer: Answer = m.around ? await m.around(req, call) : await call();
        if (answer.replay) reply.header('idempotent-replay', 'true');
        return reply.code(answer.status).send(answer.body);
      },
    });
  }
}
