/**
 * What a university of N observations costs (docs/operations/scaling.md), measured at BENCH_FOOTPRINT_SIZE
 * (default 10 000; or `npm run bench -- scale-footprint 2000`):
 *   - PGlite: DATA_DIR on disk after seed:scale (database and artifact files apart), server RSS idle after start
 *     and after the Super_Admin's first sync;
 *   - PostgreSQL (127.0.0.1:5432 or OBSERVA_TEST_PG_URL; skipped with a note when none answers): pg_database_size
 *     of a fresh database after the same seed, and of the seeded rows alone (minus an empty migrated database).
 * Prints the figures and a linear projection to 100 000 observations from the per-observation bytes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD, demo } from '../e2e/support/demo.js';
import { measureFirstSync, seededDataDir } from '../e2e/support/first-sync.js';
import { buildClientIfStale, root, startServer } from '../e2e/support/server.js';
import { sizesFromArgs } from './first-sync.js';
import { launchChromium, round, type BenchResult } from './support.js';

const MB = 1024 * 1024;

function duBytes(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.blocks * 512;
  return fs.readdirSync(p).reduce((sum, e) => sum + duBytes(path.join(p, e)), 0);
}

function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

async function seedPostgres(n: number): Promise<{ empty: number; seeded: number } | { skipped: string }> {
  const admin = process.env.OBSERVA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `observa_footprint_${Date.now()}`;
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
  } catch (err) {
    return { skipped: `no PostgreSQL at ${admin} (${(err as Error).message})` };
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  try {
    await client.query(`create database ${name}`);
    const size = async () => Number((await client.query(`select pg_database_size('${name}') as s`)).rows[0].s);
    const run = (args: string[], env: Record<string, string>) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/seed/scale/cli.ts', ...args], { cwd: root, env: { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn', ...env }, stdio: 'inherit' });
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed:scale on PostgreSQL exited ${code}`))));
      });
    // Migrated with the demo seed and one observation: the base of an installation.
    await run(['--observations', '1'], { SEED_DEMO: 'true', DATA_DIR: fs.mkdtempSync('/tmp/observa-fp-pg-') });
    await client.query('checkpoint').catch(() => undefined);
    const empty = await size();
    await run(['--observations', String(n - 1)], { SEED_DEMO: 'true', DATA_DIR: fs.mkdtempSync('/tmp/observa-fp-pg-') });
    await client.query('vacuum').catch(() => undefined);
    return { empty, seeded: await size() };
  } finally {
    await client.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await client.end();
  }
}

export async function scaleFootprint(): Promise<BenchResult> {
  const [n] = sizesFromArgs(process.env.BENCH_FOOTPRINT_SIZE ?? '10000');
  buildClientIfStale();
  const { dir, seedMs } = await seededDataDir(n, (l) => console.log(`    ${l}`));
  const figures: Record<string, unknown> = { observations: n, seedS: round(seedMs / 1000, 1) };
  try {
    const artifacts = duBytes(path.join(dir, 'artifacts'));
    const dataDir = duBytes(dir);
    figures.pgliteDataDirMB = round((dataDir - artifacts) / MB, 1);
    figures.artifactFilesMB = round(artifacts / MB, 1);
    const server = await startServer({ logFile: path.join(root, 'tests/bench/.results/scale-footprint-server.log'), env: { DATA_DIR: dir }, upTimeoutMs: 900_000 });
    const browser = await launchChromium();
    try {
      await new Promise((r) => setTimeout(r, 5_000));
      figures.rssIdleMB = round(rssBytes(server.pid) / MB, 1);
      const page = await (await browser.newContext()).newPage();
      const sync = await measureFirstSync(page, server.url, demo('Super_Admin').email, DEMO_PASSWORD, 600_000);
      figures.firstSyncS = round(sync.ms / 1000, 1);
      figures.rssAfterFirstSyncMB = round(rssBytes(server.pid) / MB, 1);
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const pgSize = await seedPostgres(n);
  if ('skipped' in pgSize) figures.postgres = pgSize.skipped;
  else {
    figures.postgresDatabaseMB = round(pgSize.seeded / MB, 1);
    figures.postgresBaseMB = round(pgSize.empty / MB, 1);
    const perObservation = (pgSize.seeded - pgSize.empty) / (n - 1);
    figures.postgresKBPerObservation = round(perObservation / 1024, 2);
    figures.postgresProjected100kMB = round((pgSize.empty + perObservation * 100_000) / MB, 0);
  }
  const pgliteMB = figures.pgliteDataDirMB as number;
  figures.pgliteProjected100kMB = round((pgliteMB * 100_000) / n, 0);
  for (const [k, v] of Object.entries(figures)) console.log(`  ${k}: ${v}`);
  return { name: 'scale-footprint', figures, targets: [] };
}
