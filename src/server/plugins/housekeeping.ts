/**
 * Runs services/housekeeping once when the server is ready and then daily. The timer never keeps the process
 * alive, and a failed run is logged and retried the next day. With several instances on one PostgreSQL, a run
 * that finds another instance's run under way is skipped (runHousekeeping).
 *
 * On the embedded database, every few minutes (upkeepEveryMs), what PostgreSQL's autovacuum does by itself: every
 * table is vacuumed (services/housekeeping/vacuum.ts) and the tables that grew are analyzed, since a statement
 * prepared while a table was small keeps its plan until that table is analyzed (db/client.ts: generic plans).
 */
import type { FastifyInstance } from 'fastify';
import { runHousekeeping } from '../services/housekeeping/index.js';
import { analyzeGrownTables } from '../services/housekeeping/statistics.js';
import { vacuumTables } from '../services/housekeeping/vacuum.js';

const DAILY_MS = 86_400_000;
/** How often the embedded database is vacuumed and its grown tables analyzed. */
export const EMBEDDED_UPKEEP_MS = 5 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when no housekeeping run is in flight (its purge transaction holds row locks until it ends). */
    housekeepingSettled(): Promise<void>;
  }
}

export function registerHousekeeping(app: FastifyInstance, opts: { upkeepEveryMs: number | null }): void {
  let current: Promise<void> = Promise.resolve();
  const run = () => {
    current = current.then(() =>
      runHousekeeping(app.deps.db, app.deps.storage, app.deps.now()).then(
        (report) => app.log.info({ report }, report ? 'housekeeping done' : 'housekeeping skipped: another instance runs it'),
        (err: unknown) => app.log.warn({ err }, 'housekeeping failed'),
      ),
    );
  };
  // Runs and passes queue behind each other (`current`): never two at once.
  const upkeep = () => {
    current = current.then(async () => {
      try {
        const vacuumed = await vacuumTables(app.deps.db);
        const analyzed = await analyzeGrownTables(app.deps.db);
        app.log.info({ vacuumed, analyzed }, 'embedded database upkeep done');
      } catch (err) {
        app.log.warn({ err }, 'embedded database upkeep failed');
      }
    });
  };
  app.decorate('housekeepingSettled', () => current);
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    run();
    timers.push(setInterval(run, DAILY_MS));
    if (opts.upkeepEveryMs) timers.push(setInterval(upkeep, opts.upkeepEveryMs));
    for (const t of timers) t.unref();
  });
  // The database closes after this hook: let a run in flight finish first.
  app.addHook('onClose', async () => {
    for (const t of timers) clearInterval(t);
    await current;
  });
}
