/** Shared bits of the benchmarks: results folder, Chromium launch, a server with the demo seed, statistics. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import autocannon from 'autocannon';
import { freePort, root } from '../e2e/support/server.js';

export const RESULTS_DIR = path.join(root, 'tests/bench/.results');

export interface Target {
  what: string;
  value: number;
  limit: number;
  /** 'max': value must be ≤ limit; 'min': value must be ≥ limit. */
  kind: 'max' | 'min';
  unit: string;
}

export interface BenchResult {
  name: string;
  figures: Record<string, unknown>;
  targets: Target[];
}

export function met(t: Target): boolean {
  return t.kind === 'max' ? t.value <= t.limit : t.value >= t.limit;
}

export function writeResult(r: BenchResult): void {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, `${r.name}.json`), JSON.stringify({ ...r, at: new Date().toISOString() }, null, 2));
}

export function printTargets(r: BenchResult): void {
  for (const t of r.targets) {
    const cmp = t.kind === 'max' ? '≤' : '≥';
    console.log(`  ${met(t) ? 'PASS' : 'MISS'} ${t.what}: ${round(t.value)} ${t.unit} (target ${cmp} ${t.limit} ${t.unit})`);
  }
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function median(xs: number[]): number {
  return percentile([...xs].sort((a, b) => a - b), 50);
}

export function round(x: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** A bare Fastify route in its own process, as the server runs in its own: the machine's HTTP ceiling. */
export async function bareFastify(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const code = `const f = require('fastify')(); f.get('/bare', async () => ({ ok: true })); f.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], { cwd: root, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/bare`;
  for (let i = 0; i < 100; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

/**
 * The machine's speed, measured in the run that reports figures: req/s of a bare Fastify route (autocannon, 10
 * connections, `seconds` after as long a warm-up). Absolute rates differ by half between machines of one kind;
 * a figure beside this one can be compared across sessions as a ratio.
 */
export async function bareFastifyRate(seconds = 5): Promise<number> {
  const bare = await bareFastify();
  try {
    await autocannon({ url: bare.url, connections: 10, duration: seconds });
    return (await autocannon({ url: bare.url, connections: 10, duration: seconds })).requests.average;
  } finally {
    bare.stop();
  }
}
