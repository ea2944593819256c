/**
 * Runs services/housekeeping once when the server is ready and then daily. The timer never keeps the process
 * alive, and a failed run is logged and retried the next day. With several instances on one PostgreSQL, a run
 * that finds another instance's run under way is skipped (runHousekeeping).
 *
 * On the embedded database the planner statistics are also refreshed every few minutes (statisticsEveryMs):
 * PGlite has no autovacuum, and a statement prepared while a table was small keeps its plan until that table
 * is analyzed (db/client.ts: generic plans). PostgreSQL's autovacuum does this itself.
 */
import type { FastifyInstance } from 'fastify';
import { runHousekeeping } from '../services/housekeeping/index.js';
import { analyzeGrownTables } from '../services/housekeeping/statistics.js';

const DAILY_MS = 86_400_000;
/** How often the embedded database's grown tables are analyzed (a catalogue query when nothing grew). */
export const EMBEDDED_STATISTICS_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when no housekeeping run is in flight (its purge transaction holds row locks until it ends). */
    housekeepingSettled(): Promise<void>;
  }
}

export function registerHousekeeping(app: FastifyInstance, opts: { statisticsEveryMs: number | null }): void {
  let current: Promise<void> = Promise.resolve();
  const run = () => {
    current = runHousekeeping(app.deps.db, app.deps.storage, app.deps.now()).then(
      (report) => app.log.info({ report }, report ? 'housekeeping done' : 'housekeeping skipped: another instance runs it'),
      (err: unknown) => app.log.warn({ err }, 'housekeeping failed'),
    );
  };
  // Never alongside a housekeeping run (which analyzes too) nor another statistics pass.
  const refreshStatistics = () => {
    current = current.then(() =>
      analyzeGrownTables(app.deps.db).then(
        (analyzed) => analyzed.length && app.log.info({ analyzed }, 'planner statistics refreshed'),
        (err: unknown) => app.log.warn({ err }, 'planner statistics not refreshed'),
      ),
    ) as Promise<void>;
  };
  app.decorate('housekeepingSettled', () => current);
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    run();
    timers.push(setInterval(run, DAILY_MS));
    if (opts.statisticsEveryMs) timers.push(setInterval(refreshStatistics, opts.statisticsEveryMs));
    for (const t of timers) t.unref();
  });
  // The database closes after this hook: let a run in flight finish first.
  app.addHook('onClose', async () => {
    for (const t of timers) clearInterval(t);
    await current;
  });
}
