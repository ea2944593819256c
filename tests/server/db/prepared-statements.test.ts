/**
 * Prepared statements (db/pglite-prepared.ts on PGlite, db/pg-prepared.ts on PostgreSQL): a statement text seen
 * twice runs under a name, answers exactly as the unnamed statement did, fails with the same database error,
 * and the number of named statements stays bounded. Runs on the engine of the suite (PGlite, or PostgreSQL under
 * OBSERVA_TEST_DB=postgres), through Drizzle as the services use it.
 */
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbHandle } from '../../../src/server/db/client.js';
import { withPreparedStatements } from '../../../src/server/db/pglite-prepared.js';
import { StatementNames } from '../../../src/server/db/pg-prepared.js';
import { rowsOf } from '../../../src/server/db/results.js';
import { departments } from '../../../src/server/db/schema.js';
import { openTestDb } from '../support/helpers.js';

let handle: DbHandle;
let drop: () => Promise<void>;
let db: Db;

beforeAll(async () => {
  ({ handle, drop } = await openTestDb());
  db = handle.db;
});
afterAll(async () => {
  await handle.close();
  await drop();
});

/** The statements this connection holds under our names (on PostgreSQL: whichever pooled connection answers). */
async function ourStatements(d: Db): Promise<string[]> {
  const r = await d.execute(sql`select name, statement from pg_prepared_statements where name like 'observa_%'`);
  return rowsOf<{ statement: string }>(r).map((x) => x.statement);
}

describe('generic plans (db/client.ts PLAN_CACHE_MODE)', () => {
  it('runs a prepared statement on its generic plan from the first execution, on every pooled connection', async () => {
    // An array of unknown length: left to `auto`, PostgreSQL plans this afresh for every execution.
    // One transaction: one connection, whose prepared statements pg_prepared_statements lists.
    const counts = await db.transaction(async (tx) => {
      for (let i = 0; i < 8; i++) await tx.execute(sql`select count(*)::int as n from ${departments} where ${departments.name} = any(${`{"Dept ${i}","Prepared A"}`}::text[])`);
      const r = await tx.execute(sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%= any($1::text[])%'`);
      return rowsOf<{ generic: number; custom: number }>(r);
    });
    expect(counts.length).toBeGreaterThan(0);
    expect(counts.reduce((n, c) => n + c.custom, 0)).toBe(0);
    expect(counts.reduce((n, c) => n + c.generic, 0)).toBeGreaterThan(0);
    // Several connections at once (PostgreSQL's pool opens more): each has the setting.
    const settings = await Promise.all(
      Array.from({ length: 4 }, () =>
        db.transaction(async (tx) => rowsOf<{ mode: string; jit: string }>(await tx.execute(sql`select current_setting('plan_cache_mode') as mode, current_setting('jit') as jit, pg_sleep(0.05)`))[0]!),
      ),
    );
    expect(new Set(settings.map((s) => s.mode))).toEqual(new Set(['force_generic_plan']));
    // No JIT compilation on PostgreSQL (CONNECTION_SETUP); PGlite is built without it.
    if (handle.kind === 'postgres') expect(new Set(settings.map((s) => s.jit))).toEqual(new Set(['off']));
  });
});

describe('prepared statements through Drizzle', () => {
  it('answers a repeated select exactly as the first (unnamed) run did, and runs it under a name', async () => {
    await db.insert(departments).values([{ name: 'Prepared A' }, { name: 'Prepared B' }]).onConflictDoNothing();
    const read = () => db.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.name, 'Prepared A'));
    const runs = [];
    for (let i = 0; i < 5; i++) runs.push(await read());
    expect(runs[0]).toHaveLength(1);
    expect(runs[0]![0]!.name).toBe('Prepared A');
    for (const r of runs) expect(r).toEqual(runs[0]);
    // Parameters of every kind the services bind: text, null, arrays, booleans, numbers, dates.
    const mixed = () =>
      db.execute(sql`select ${'x'}::text as t, ${null}::text as n, ${sql.param([1, 2])}::int[] as a, ${true}::boolean as b, ${2.5}::float8 as f, ${new Date('2026-01-02T03:04:05Z')}::timestamptz as d`);
    const first = rowsOf(await mixed());
    const second = rowsOf(await mixed());
    const third = rowsOf<Record<string, unknown>>(await mixed());
    expect(second).toEqual(first);
    expect(third).toEqual(first);
    const row = third[0]!;
    expect(row).toMatchObject({ t: 'x', n: null, a: [1, 2], b: true, f: 2.5 });
  });

  it('fails a prepared statement with the database error (code and all), and the connection goes on', async () => {
    const insert = (name: string) => db.insert(departments).values({ name });
    await insert('Prepared unique');
    for (let i = 0; i < 3; i++) {
      const err = await insert('Prepared unique').then(
        () => null,
        (e: unknown) => e,
      );
      const cause = (err as { cause?: { code?: string } }).cause ?? err;
      expect((cause as { code?: string }).code).toBe('23505');
    }
    expect(await db.select().from(departments).where(eq(departments.name, 'Prepared unique'))).toHaveLength(1);
  });

  it('keeps a prepared write inside its transaction: a rollback undoes it, a commit keeps it', async () => {
    const attempt = (name: string, fail: boolean) =>
      db
        .transaction(async (tx) => {
          await tx.insert(departments).values({ name });
          await tx.select().from(departments).where(eq(departments.name, name));
          if (fail) throw new Error('roll back');
        })
        .catch(() => undefined);
    for (let i = 0; i < 3; i++) await attempt(`Prepared rolled back ${i}`, true);
    for (let i = 0; i < 3; i++) await attempt(`Prepared kept ${i}`, false);
    const names = (await db.select({ name: departments.name }).from(departments)).map((d) => d.name);
    expect(names.filter((n) => n.startsWith('Prepared rolled back'))).toEqual([]);
    expect(names.filter((n) => n.startsWith('Prepared kept')).sort()).toEqual(['Prepared kept 0', 'Prepared kept 1', 'Prepared kept 2']);
  });
});

describe('bounded statement caches', () => {
  it('PGlite: the least recently used statement is closed once the cache is full', async () => {
    const pg = new PGlite();
    const d = drizzle(withPreparedStatements(pg, 3)) as unknown as Db;
    try {
      for (let n = 1; n <= 6; n++) {
        // Six texts, each run twice (prepared on the second run), into a cache of three.
        const q = () => d.execute(sql`select ${sql.raw(String(n))}::int + ${n}::int as c`);
        await q();
        const r = await q();
        expect(rowsOf<{ c: number }>(r)[0]!.c).toBe(2 * n);
      }
      const held = await ourStatements(d);
      expect(held).toHaveLength(3);
    } finally {
      await pg.close();
    }
    // Texts of a new shape each time (an IN list of a new length) are never prepared.
    const once = new PGlite();
    const e = drizzle(withPreparedStatements(once, 3)) as unknown as Db;
    try {
      for (let n = 1; n <= 10; n++) {
        const list = Array.from({ length: n }, (_, i) => sql`${i}::int`);
        await e.execute(sql`select 1 as one where 0 in (${sql.join(list, sql`, `)})`);
      }
      expect(await ourStatements(e)).toEqual([]);
    } finally {
      await once.close();
    }
  });

  it('PostgreSQL names: a text is named on its second sighting, one name per text, and at most `max` texts', () => {
    const names = new StatementNames(2);
    expect(names.nameOf('select 1')).toBeUndefined();
    const one = names.nameOf('select 1');
    expect(one).toMatch(/^observa_[0-9a-f]{24}$/);
    expect(names.nameOf('select 1')).toBe(one);
    expect(names.nameOf('create table x (id int)')).toBeUndefined();
    expect(names.nameOf('create table x (id int)')).toBeUndefined();
    names.nameOf('select 2');
    const two = names.nameOf('select 2');
    expect(two).toBeDefined();
    expect(two).not.toBe(one);
    names.nameOf('select 3');
    expect(names.nameOf('select 3')).toBeUndefined(); // past the cap: runs unnamed
  });

  it('a statement repeated in a transaction is prepared on its connection', async () => {
    // On PostgreSQL every pooled connection prepares on its first named run; a transaction keeps one connection.
    const held = await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await tx.select().from(departments).where(eq(departments.name, 'Prepared on PG'));
      return ourStatements(tx as unknown as Db);
    });
    expect(held.some((s) => s.includes('"departments"."name" = $1'))).toBe(true);
  });
});
