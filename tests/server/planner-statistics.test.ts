/**
 * Planner statistics (services/housekeeping/statistics.ts) and VACUUM (vacuum.ts): PGlite has no autovacuum, so
 * housekeeping measures tables that grew since their last ANALYZE — and only those — and the embedded database's
 * upkeep pass vacuums every table every few minutes (plugins/housekeeping.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../src/server/db/schema.js';
import { rowsOf } from '../../src/server/db/results.js';
import { analyzeGrownTables } from '../../src/server/services/housekeeping/statistics.js';
import { vacuumTables } from '../../src/server/services/housekeeping/vacuum.js';
import { PassThrough } from 'node:stream';
import { buildApp } from '../../src/server/app.js';
import { createTestApp, openTestDb, testConfig, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function estimate(table: string): Promise<number> {
  const res = await t.db.execute(sql`select reltuples::float8 as n from pg_class where relname = ${table}`);
  const rows = (Array.isArray(res) ? res : (res as { rows: { n: number }[] }).rows) as { n: number }[];
  return Number(rows[0].n);
}

describe('planner statistics', () => {
  it('measures a table that grew, leaves the others, and the estimate follows the rows', async () => {
    await t.app.housekeepingSettled();
    await analyzeGrownTables(t.db);
    expect(await analyzeGrownTables(t.db), 'nothing grew since the last run').toEqual([]);

    const [someone] = await t.db.select({ id: users.id }).from(users).limit(1);
    const rows = Array.from({ length: 3000 }, (_, i) => ({ userId: someone.id, title: `T${i}`, message: 'M'.repeat(200), route: '/' }));
    for (let i = 0; i < rows.length; i += 500) await t.db.insert(notifications).values(rows.slice(i, i + 500));
    const before = await estimate('notifications');
    expect(await analyzeGrownTables(t.db)).toContain('notifications');
    const after = await estimate('notifications');
    expect(after).toBeGreaterThan(before);
    expect(after).toBeGreaterThanOrEqual(3000);
    expect(await analyzeGrownTables(t.db)).toEqual([]);
  });
});

describe('embedded database upkeep between housekeeping runs', () => {
  it('the embedded database vacuums and analyzes grown tables every few minutes by itself; PostgreSQL leaves it to autovacuum', async () => {
    const { handle, drop } = await openTestDb();
    const lines: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    const app = await buildApp({ config: testConfig({ logLevel: 'info' }), dbHandle: handle, logger: true, logStream, upkeepEveryMs: 100 });
    try {
      await app.ready();
      await app.housekeepingSettled();
      const db = handle.db;
      const count = async () => Number((rowsOf<{ n: number }>(await db.execute(sql`select reltuples::float8 as n from pg_class where relname = 'notifications'`)))[0]!.n);
      const [someone] = await db.select({ id: users.id }).from(users).limit(1);
      const rows = Array.from({ length: 2000 }, (_, i) => ({ userId: someone!.id, title: `S${i}`, message: 'M'.repeat(200), route: '/' }));
      for (let i = 0; i < rows.length; i += 500) await db.insert(notifications).values(rows.slice(i, i + 500));
      const refreshed = () => lines.some((l) => l.includes('embedded database upkeep done') && /"vacuumed":[1-9]/.test(l) && l.includes('notifications'));
      if (handle.kind === 'pglite') {
        for (let i = 0; i < 100 && !refreshed(); i++) await new Promise((r) => setTimeout(r, 50));
        expect(refreshed(), 'analyzed by the timer').toBe(true);
        expect(await count()).toBeGreaterThanOrEqual(2000);
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

describe('vacuumTables', () => {
  it('vacuums every table; on the embedded database a row edited again and again then stops growing its table', async () => {
    const tables = Number(rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r'`))[0]!.n);
    expect(await vacuumTables(t.db)).toBe(tables);
    // The space check runs where the upkeep runs: PGlite. PostgreSQL prunes full pages by itself, so its first round
    // may grow little and the comparison says nothing there (in one full suite: 40 KB, then 180 KB after VACUUM).
    if (t.handle.kind !== 'pglite') return;
    const [someone] = await t.db.select({ id: users.id }).from(users).limit(1);
    const size = async () => Number(rowsOf<{ n: string }>(await t.db.execute(sql`select pg_relation_size('users') as n`))[0]!.n);
    const edit = async (times: number) => {
      for (let i = 0; i < times; i++) await t.db.execute(sql`update users set phone = ${`+1 ${i}`} where id = ${someone!.id}`);
    };
    const start = await size();
    await edit(1500);
    const grown = (await size()) - start;
    expect(grown, 'each edit of an indexed-version row leaves its old version behind').toBeGreaterThan(0);
    await vacuumTables(t.db);
    const before = await size();
    await edit(1500);
    expect((await size()) - before, 'the same edits again fit in the space vacuum freed').toBeLessThan(grown / 2);
  });
});
