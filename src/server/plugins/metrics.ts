/**
 * Prometheus metrics at GET /metrics (docs/operations/metrics.md), with prom-client used directly: one registry per
 * app (tests build several apps in one process), off unless METRICS_TOKEN is set, and then only for a scraper
 * sending `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time).
 *
 *   observa_http_request_duration_seconds{method,route,status}  every answered request, by route PATTERN
 *                                                                (/api/observation/:id, never the raw URL)
 *   observa_sync_pulls_total{result}, observa_sync_pull_changes  pulls (page | reset) and rows per page
 *   observa_sync_pushes_total, observa_sync_push_batch_size,
 *   observa_sync_push_rows_total{outcome}                        batched pushes, rows per batch, each row's outcome
 *   observa_sync_event_streams                                   live-update streams open on this instance
 *   observa_mail_queue_depth, observa_email_outbox_rows{state}    emails waiting, and the outbox by state
 *   observa_db_pool_connections{state}, observa_db_pool_max      PostgreSQL pool use (absent on PGlite)
 *   process_* and nodejs_*                                       prom-client's default process metrics
 * Gauges that read the database are collected when scraped, never on a timer.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { sql } from 'drizzle-orm';
import type { PushRowResult } from '../../shared/sync/protocol.js';
import { rowsOf } from '../db/results.js';
import type { DbHandle } from '../db/client.js';
import { bearerToken } from '../http/bearer-token.js';
import { routeSchema } from '../http/route-schema.js';

/** What routes report; no-ops while metrics are off. */
export interface AppMetrics {
  pulled(result: 'page' | 'reset', changes: number): void;
  pushed(results: PushRowResult[]): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

const OFF: AppMetrics = { pulled: () => undefined, pushed: () => undefined };
/** Seconds: from a cached idle pull (~1 ms) to a first download's page or a large batch (seconds). */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const ROWS_BUCKETS = [0, 1, 5, 10, 25, 50, 100, 250, 500, 1000, 2000];
/** The route label of a request no route matched (404s): one series, whatever URLs are probed. */
const UNMATCHED = '(unmatched)';

const digest = (s: string) => createHash('sha256').update(s).digest();

function outcome(r: PushRowResult): string {
  if ('notAttempted' in r) return 'not_attempted';
  return r.status < 300 ? 'applied' : r.status < 500 ? 'refused' : 'failed';
}

/** The registry of each app whose metrics are on (read by registerMetricsRoute). */
const registries = new WeakMap<FastifyInstance, { register: Registry; fresh: () => void }>();

/**
 * The collectors, the `metrics` decoration and the timing hook. Called before any route exists, so the hook times
 * every route; the route itself comes later (registerMetricsRoute), after the OpenAPI plugin that documents it.
 */
export function registerMetrics(app: FastifyInstance, handle: DbHandle, token: string | undefined): void {
  if (!token) {
    app.decorate('metrics', OFF);
    return;
  }
  const register = new Registry();
  collectDefaultMetrics({ register });

  const latency = new Histogram({
    name: 'observa_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [register],
  });
  const pulls = new Counter({ name: 'observa_sync_pulls_total', help: 'Sync pulls answered (page, or reset required)', labelNames: ['result'] as const, registers: [register] });
  const pullChanges = new Histogram({ name: 'observa_sync_pull_changes', help: 'Changes per pulled page', buckets: ROWS_BUCKETS, registers: [register] });
  const pushes = new Counter({ name: 'observa_sync_pushes_total', help: 'Batched pushes (POST /api/sync/push) answered', registers: [register] });
  const batchSize = new Histogram({ name: 'observa_sync_push_batch_size', help: 'Rows per batched push', buckets: ROWS_BUCKETS, registers: [register] });
  const pushRows = new Counter({
    name: 'observa_sync_push_rows_total',
    help: 'Pushed rows by outcome (applied 2xx, refused 4xx, failed 5xx, not_attempted after a row that stopped the batch)',
    labelNames: ['outcome'] as const,
    registers: [register],
  });
  new Gauge({
    name: 'observa_sync_event_streams',
    help: 'Live-update streams (GET /api/sync/events) open on this instance',
    registers: [register],
    collect() {
      this.set(app.feedBus.size);
    },
  });
  // One query per scrape for both gauges (each collects on its own, in no set order); forgotten as a scrape begins.
  type OutboxCounts = Record<'queued' | 'sending' | 'sent' | 'failed', number>;
  let reading: Promise<OutboxCounts> | null = null;
  registries.set(app, { register, fresh: () => (reading = null) });
  const outboxCounts = (): Promise<OutboxCounts> => {
    if (reading) return reading;
    const counts = handle.db
      .execute(
        sql`select
            count(*) filter (where sent_at is null and error is null and (claimed_until is null or claimed_until < now()))::text as queued,
            count(*) filter (where sent_at is null and error is null and claimed_until >= now())::text as sending,
            count(*) filter (where sent_at is not null)::text as sent,
            count(*) filter (where sent_at is null and error is not null)::text as failed
          from email_outbox`,
      )
      .then((res) => {
        const [r] = rowsOf<Record<keyof OutboxCounts, string>>(res);
        return { queued: Number(r?.queued ?? 0), sending: Number(r?.sending ?? 0), sent: Number(r?.sent ?? 0), failed: Number(r?.failed ?? 0) };
      });
    reading = counts;
    counts.catch(() => (reading = null));
    return counts;
  };
  new Gauge({
    name: 'observa_email_outbox_rows',
    help: 'Recorded emails by state (queued, sending, sent, failed)',
    labelNames: ['state'] as const,
    registers: [register],
    async collect() {
      const c = await outboxCounts();
      for (const state of ['queued', 'sending', 'sent', 'failed'] as const) this.set({ state }, c[state]);
    },
  });
  new Gauge({
    name: 'observa_mail_queue_depth',
    help: 'Emails recorded and not yet delivered nor failed (queued or being sent)',
    registers: [register],
    async collect() {
      const c = await outboxCounts();
      this.set(c.queued + c.sending);
    },
  });
  if (handle.poolUse) {
    const use = handle.poolUse;
    new Gauge({
      name: 'observa_db_pool_connections',
      help: 'PostgreSQL pool: connections in use, idle, and queries waiting for one',
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        const u = use();
        this.set({ state: 'busy' }, u.total - u.idle);
        this.set({ state: 'idle' }, u.idle);
        this.set({ state: 'waiting' }, u.waiting);
      },
    });
    new Gauge({
      name: 'observa_db_pool_max',
      help: 'PostgreSQL pool: most connections this instance opens',
      registers: [register],
      collect() {
        this.set(use().max);
      },
    });
  }

  app.decorate('metrics', {
    pulled(result, changes) {
      pulls.inc({ result });
      if (result === 'page') pullChanges.observe(changes);
    },
    pushed(results) {
      pushes.inc();
      batchSize.observe(results.length);
      for (const r of results) pushRows.inc({ outcome: outcome(r) });
    },
  } satisfies AppMetrics);

  app.addHook('onResponse', async (req, reply) => {
    // The pattern Fastify matched, so ids never become labels (a series per id would grow without bound).
    const route = req.routeOptions.url ?? UNMATCHED;
    latency.observe({ method: req.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

}

/** GET /metrics: 404 while metrics are off, 401 without the token, else the text exposition. */
export function registerMetricsRoute(app: FastifyInstance, token: string | undefined): void {
  const schema = routeSchema('/metrics', {
    tag: 'operations',
    summary: 'Prometheus metrics (text exposition); 404 unless METRICS_TOKEN is set',
    who: 'a scraper with `Authorization: Bearer <METRICS_TOKEN>`',
    produces: 'text/plain',
  });
  const scrape = registries.get(app);
  if (!token || !scrape) {
    app.get('/metrics', { schema }, async (_req, reply) => reply.code(404).send({ error: 'Metrics are off: set METRICS_TOKEN to serve them.' }));
    return;
  }
  const expected = digest(token);
  app.get('/metrics', { schema }, async (req, reply) => {
    const given = bearerToken(req);
    // Digests of equal length, compared in constant time: neither the token nor its length leaks through timing.
    if (!given || !timingSafeEqual(digest(given), expected)) {
      return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send({ error: 'Metrics need the bearer token METRICS_TOKEN.' });
    }
    scrape.fresh();
    reply.header('cache-control', 'no-store').type(scrape.register.contentType);
    return scrape.register.metrics();
  });
}
