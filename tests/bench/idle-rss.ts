/**
 * Idle memory of the server on PGlite, as `npm start` runs it: the esbuild bundle
 * (dist/server/main.mjs, built here when stale) under plain `node`, with the demo seed. Two starts on one
 * DATA_DIR: the first on an empty directory (initdb, migrations, seed), then a restart on it — the state a
 * deployed server spends its life in. Each time: signed in once and asked for a few pages (so the usual code is
 * loaded), then left idle for BENCH_IDLE_SECONDS (default 10); VmRSS and VmHWM (peak) from /proc/<pid>/status.
 * The same restart under the tsx loader (how the test suites start it) is printed for comparison.
 * Target: idle RSS ≤ 300 MB after the restart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ServerApi } from '../e2e/support/api.js';
import { demo } from '../e2e/support/demo.js';
import { buildClientIfStale, root, startServer } from '../e2e/support/server.js';
import { buildServer, serverIsStale } from '../../src/server/start.js';
import type { BenchResult } from './support.js';

const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no ${field} for ${pid}`);
  return Number(m[1]) / 1024;
}

async function idleRun(label: string, dataDir: string, entry: 'source' | 'bundle'): Promise<{ rss: number; peak: number }> {
  const server = await startServer({ logFile: path.join(root, `tests/bench/.results/server-idle-${label}.log`), upTimeoutMs: 400_000, dataDir, entry });
  try {
    const api = new ServerApi(server.url);
    const me = await api.login(demo('Head_of_Department').email);
    for (const p of ['/courses', '/observations', '/dashboard', '/sync/changes?since=0&limit=1000']) await api.request('GET', p, { token: me.token });
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const rss = statusMb(server.pid, 'VmRSS');
    const peak = statusMb(server.pid, 'VmHWM');
    console.log(`  ${label}: idle RSS ${rss.toFixed(0)} MB (peak ${peak.toFixed(0)} MB) after ${IDLE_SECONDS} s idle`);
    return { rss, peak };
  } finally {
    await server.stop();
  }
}

export async function idleRss(): Promise<BenchResult> {
  buildClientIfStale();
  if (serverIsStale(root)) await buildServer(root);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'observa-idle-'));
  try {
    const first = await idleRun('first start (empty DATA_DIR), bundle', dataDir, 'bundle');
    const restart = await idleRun('restart, bundle (npm start)', dataDir, 'bundle');
    const tsx = await idleRun('restart, tsx loader (the test suites)', dataDir, 'source');
    return {
      name: 'idle-rss',
      figures: { idleSeconds: IDLE_SECONDS, firstStartMb: first.rss, firstStartPeakMb: first.peak, restartMb: restart.rss, restartPeakMb: restart.peak, tsxRestartMb: tsx.rss },
      targets: [{ what: 'idle RSS on PGlite after a restart (npm start)', value: restart.rss, limit: 300, kind: 'max', unit: 'MB' }],
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
