/**
 * Planner statistics (services/housekeeping/statistics.ts): PGlite has no autovacuum, so housekeeping measures
 * tables that grew since their last ANALYZE — and only those.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../../src/server/db/schema.js';
import { analyzeGrownTables } from '../../src/server/services/housekeeping/statistics.js';
import { createTestApp, type TestApp } from './helpers.js';

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
