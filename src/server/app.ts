/**
 * The Fastify app factory used by main.ts and the tests.
 *
 *   buildApp({ config, dbHandle?, mailer?, now? })
 *     → opens the database (PGlite under DATA_DIR/db, in memory for tests, or PostgreSQL), migrates, seeds
 *     → security headers, error handler, auth decorator, login limiter, the /api routes, the built client
 *
 * A database opened here is closed by app.close(); a handle passed in belongs to the caller.
 */
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { openDb, type DbHandle } from './db/client.js';
import type { Mailer } from './http/types.js';
import { registerAuth } from './plugins/auth.js';
import { registerHousekeeping } from './plugins/housekeeping.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { SessionCache } from './services/auth/session-cache.js';
import { registerErrorHandler } from './plugins/errors.js';
import { registerStatic } from './plugins/static.js';
import routes from './routes/index.js';
import { seed } from './seed/index.js';
import { FeedBus } from './sync/feed-bus.js';
import { captureWriteRoutes } from './sync/push.js';
import { createLoginLimiter, type LoginLimiter } from './services/auth/login-limiter.js';
import { createSmtpMailer, recordOnlyMailer } from './services/mail/mailer.js';
import { createOutboxFlusher, type OutboxFlusher } from './services/mail/outbox-flusher.js';
import { configureMail } from './services/mail/queue-email.js';

export interface LoginLimits {
  /** Login requests per IP per minute (all attempts). */
  perIpPerMinute: number;
  /** Failed attempts per account before 429, within accountWindowMs. */
  perAccountFailures: number;
  accountWindowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perIpPerMinute: 30, perAccountFailures: 5, accountWindowMs: 15 * 60_000 };

export interface BuildAppOptions {
  config: Config;
  dbHandle?: DbHandle;
  /** Overrides the SMTP mailer (tests capture deliveries with it). */
  mailer?: Mailer;
  now?: () => Date;
  loginLimits?: Partial<LoginLimits>;
  /** Pino logging; default: config.logLevel. */
  logger?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-account failed-login counter (tests clear it between cases). */
    loginLimiter: LoginLimiter;
    loginLimits: LoginLimits;
    /** Delivers queued emails; null when emails are only recorded (no SMTP_URL and no injected mailer). */
    mailFlusher: OutboxFlusher | null;
    /** Live nudges: writes report commits, open event streams hear about them (sync/feed-bus.ts). */
    feedBus: FeedBus;
  }
}

export async function buildApp(opts: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const ownsDb = !opts.dbHandle;
  const handle =
    opts.dbHandle ??
    (await openDb({
      databaseUrl: config.databaseUrl,
      pgliteDir: config.databaseUrl || config.inMemoryDb ? undefined : path.join(config.dataDir, 'db'),
    }));
  try {
    await seed(handle.db, config);
  } catch (err) {
    if (ownsDb) await handle.close().catch(() => undefined);
    throw err;
  }
  configureMail(config);

  const app = Fastify({
    logger: opts.logger === false ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For is believed only from a reverse proxy on this host; otherwise anyone could dodge the per-IP limit.
    trustProxy: 'loopback',
  });
  const smtp = opts.mailer ?? createSmtpMailer(config);
  app.decorate('deps', { db: handle.db, config, mailer: smtp ?? recordOnlyMailer, now: opts.now ?? (() => new Date()) });
  const limits = { ...DEFAULT_LOGIN_LIMITS, ...(config.loginLimitPerMinute ? { perIpPerMinute: config.loginLimitPerMinute } : {}), ...opts.loginLimits };
  app.decorate('loginLimits', limits);
  app.decorate('loginLimiter', createLoginLimiter(limits.perAccountFailures, limits.accountWindowMs));
  // One process owns PGlite's data directory, so it may keep sessions in memory; a shared PostgreSQL may not.
  app.decorate('sessionCache', handle.kind === 'pglite' ? new SessionCache() : null);
  app.decorate('mailFlusher', smtp ? createOutboxFlusher(handle.db, smtp, app.log) : null);
  const feedBus = new FeedBus(handle, app.log);
  app.decorate('feedBus', feedBus);

  registerErrorHandler(app);
  registerAuth(app);
  registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false });

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

  registerHousekeeping(app);
  // Before the routes: the batched push runs each row through its single route's handler.
  captureWriteRoutes(app);
  await app.register(routes, { prefix: '/api' });
  await registerStatic(app, config.clientDir);
  return app;
}
