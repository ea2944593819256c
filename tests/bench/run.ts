/**
 * `npm run bench`: every benchmark in turn (not part of `npm test`). Each prints its figures and PASS/MISS per
 * target and writes tests/bench/.results/<name>.json. Run one with `npm run bench -- sync-replay`.
 * Exit code 1 when a target is missed or a benchmark fails.
 */
import 'fake-indexeddb/auto';
import { bundleSize } from './bundle-size.js';
import { concurrentWrites } from './concurrent-writes.js';
import { idleRss } from './idle-rss.js';
import { mutateLatency } from './mutate-latency.js';
import { serverReads } from './server-reads.js';
import { emptyPull } from './empty-pull.js';
import { eventStreams } from './event-streams.js';
import { clientMemory } from './client-memory.js';
import { firstSync } from './first-sync.js';
import { lighthouse } from './lighthouse.js';
import { rubricScale } from './rubric-scale.js';
import { scaleFootprint } from './scale-footprint.js';
import { syncReplay } from './sync-replay.js';
import { met, printTargets, writeResult, type BenchResult } from './support.js';

const all: Record<string, () => Promise<BenchResult>> = {
  'bundle-size': bundleSize,
  'concurrent-writes': concurrentWrites,
  'idle-rss': idleRss,
  'empty-pull': emptyPull,
  'event-streams': eventStreams,
  'client-memory': clientMemory,
  'mutate-latency': mutateLatency,
  'server-reads': serverReads,
  'sync-replay': syncReplay,
  lighthouse,
  // Each seeds 10 000+ observations: minutes, and only when named (`npm run bench -- first-sync`).
  'first-sync': firstSync,
  'scale-footprint': scaleFootprint,
  // Two 10 000-observation databases, without and with rubric versions: ~15 minutes.
  'rubric-scale': rubricScale,
};
/** Run only when named: they seed large databases. */
const ON_REQUEST = new Set(['first-sync', 'scale-footprint', 'rubric-scale']);

const chosen = process.argv.slice(2).filter((a) => a in all);
let bad = 0;
for (const name of chosen.length ? chosen : Object.keys(all).filter((n) => !ON_REQUEST.has(n))) {
  console.log(`\n=== ${name}`);
  try {
    const r = await all[name]();
    writeResult(r);
    printTargets(r);
    bad += r.targets.filter((t) => !met(t)).length;
  } catch (err) {
    console.error(`  FAILED: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    bad++;
  }
}
console.log(`\nbench: ${bad === 0 ? 'every target met' : `${bad} target(s) missed or failed`} — results in tests/bench/.results/`);
process.exitCode = bad ? 1 : 0;
