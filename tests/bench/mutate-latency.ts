/**
 * mutate() latency in Chromium: p50/p95 of the write path (replica + outbox, one transaction) beside a raw Dexie
 * put in the same page. The engine code is bundled with Vite from tests/bench/browser/mutate-entry.ts and served
 * from memory on a fake origin (IndexedDB needs a real origin; no server involved).
 * Targets: mutate p95 ≤ 16 ms and ≤ 1.5 × the raw put's p95.
 */
import path from 'node:path';
import { build, type Rollup } from 'vite';
import { root } from '../e2e/support/server.js';
import { launchChromium, percentile, type BenchResult } from './support.js';

const N = Number(process.env.BENCH_MUTATE_N ?? 500);
const WARMUP = 50;

async function bundle(): Promise<string> {
  const out = (await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      lib: { entry: path.join(root, 'tests/bench/browser/mutate-entry.ts'), formats: ['iife'], name: 'observaBench', fileName: () => 'bench.js' },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const outputs = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output);
  const chunk = outputs.find((o): o is Rollup.OutputChunk => o.type === 'chunk');
  if (!chunk) throw new Error('bench bundle produced no chunk');
  return chunk.code;
}

export async function mutateLatency(): Promise<BenchResult> {
  const code = await bundle();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const origin = 'http://bench.localhost';
    await page.route(`${origin}/**`, (route) =>
      new URL(route.request().url()).pathname === '/bench.js'
        ? route.fulfill({ contentType: 'text/javascript', body: code })
        : route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title><script src="/bench.js"></script>' }),
    );
    await page.goto(`${origin}/`);
    const { raw, mutate } = await page.evaluate(([n, w]) => window.runMutateBench(n, w), [N, WARMUP] as const);
    const s = (xs: number[]) => [...xs].sort((a, b) => a - b);
    const r = s(raw);
    const m = s(mutate);
    const figures = {
      n: N,
      rawPut: { p50: percentile(r, 50), p95: percentile(r, 95) },
      mutate: { p50: percentile(m, 50), p95: percentile(m, 95) },
      ratioP50: percentile(m, 50) / percentile(r, 50),
      ratioP95: percentile(m, 95) / percentile(r, 95),
    };
    console.log(`  raw put p50 ${figures.rawPut.p50.toFixed(2)} ms, p95 ${figures.rawPut.p95.toFixed(2)} ms; mutate p50 ${figures.mutate.p50.toFixed(2)} ms, p95 ${figures.mutate.p95.toFixed(2)} ms`);
    return {
      name: 'mutate-latency',
      figures,
      targets: [
        { what: 'mutate p95', value: figures.mutate.p95, limit: 16, kind: 'max', unit: 'ms' },
        { what: 'mutate p95 / raw put p95', value: figures.ratioP95, limit: 1.5, kind: 'max', unit: '×' },
      ],
    };
  } finally {
    await browser.close();
  }
}
