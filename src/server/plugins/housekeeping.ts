/**
 * Runs services/housekeeping once when the server is ready and then daily. The timer never keeps the process
 * alive, and a failed run is logged and retried the next day. With several instances on one PostgreSQL, a run
 * that finds another instance's run under way is skipped (runHousekeeping).
 */
import type { FastifyInstance } from 'fastify';
import { runHousekeeping } from '../services/housekeeping/index.js';

const DAILY_MS = 86_400_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when no housekeeping run is in flight (its purge transaction holds row locks until it ends). */
    housekeepingSettled(): Promise<void>;
  }
}

export function registerHousekeeping(app: FastifyInstance): void {
  let current: Promise<void> = Promise.resolve();
  const run = () => {
    current = runHousekeeping(app.deps.db, app.deps.storage, app.deps.now()).then(
      (report) => app.log.info({ report }, report ? 'housekeeping done' : 'housekeeping skipped: another instance runs it'),
      (err: unknown) => app.log.warn({ err }, 'housekeeping failed'),
    );
  };
  app.decorate('housekeepingSettled', () => current);
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, DAILY_MS);
    timer.unref();
  });
  // The database closes after this hook: let a run in flight finish first.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await current;
  });
}
