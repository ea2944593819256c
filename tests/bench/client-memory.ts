/**
 * Client memory and list speed at university size: a Head of Department's replica holds N observations
 * (default 10 000; 10 % full documents, the rest summaries), written straight into IndexedDB in Chromium; the
 * dashboard and then the observation list render from it (tests/e2e/support/replica-memory.ts has the scenario).
 * Targets: JS heap ≤ 200 MB after the dashboard and the list have rendered; the list's first rows ≤ 100 ms after
 * the click (list code already loaded; the cold figure, with the route's chunk, is printed too); a filter
 * answers ≤ 100 ms. BENCH_CLIENT_N changes N; BENCH_CLIENT_FULL_SHARE the share of full documents;
 * OBSERVA_E2E_URL runs it against a server that is already up (fresh demo seed) instead of starting one.
 */
import path from 'node:path';
import { measureClientMemory } from '../e2e/support/replica-memory.js';
import { buildClientIfStale, root, startServer } from '../e2e/support/server.js';
import { DEMO_PASSWORD } from '../e2e/support/demo.js';
import { launchChromium, type BenchResult } from './support.js';

const N = Number(process.env.BENCH_CLIENT_N ?? 10_000);
const FULL_SHARE = Number(process.env.BENCH_CLIENT_FULL_SHARE ?? 0.1);

export async function clientMemory(): Promise<BenchResult> {
  const external = process.env.OBSERVA_E2E_URL;
  if (!external) buildClientIfStale();
  const server = external
    ? { url: external, stop: async () => undefined }
    : await startServer({ logFile: path.join(root, 'tests/bench/.results/client-memory-server.log') });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('textbox', { name: /email/i }).fill('hod@university.edu');
    await page.getByLabel(/password/i).first().fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /^log ?in$/i }).click();
    await page.waitForURL(/\/(dashboard)?$/, { timeout: 30_000 });
    await page.getByRole('button', { name: /^Sync status: .*All changes synced/ }).waitFor({ timeout: 60_000 });

    const f = await measureClientMemory(page, N, FULL_SHARE);
    const mb = (x: number) => `${x.toFixed(1)} MB`;
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    console.log(`  ${N} observations in the replica (${Math.round(FULL_SHARE * 100)} % full documents), Head of Department`);
    console.log(`  JS heap: ${mb(f.heapAfterSyncMB)} after the first sync (empty replica), ${mb(f.heapDashboardMB)} with the dashboard, ${mb(f.heapListMB)} with the list`);
    console.log(`  dashboard ready ${ms(f.dashboardReadyMs)} after the page load began (count ${f.dashboardCount}); list total ${f.listTotalUnfiltered}`);
    console.log(`  first rows: ${ms(f.firstRowsWarmMs)} (cold, with the route's code: ${ms(f.firstRowsColdMs)}); filters: status ${ms(f.filterStatusMs)}, + semester ${ms(f.filterSemesterMs)}`);
    return {
      name: 'client-memory',
      figures: { ...f },
      targets: [
        { what: `JS heap with the dashboard rendered (${N} observations)`, value: f.heapDashboardMB, limit: 200, kind: 'max', unit: 'MB' },
        { what: `JS heap with the observation list rendered (${N} observations)`, value: f.heapListMB, limit: 200, kind: 'max', unit: 'MB' },
        { what: 'list first rows from the replica', value: f.firstRowsWarmMs, limit: 100, kind: 'max', unit: 'ms' },
        { what: 'status filter answers', value: f.filterStatusMs, limit: 100, kind: 'max', unit: 'ms' },
        { what: 'semester filter answers', value: f.filterSemesterMs, limit: 100, kind: 'max', unit: 'ms' },
      ],
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}
