/**
 * First sync at scale: for each size (default 10 000 and 20 000 observations; BENCH_FIRST_SYNC_SIZES or
 * `npm run bench -- first-sync 2000,4000`), seed a fresh DATA_DIR with seed:scale, start the built server on it,
 * sign in as the Super_Admin in Chromium and time until the replica's first pull finished (meta.lastSyncedAt),
 * counting the bytes on the wire (CDP). Also times the seed itself (10 000 in under 2 minutes).
 * Targets at the first size: ≤ 10 s and ≤ 10 MB; the second size takes ≤ 2.3 × the first's time.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD, demo } from '../e2e/support/demo.js';
import { measureFirstSync, seededDataDir } from '../e2e/support/first-sync.js';
import { buildClientIfStale, root, startServer } from '../e2e/support/server.js';
import { launchChromium, round, type BenchResult, type Target } from './support.js';

const MB = 1e6;

export function sizesFromArgs(fallback: string): number[] {
  const arg = process.argv.slice(2).find((a) => /^\d+(,\d+)*$/.test(a));
  return (arg ?? process.env.BENCH_FIRST_SYNC_SIZES ?? fallback).split(',').map(Number);
}

export async function firstSync(): Promise<BenchResult> {
  const sizes = sizesFromArgs('10000,20000');
  buildClientIfStale();
  const runs: Record<string, unknown>[] = [];
  const targets: Target[] = [];
  for (const n of sizes) {
    const { dir, seedMs } = await seededDataDir(n, (l) => console.log(`    ${l}`));
    const server = await startServer({ logFile: path.join(root, `tests/bench/.results/first-sync-${n}-server.log`), env: { DATA_DIR: dir }, upTimeoutMs: 900_000 });
    const browser = await launchChromium();
    try {
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      const r = await measureFirstSync(page, server.url, demo('Super_Admin').email, DEMO_PASSWORD, 600_000);
      const run = { observations: n, seedS: round(seedMs / 1000, 1), firstSyncS: round(r.ms / 1000, 2), wireMB: round(r.bytesTotal / MB), feedMB: round(r.bytesFeed / MB), feedPages: r.feedPages, replicaObservations: r.replicaObservations };
      console.log(`  ${n} observations: seed ${run.seedS} s; first sync ${run.firstSyncS} s, ${run.wireMB} MB on the wire (feed ${run.feedMB} MB in ${run.feedPages} pages), ${run.replicaObservations} in the replica`);
      runs.push(run);
    } finally {
      await browser.close();
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const [a, b] = runs as { observations: number; seedS: number; firstSyncS: number; wireMB: number }[];
  targets.push({ what: `seed:scale of ${a.observations}`, value: a.seedS, limit: 120 * (a.observations / 10_000), kind: 'max', unit: 's' });
  targets.push({ what: `first sync of ${a.observations}`, value: a.firstSyncS, limit: 10 * (a.observations / 10_000), kind: 'max', unit: 's' });
  targets.push({ what: `bytes of the first sync of ${a.observations}`, value: a.wireMB, limit: 10 * (a.observations / 10_000), kind: 'max', unit: 'MB' });
  if (b) {
    const ratio = b.firstSyncS / a.firstSyncS;
    console.log(`  ratio ${b.observations}/${a.observations}: time ${round(ratio)}×, bytes ${round(b.wireMB / a.wireMB)}×`);
    targets.push({ what: `first sync ${b.observations} / ${a.observations}`, value: ratio, limit: 2.3 * (b.observations / a.observations / 2), kind: 'max', unit: '×' });
  }
  return { name: 'first-sync', figures: { runs }, targets };
}
