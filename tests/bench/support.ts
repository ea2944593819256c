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

/** The PostgreSQL server the benchmarks use (override with OBSERVA_TEST_PG_URL, as the server tests do). */
export const PG_ADMIN_URL = process.env.OBSERVA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh, empty PostgreSQL database for one benchmark run; `drop()` removes it (also when sessions remain). */
export async function scratchPgDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `observa_b_${prefix}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
