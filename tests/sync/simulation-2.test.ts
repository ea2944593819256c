/** Seeded simulation of the sync engine, second half of the seeds (see simulation-run.ts). */
import { describe, it } from 'vitest';
import { runSeeds, SIM_RUNS } from './simulation-run.js';

const half = Math.ceil(SIM_RUNS / 2);

describe('sync engine simulation (seeds n/2+1..n)', () => {
  it.runIf(!process.env.SEED)(`holds its invariants over seeds ${half + 1}..${SIM_RUNS}`, async () => {
    await runSeeds(half + 1, SIM_RUNS);
  }, 600_000);
});
