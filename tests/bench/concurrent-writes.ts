/**
 * Writes with 20 concurrent writers on PostgreSQL: 20 connections each run transactions that insert
 * a synced row and update it (two version bumps, as a write with a touched observation does), on a scratch
 * database migrated by the server's own code. Measured twice on the same database:
 *   - "global lock": migration 0001's trigger (pg_advisory_xact_lock(727274) before each bump), re-installed
 *     for the comparison: every writer waits until the one before it has committed;
 *   - "watermark": the trigger of migration 0004 (a shared lock per transaction publishing its lower bound).
 * Beside them, the pull's upper bound (observa_sync_upper_bound()) read while the writers run.
 * Target: the watermark at least 1.5× the global lock's rate with 20 writers (commits then share WAL flushes).
 */
import pg from 'pg';
import { openDb } from '../../src/server/db/client.js';
import { median, type BenchResult } from './support.js';
import { freshPgDatabase } from '../instances/processes.js';

const WRITERS = Number(process.env.BENCH_WRITERS ?? 20);
const SECONDS = Number(process.env.BENCH_WRITE_SECONDS ?? 8);

const GLOBAL_LOCK_TRIGGER = `CREATE OR REPLACE FUNCTION observa_bump_version() RETURNS trigger AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(727274);
  NEW.version := nextval('sync_version');
  RETURN NEW;
END $$ LANGUAGE plpgsql`;

async function run(url: string, label: string): Promise<{ label: string; perSecond: number; upperBoundMs: number }> {
  const clients = await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const reader = new pg.Client({ connectionString: url });
  await reader.connect();
  let done = 0;
  const until = Date.now() + SECONDS * 1000;
  const boundMs: number[] = [];
  const reading = (async () => {
    while (Date.now() < until) {
      const t0 = performance.now();
      await reader.query('select observa_sync_upper_bound()');
      boundMs.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const t0 = performance.now();
  await Promise.all(
    clients.map(async (c, w) => {
      for (let i = 0; Date.now() < until; i++) {
        const name = `${label} ${w}-${i}`;
        await c.query('begin');
        await c.query('insert into departments(name) values ($1)', [name]);
        await c.query('update departments set name = name where name = $1', [name]);
        await c.query('commit');
        done++;
      }
    }),
  );
  const perSecond = (done / (performance.now() - t0)) * 1000;
  await reading;
  await Promise.all([...clients, reader].map((c) => c.end()));
  const upperBoundMs = median(boundMs);
  console.log(`  ${label}: ${perSecond.toFixed(0)} transactions/s with ${WRITERS} writers (upper bound read in ${upperBoundMs.toFixed(2)} ms, median)`);
  return { label, perSecond, upperBoundMs };
}

export async function concurrentWrites(): Promise<BenchResult> {
  const db = await freshPgDatabase('b_writes');
  try {
    const handle = await openDb({ databaseUrl: db.url }); // migrates: the 0004 trigger is installed
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    const watermarkTrigger = (await admin.query<{ def: string }>("select pg_get_functiondef('observa_bump_version'::regproc) as def")).rows[0].def;
    await admin.query(GLOBAL_LOCK_TRIGGER);
    await run(db.url, 'warm-up');
    const before = await run(db.url, 'global lock');
    await admin.query(watermarkTrigger);
    const after = await run(db.url, 'watermark');
    await admin.end();
    await handle.close();
    return {
      name: 'concurrent-writes',
      figures: { writers: WRITERS, seconds: SECONDS, before, after, ratio: after.perSecond / before.perSecond },
      targets: [{ what: `watermark ÷ global lock, ${WRITERS} writers`, value: after.perSecond / before.perSecond, limit: 1.5, kind: 'min', unit: '×' }],
    };
  } finally {
    await db.drop();
  }
}
