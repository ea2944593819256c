/**
 * Probes for load balancers and orchestrators (docs/operations/health.md), outside /api: no session, no protocol
 * header, never cached, never rate limited.
 *
 *   GET /healthz  200 { status: "ok" } while the process answers (liveness: restart it when this fails)
 *   GET /readyz   200 { status: "ready", checks } when it can serve (services/operations/readiness.ts);
 *                 503 { status: "not ready", error, failing, checks } naming what is not, and while shutting down
 *                 (main.ts), so a balancer stops sending before the instance stops listening
 */
import type { FastifyInstance } from 'fastify';
import { HealthAnswer, NotReadyAnswer, ReadyAnswer } from '../../shared/contract/operations.js';
import { routeSchema } from '../http/route-schema.js';
import { readiness } from '../services/operations/readiness.js';

const who = 'anyone (no session): load balancers and orchestrators';
const healthSchema = routeSchema('/healthz', { tag: 'operations', summary: 'Liveness: the process answers', who, response: HealthAnswer });
const readySchema = routeSchema('/readyz', { tag: 'operations', summary: 'Readiness: database, migrations and file store checked; 503 names what is not ready', who, response: ReadyAnswer });
readySchema.response = { ...(readySchema.response as object), 503: { description: 'Not ready (or shutting down)', content: { 'application/json': { schema: NotReadyAnswer } } } };

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  // Probes that arrive together share one run of the checks: an open route must not multiply database and store calls.
  let running: ReturnType<typeof readiness> | null = null;
  const checkAll = () =>
    (running ??= readiness(app.deps.db, app.deps.storage).finally(() => {
      running = null;
    }));

  app.get('/healthz', { schema: healthSchema }, async (_req, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: readySchema }, async (req, reply) => {
    void reply.header('cache-control', 'no-store');
    if (app.draining) {
      return reply.code(503).send({ status: 'not ready', error: 'Not ready: shutting down.', failing: ['shutdown'], checks: {} });
    }
    const r = await checkAll();
    for (const { check, err } of r.causes) req.log.warn({ err, check }, 'readiness check failed');
    if (r.ready) return { status: 'ready', checks: r.checks };
    const failing = Object.entries(r.checks).filter(([, c]) => !c.ok).map(([name]) => name);
    const why = failing.map((name) => `${name} (${r.checks[name as keyof typeof r.checks].error})`).join(', ');
    return reply.code(503).send({ status: 'not ready', error: `Not ready: ${why}`, failing, checks: r.checks });
  });
}
