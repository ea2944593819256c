/**
 * Runs services/housekeeping (and the response reminders of services/observations/closing.ts, and the closing of
 * calibration sessions past their deadline, services/calibration/close.ts) once when the
 * server is ready and then daily. The timer never keeps the process
 * alive, and a failed run is logged and retried the next day. With several instances on one PostgreSQL, a run
 * that finds another instance's run under way is skipped (runHousekeeping).
 *
 * On the embedded database, every few seconds (upkeepEveryMs), what PostgreSQL's autovacuum does by itself there:
 * the tables its rule finds due are vacuumed and analyzed (services/housekeeping/autovacuum.ts).
 */
import type { FastifyInstance } from 'fastify';
import { runHousekeeping } from '../services/housekeeping/index.js';
import { runDueMaintenance } from '../services/housekeeping/autovacuum.js';
import { remindResponses } from '../services/observations/closing.js';
import { closeDueSessions } from '../services/calibration/close.js';

const DAILY_MS = 86_400_000;
/**
 * How often the embedded database's tables are checked against autovacuum's rule (PostgreSQL's own launcher wakes
 * every minute, autovacuum_naptime). Shorter here: a check that finds nothing due costs ~6 ms on the demo database,
 * and a table edited thousands of times a minute (a replayed outbox) gets slower with every dead version it keeps:
 * a replay of 5 000 queued profile edits cost 0.541 ms of server time per row with the 5-minute pass of every
 * table this replaced, 0.472 ms with this (tests/bench/sync-replay.ts, alternated on one machine).
 */
export const EMBEDDED_UPKEEP_MS = 10_000;

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
    // Reminders before a response window closes (each observation once; instances skip each other's rows).
    current = current.then(() =>
      remindResponses(app.deps.db, app.deps.config, app.deps.now()).then(
        (reminded) => (reminded ? app.log.info({ reminded }, 'response reminders sent') : undefined),
        (err: unknown) => app.log.warn({ err }, 'response reminders failed'),
      ),
    );
    current = current.then(() =>
      closeDueSessions(app.deps.db, app.deps.config, app.deps.now()).then(
        (closed) => (closed ? app.log.info({ closed }, 'calibration sessions closed') : undefined),
        (err: unknown) => app.log.warn({ err }, 'closing calibration sessions failed'),
      ),
    );
  };
  // Runs and passes queue behind each other (`current`): never two at once.
  const upkeep = () => {
    current = current.then(async () => {
      try {
        const done = await runDueMaintenance(app.deps.db);
        if (done.vacuum.length || done.analyze.length) app.log.info({ vacuumed: done.vacuum, analyzed: done.analyze }, 'embedded database upkeep done');
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
