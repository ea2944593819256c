/**
 * Autovacuum's work on the embedded database (services/housekeeping/autovacuum.ts): PGlite has no autovacuum, so
 * its upkeep pass vacuums and analyzes the tables autovacuum's rule finds due — and only those — every few seconds
 * (plugins/housekeeping.ts). The rule is checked on both engines; the timer runs on PGlite only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../../src/server/db/schema.js';
import { rowsOf } from '../../../src/server/db/results.js';
import { maintenanceDue, runDueMaintenance } from '../../../src/server/services/housekeeping/autovacuum.js';
import { openDb, type Db } from '../../../src/server/db/client.js';
import { seed } from '../../../src/server/seed/index.js';
import { PassThrough } from 'node:stream';
import { buildApp } from '../../../src/server/app.js';
import { createTestApp, openTestDb, testConfig, type TestApp } from '../support/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The planner's estimate of a table's rows (what ANALYZE and VACUUM refresh). */
async function estimate(db: Db, table: string): Promise<number> {
  return Number(rowsOf<{ n: number }>(await db.execute(sql`select reltuples::float8 as n from pg_class where relname = ${table}`))[0]!.n);
}

/**
 * Runs `work` in one transaction whose counts are published as soon as it ends: on PostgreSQL the work runs on a
 * pooled connection, which would otherwise publish them up to a second (or, idle, ten) later.
 */
async function published(db: Db, work: (tx: Db) => Promise<unknown>): Promise<void> {
  await db.transaction(async (tx) => {
    await work(tx as unknown as Db);
    await tx.execute(sql`select pg_stat_force_next_flush()`);
  });
}

describe('autovacuum\'s rule', () => {
  it('analyzes and vacuums a table past its thresholds, and leaves a table with a few changes', async () => {
    await t.app.housekeepingSettled();
    await runDueMaintenance(t.db);
    expect(await maintenanceDue(t.db), 'nothing is due right after a pass').toEqual({ vacuum: [], analyze: [] });

    const [someone] = await t.db.select({ id: users.id }).from(users).limit(1);
    const note = (i: number) => ({ userId: someone!.id, title: `T${i}`, message: 'M'.repeat(200), route: '/' });
    const tenRows = () => published(t.db, (tx) => tx.insert(notifications).values(Array.from({ length: 10 }, (_, i) => note(i))));
    await tenRows();
    expect(await maintenanceDue(t.db), 'a table that holds data and was never analyzed').toEqual({ vacuum: [], analyze: ['notifications'] });
    await runDueMaintenance(t.db);
    await tenRows();
    expect(await maintenanceDue(t.db), 'ten rows more are below every threshold').toEqual({ vacuum: [], analyze: [] });

    const rows = Array.from({ length: 3000 }, (_, i) => note(i));
    await published(t.db, async (tx) => {
      for (let i = 0; i < rows.length; i += 500) await tx.insert(notifications).values(rows.slice(i, i + 500));
    });
    const before = await estimate(t.db, 'notifications');
    const done = await runDueMaintenance(t.db);
    expect(done.analyze, 'inserted rows past the analyze threshold').toContain('notifications');
    expect(done.vacuum, 'inserted rows past the insert threshold').toContain('notifications');
    const after = await estimate(t.db, 'notifications');
    expect(after).toBeGreaterThan(before);
    expect(after).toBeGreaterThanOrEqual(3000);
    expect(await maintenanceDue(t.db), 'the pass reset the counts').toEqual({ vacuum: [], analyze: [] });

    // Dead rows: the same user edited again and again (each edit leaves its old version behind).
    const edit = (tx: Db, times: number) => Array.from({ length: times }).reduce<Promise<unknown>>((p, _, i) => p.then(() => tx.execute(sql`update users set phone = ${`+1 ${i}`} where id = ${someone!.id}`)), Promise.resolve());
    await published(t.db, (tx) => edit(tx, 20));
    expect((await maintenanceDue(t.db)).vacuum, 'twenty dead rows are below the threshold (50 + a fifth of the table)').not.toContain('users');
    await published(t.db, (tx) => edit(tx, 200));
    expect((await maintenanceDue(t.db)).vacuum).toContain('users');
  });
});

describe('embedded database upkeep between housekeeping runs', () => {
  it('the embedded database vacuums and analyzes the tables due every few seconds by itself; PostgreSQL leaves it to autovacuum', async () => {
    const { handle, drop } = await openTestDb();
    const lines: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const app = await buildApp({ config: testConfig({ logLevel: 'info' }), dbHandle: handle, logger: true, logStream, upkeepEveryMs: 100 });
    try {
      await app.ready();
      await app.housekeepingSettled();
      const db = handle.db;
      const [someone] = await db.select({ id: users.id }).from(users).limit(1);
      const rows = Array.from({ length: 2000 }, (_, i) => ({ userId: someone!.id, title: `S${i}`, message: 'M'.repeat(200), route: '/' }));
      for (let i = 0; i < rows.length; i += 500) await db.insert(notifications).values(rows.slice(i, i + 500));
      const refreshed = () => lines.some((l) => l.includes('embedded database upkeep done') && /"analyzed":\[[^\]]*notifications/.test(l));
      if (handle.kind === 'pglite') {
        for (let i = 0; i < 100 && !refreshed(); i++) await new Promise((r) => setTimeout(r, 50));
        expect(refreshed(), 'analyzed by the timer').toBe(true);
        expect(await estimate(db, 'notifications')).toBeGreaterThanOrEqual(2000);
      } else {
        await new Promise((r) => setTimeout(r, 600));
        expect(lines.some((l) => l.includes('embedded database upkeep')), 'no timer of our own on PostgreSQL').toBe(false);
      }
    } finally {
      await app.close();
      await handle.close();
      await drop();
    }
  });
});

describe('vacuum', () => {
  it('on the embedded database a row edited again and again stops growing its table once vacuumed', async () => {
    // Always on PGlite, where the upkeep runs (the PostgreSQL run opens one of its own, rather than pass without
    // checking): PostgreSQL prunes full pages by itself, so its first round may grow little and the comparison says
    // nothing there (in one full suite: 40 KB, then 180 KB after VACUUM).
    const own = t.handle.kind === 'pglite' ? null : await openDb({});
    const db = own?.db ?? t.db;
    try {
      if (own) await seed(db, testConfig());
      const [someone] = await db.select({ id: users.id }).from(users).limit(1);
      const size = async () => Number(rowsOf<{ n: string }>(await db.execute(sql`select pg_relation_size('users') as n`))[0]!.n);
      const edit = async (times: number) => {
        for (let i = 0; i < times; i++) await db.execute(sql`update users set phone = ${`+1 ${i}`} where id = ${someone!.id}`);
      };
      const start = await size();
      await edit(1500);
      // Each edit of an indexed-version row leaves its old version behind, unless page pruning reclaimed it on the
      // way (it may, with no older snapshot open): what the first round grew is the most the table should grow.
      const grown = (await size()) - start;
      expect((await runDueMaintenance(db)).vacuum).toContain('users');
      const before = await size();
      await edit(1500);
      expect((await size()) - before, 'the same edits again fit in the space vacuum freed').toBeLessThan(Math.max(grown / 2, 8192));
    } finally {
      await own?.close();
    }
  });
});
