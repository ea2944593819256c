/**
 * The Fastify app factory used by main.ts and the tests.
 *
 *   buildApp({ config, dbHandle?, mailer?, now? })
 *     → opens the database (PGlite under DATA_DIR/db, locked for this process; in memory for tests; or
 *       PostgreSQL), migrates and seeds (under a start-up lock shared by all instances)
 *     → security headers, error handler, input guards (body limits, JSON, query), auth decorator, CORS
 *       (CORS_ORIGINS), login throttle policy, the OpenAPI document and docs page (/api/openapi.json, /api/docs),
 *       /healthz and /readyz (routes/health.ts), the /api routes, the built client
 *
 * A database opened here is closed by app.close(); a handle passed in belongs to the caller.
 */
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Config, TrustProxy } from './config.js';
import { openDb, type DbHandle } from './db/client.js';
import { LOG_REDACT, safeErrorSerializer, safeRequestSerializer } from './http/log-safety.js';
import type { Mailer } from './http/types.js';
import { registerAuth } from './plugins/auth.js';
import { registerCors } from './plugins/cors.js';
import { EMBEDDED_UPKEEP_MS, registerHousekeeping } from './plugins/housekeeping.js';
import { registerMetrics, registerMetricsRoute } from './plugins/metrics.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerProtocolVersion } from './plugins/protocol-version.js';
import { registerInputGuards } from './plugins/input-guards.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { databaseRateLimitStore } from './plugins/rate-limit-store.js';
import { EMBEDDED_MAX_AGE_MS, SessionCache, SHARED_MAX_AGE_MS } from './services/auth/session-cache.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerStatic } from './plugins/static.js';
import healthRoutes from './routes/health.js';
import routes from './routes/index.js';
import { seed } from './seed/index.js';
import { createFileStorage } from './storage/index.js';
import { DEFAULT_THROTTLE, type ThrottlePolicy } from './services/auth/login-throttle.js';
import { DEFAULT_STREAM_LIMITS, FeedBus } from './sync/feed-bus.js';
import { createSmtpMailer, recordOnlyMailer } from './services/mail/mailer.js';
import { createOutboxFlusher, type OutboxFlusher } from './services/mail/outbox-flusher.js';
import { configureMail } from './services/mail/queue-email.js';

export interface LoginLimits extends ThrottlePolicy {
  /** Login requests per IP per minute, all attempts: a flood guard kept in this process's memory. */
  perIpPerMinute: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perIpPerMinute: 30, ...DEFAULT_THROTTLE };

export interface BuildAppOptions {
  config: Config;
  dbHandle?: DbHandle;
  /** Overrides the SMTP mailer (tests capture deliveries with it). */
  mailer?: Mailer;
  now?: () => Date;
  loginLimits?: Partial<LoginLimits>;
  /** Pino logging; default: config.logLevel. */
  logger?: boolean;
  /** Where log lines go (default stdout); tests capture them to prove secrets never appear. */
  logStream?: NodeJS.WritableStream;
  /** Embedded database: how often its tables are checked against autovacuum's rule (default EMBEDDED_UPKEEP_MS). */
  upkeepEveryMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Growing delays after failed logins, per address and per account (counters in the database). */
    loginThrottle: ThrottlePolicy;
    loginLimits: LoginLimits;
    /** Delivers queued emails; null when emails are only recorded (no SMTP_URL and no injected mailer). */
    mailFlusher: OutboxFlusher | null;
    /** Live nudges: writes report commits, open event streams hear about them (sync/feed-bus.ts). */
    feedBus: FeedBus;
    /** Set when a graceful shutdown began (main.ts): /readyz answers 503 so balancers stop sending here. */
    draining: boolean;
  }
}

/**
 * The smallest JSON answer compressed per request: about one TCP segment's payload (1 460 bytes on a 1 500-byte
 * MTU). Compressing an answer that small saves at most one packet and never a round trip (a connection starts
 * with room for ten segments), and it costs both ends CPU on every write: a profile edit's answer (the user
 * document, 1 036 bytes) went to 566 bytes of brotli, and a loop of those PUTs ran 342 / 366 / 427 per s
 * compressed against 461 / 527 / 579 plain (alternated on one server; docs/performance.md).
 */
export const COMPRESS_MIN_BYTES = 1400;

/**
 * TRUST_PROXY as Fastify's option. A hop count becomes a function trusting the n peers nearest the server
 * (proxy-addr's `(address, hop)`): Fastify 5 reads a bare number as "trust nobody", since a client connecting
 * directly would be trusted as the first hop — which is why a list of the proxies' addresses is the better setting.
 */
export function fastifyTrustProxy(tp: TrustProxy | undefined): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp === 'number') return (_address, hop) => hop < tp;
  return tp ?? false;
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const ownsDb = !opts.dbHandle;
  // An owned database is migrated and seeded inside openDb's exclusive start-up section (several instances on one
  // PostgreSQL seed it once); a handle passed in was migrated by its owner and is seeded here.
  const handle =
    opts.dbHandle ??
    (await openDb({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl || config.inMemoryDb ? undefined : path.join(config.dataDir, 'db'),
      prepare: (db) => seed(db, config),
    }));
  if (!ownsDb) await seed(handle.db, config);
  configureMail(config);

  // Redaction and the error serializer keep passwords, hashes, tokens and DB row values out of every line.
  const logger: FastifyServerOptions['logger'] =
    opts.logger === false
      ? false
      : {
          level: config.logLevel,
          redact: LOG_REDACT,
          serializers: { err: (err: unknown) => safeErrorSerializer(err), req: safeRequestSerializer },
          ...(opts.logStream ? { stream: opts.logStream } : {}),
        };
  const app = Fastify({
    logger,
    bodyLimit: 1024 * 1024,
    // While closing (main.ts' graceful shutdown), a request arriving on an open keep-alive connection is served with
    // `Connection: close` instead of Fastify's default 503: a 5xx would make a client back off, a closed connection
    // makes it connect again — to another instance.
    return503OnClosing: false,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (none by default): otherwise any client,
    // or any process on this host, could claim any address and escape the per-address limits (config.ts).
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // A malformed URL (bad percent-encoding) is answered before any route or the error handler: as JSON too.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).code(400).send({ error: error.code === 'FST_ERR_BAD_URL' ? 'Invalid address!' : 'Invalid request!' });
    },
  });
  const smtp = opts.mailer ?? createSmtpMailer(config);
  app.decorate('deps', {
    db: handle.db,
    config,
    mailer: smtp ?? recordOnlyMailer,
    storage: createFileStorage(config),
    now: opts.now ?? (() => new Date()),
  });
  const limits = { ...DEFAULT_LOGIN_LIMITS, ...(config.loginLimitPerMinute ? { perIpPerMinute: config.loginLimitPerMinute } : {}), ...opts.loginLimits };
  app.decorate('loginLimits', limits);
  app.decorate('loginThrottle', { account: limits.account, address: limits.address, forgetMs: limits.forgetMs });
  // One process owns PGlite's data directory, so it may keep sessions in memory; a shared PostgreSQL may not.
  // Shared PostgreSQL: entries live half a second, the bound on honouring another instance's logout (session-cache.ts).
  app.decorate('sessionCache', new SessionCache(handle.kind === 'pglite' ? EMBEDDED_MAX_AGE_MS : SHARED_MAX_AGE_MS));
  app.decorate('mailFlusher', smtp ? createOutboxFlusher(handle.db, smtp, app.log) : null);
  const feedBus = new FeedBus(handle, app.log, config.streamLimits ?? DEFAULT_STREAM_LIMITS);
  app.decorate('feedBus', feedBus);
  app.decorate('draining', false);

  registerErrorHandler(app);
  // Before any route: its hook times every route (plugins/metrics.ts).
  registerMetrics(app, handle, config.metricsToken);
  // Before any route exists: it sets each route's body limit as the route is added.
  registerInputGuards(app);
  registerProtocolVersion(app);
  registerAuth(app);
  registerSecurityHeaders(app);
  await registerCors(app, config.corsOrigins);
  // Counted in the database, so instances on one PostgreSQL share each limit (plugins/rate-limit-store.ts).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(handle.db) });
  // Every JSON answer longer than one TCP segment leaves compressed (the sync feed above all). Brotli at quality 4
  // costs about what gzip does per request and still wins on size; the built client is precompressed at build time
  // instead (plugins/static.ts). Server-sent events are never compressed (the plugin leaves text/event-stream alone).
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  // Shutting down (main.ts): an answer to a request that was already running closes its connection too. Fastify does
  // that for requests arriving while it closes; without this, a keep-alive connection going idle after the listener
  // closed would hold the shutdown for Fastify's keep-alive timeout (72 s).
  app.addHook('onSend', async (_request, reply) => {
    if (app.draining) void reply.header('connection', 'close');
  });
  // Writes may have queued emails: deliver them once the response is out.
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') app.mailFlusher?.kick();
  });
  app.addHook('onReady', () => feedBus.start());
  app.addHook('onClose', async () => {
    await feedBus.stop();
    await app.mailFlusher?.stop();
    if (ownsDb) await handle.close();
  });

  registerHousekeeping(app, { upkeepEveryMs: handle.kind === 'pglite' ? (opts.upkeepEveryMs ?? EMBEDDED_UPKEEP_MS) : null });
  await registerOpenApi(app);
  // Probes at the root, outside /api (no session, no protocol header): routes/health.ts.
  await app.register(healthRoutes);
  registerMetricsRoute(app, config.metricsToken);
  await app.register(routes, { prefix: '/api' });
  await registerStatic(app, config.clientDir);
  return app;
}
