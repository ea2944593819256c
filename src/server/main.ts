/**
 * Production entry: loadConfig → buildApp (migrate, seed) → listen. SIGINT/SIGTERM close the server (in-flight
 * requests finish), then the database (buildApp's onClose hook). A bad configuration stops with a clear message
 * (exit 1); an embedded database already used by another process stops with its directory named (exit 75).
 */
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadConfig, type Config } from './config.js';
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
    app.log.info(`${signal} received, shutting down`);
    // A stuck connection must not keep the process alive forever.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
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
