/** Shared bits of the benchmarks: results folder, Chromium launch, a server with the demo seed, statistics. */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { root } from '../e2e/support/server.js';

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
