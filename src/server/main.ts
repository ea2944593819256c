/**
 * Production entry: loadConfig → buildApp (migrate, seed) → listen. A bad configuration stops with a clear message
 * (exit 1); an embedded database already used by another process stops with its directory named (exit 75).
 *
 * SIGTERM / SIGINT shut down gracefully (docs/operations/shutdown.md):
 *   1. /readyz answers 503 (`draining`), so a balancer that still probes stops sending here;
 *   2. the listener closes (no new connections) and idle keep-alive connections are closed; a request that still
 *      arrives on an open connection is served, answered with `Connection: close` (never a 503: buildApp sets
 *      return503OnClosing off), so a client's next request opens a connection elsewhere;
 *   3. live-update streams end (routes/sync-events.ts' preClose): their clients reconnect, to another instance;
 *   4. requests in flight finish (a write commits and is answered, or, if the client has gone, its idempotency
 *      record makes the client's retry elsewhere a replay);
 *   5. the feed listener, the mail flusher and the database pool or embedded database close (buildApp's onClose).
 * Exit 0 once all of it is done; exit 1 when it has not within SHUTDOWN_GRACE_SECONDS (a stuck connection).
 */
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { DEFAULT_SHUTDOWN_GRACE_SECONDS, loadConfig, type Config } from './config.js';
import { DataDirLockedError, EXIT_DATA_DIR_LOCKED } from './db/data-dir-lock.js';

export async function main(env: NodeJS.ProcessEnv = process.env): Promise<FastifyInstance> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
  let app: FastifyInstance;
  try {
    app = await buildApp({ config });
  } catch (err) {
    // Another process holds the embedded database: say which directory, and exit with a code of its own.
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(EXIT_DATA_DIR_LOCKED);
    }
    throw err;
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.draining = true;
    const graceMs = config.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_SECONDS * 1000;
    app.log.info(`${signal} received, shutting down (waiting up to ${graceMs / 1000} s for requests in flight)`);
    // A stuck connection must not keep the process alive forever.
    const force = setTimeout(() => {
      app.log.error(`requests still running after ${graceMs / 1000} s: exiting anyway`);
      process.exit(1);
    }, graceMs);
    force.unref();
    app.close().then(
      () => {
        app.log.info('shut down: requests finished, connections closed');
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  return app;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error('Observa failed to start:', err);
    process.exit(1);
  });
}
