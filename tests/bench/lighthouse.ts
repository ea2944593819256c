/**
 * Lighthouse 12 (mobile preset: Moto G power emulation, simulated slow 4G; CPU slowdown 2× as docs/performance.md sets for
 * these machines, BENCH_LH_CPU to change it) on the built app served by
 * the real server (fresh DATA_DIR, demo seed): the login page in a clean profile, then the dashboard of a
 * signed-in Head of Department (signed in through the login screen in the same Chromium profile; Lighthouse runs
 * with `disableStorageReset` so the session and the installed service worker stay, as on a returning visit).
 * Lighthouse drives the Chromium that Playwright launched, through its remote-debugging port.
 * Prints the performance score and FCP, LCP, TBT, CLS, Speed Index and the bytes transferred.
 * Each page is audited BENCH_LH_RUNS times (default 3) and the run with the median score is reported: on this
 * shared 2-core machine one page's score moved by up to 20 points between runs (TBT above all).
 * Targets: performance ≥ 90 on both pages (goal 95).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouseRun from 'lighthouse';
import { DEMO_PASSWORD, demo } from '../e2e/support/demo.js';
import { buildClientIfStale, freePort, root, startServer } from '../e2e/support/server.js';
import { round, type BenchResult, type Target } from './support.js';

interface Audit {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  transferKB: number;
  requests: number;
}

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
/** CPU slowdown (docs/performance.md: 2 on these machines); BENCH_LH_CPU=4 gives Lighthouse's own mobile default. */
const CPU_SLOWDOWN = Number(process.env.BENCH_LH_CPU ?? 2);

/** The run with the median score of RUNS audits (every score is kept in `scores`). */
async function medianAudit(url: string, port: number, keepStorage: boolean): Promise<Audit & { scores: number[] }> {
  const runs: Audit[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(url, port, keepStorage));
  const sorted = [...runs].sort((a, b) => a.score - b.score);
  return { ...sorted[Math.floor(sorted.length / 2)], scores: runs.map((r) => r.score) };
}

async function audit(url: string, port: number, keepStorage: boolean): Promise<Audit> {
  const result = await lighthouseRun(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
    // docs/performance.md: 2× on these machines. Lighthouse's 4× is calibrated for a fast desktop; this 2-core
    // shared machine is already several times slower, so 4× here emulates a phone well below the mobile preset's.
    throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN },
  });
  if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  // The whole report beside the figures, for the diagnostics (the LCP element, long tasks, render-blocking files).
  fs.writeFileSync(path.join(root, `tests/bench/.results/lighthouse-${new URL(url).pathname.replace(/\W+/g, '') || 'root'}.lhr.json`), JSON.stringify(lhr));
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const num = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  const items = (lhr.audits['network-requests']?.details as { items?: { transferSize?: number }[] } | undefined)?.items ?? [];
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: round(num('first-contentful-paint'), 0),
    lcpMs: round(num('largest-contentful-paint'), 0),
    tbtMs: round(num('total-blocking-time'), 0),
    cls: round(num('cumulative-layout-shift'), 3),
    speedIndexMs: round(num('speed-index'), 0),
    transferKB: round(num('total-byte-weight') / 1024, 1),
    requests: items.length,
  };
}

export async function lighthouse(): Promise<BenchResult> {
  buildClientIfStale();
  const server = await startServer({ logFile: path.join(root, 'tests/bench/.results/lighthouse-server.log'), upTimeoutMs: 600_000 });
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'observa-lh-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [`--remote-debugging-port=${port}`, '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const figures: Record<string, Audit & { scores: number[] }> = {};
  try {
    figures.login = await medianAudit(`${server.url}/login`, port, false);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${server.url}/login`);
    await page.getByRole('textbox', { name: /email/i }).fill(demo('Head_of_Department').email);
    await page.getByLabel(/password/i).first().fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /^log ?in$/i }).click();
    await page.waitForURL(/\/(dashboard)?$/, { timeout: 30_000 });
    // Not 'networkidle': the open app keeps its live-nudge stream (/api/sync/events) connected.
    await page.getByRole('button', { name: /^Sync status: .*All changes synced/ }).waitFor({ timeout: 120_000 });
    figures.dashboard = await medianAudit(`${server.url}/`, port, true);
  } finally {
    await context.close();
    await server.stop();
    fs.rmSync(profile, { recursive: true, force: true });
  }
  for (const [name, a] of Object.entries(figures)) {
    console.log(`  ${name}: performance ${a.score} (median of ${a.scores.join(', ')}); FCP ${a.fcpMs} ms, LCP ${a.lcpMs} ms, TBT ${a.tbtMs} ms, CLS ${a.cls}, SI ${a.speedIndexMs} ms; ${a.transferKB} KB in ${a.requests} requests`);
  }
  const targets: Target[] = Object.entries(figures).map(([name, a]) => ({ what: `Lighthouse mobile performance, ${name}`, value: a.score, limit: 90, kind: 'min', unit: 'points' }));
  return { name: 'lighthouse', figures, targets };
}
