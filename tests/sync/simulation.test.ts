/**
 * Seeded simulation of the sync engine, first half of the seeds (see simulation-run.ts for what is simulated
 * and checked). A failure prints `SEED=<n>`; `SEED=<n> npx vitest run tests/sync/simulation.test.ts` replays it.
 */
import { describe, it } from 'vitest';
import { runSeeds, SIM_RUNS } from './simulation-run.js';

const half = Math.ceil(SIM_RUNS / 2);

describe('sync engine simulation (seeds 1..n/2)', () => {
  it(process.env.SEED ? `replays seed ${process.env.SEED}` : `holds its invariants over seeds 1..${half}`, async () => {
    await runSeeds(1, half);
  }, 600_000);
});
