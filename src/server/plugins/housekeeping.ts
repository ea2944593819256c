/**
 * Runs services/housekeeping once when the server is ready and then daily. The timer never keeps the process
 * alive, and a failed run is logged and retried the next day. With several instances on one PostgreSQL, a run
 * that finds another instance's run under way is skipped (runHousekeepingOnce).
 */
import type { FastifyInstance } from 'fastify';
import { runHousekeepingOnce } from '../services/housekeeping/index.js';

const DAILY_MS = 86_400_000;

export function registerHousekeeping(app: FastifyInstance): void {
  const run = () =>
    runHousekeepingOnce(app.deps.db, app.deps.storage, app.deps.now()).then(
      (report) => app.log.info({ report }, report ? 'housekeeping done' : 'housekeeping skipped: another instance runs it'),
      (err: unknown) => app.log.warn({ err }, 'housekeeping failed'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, DAILY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
