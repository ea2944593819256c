/**
 * Prepared statements (src/server/db/prepared-statements.ts) and PGlite reached through node-postgres
 * (src/server/db/pglite-connection.ts): the checks docs/database-drivers.md names for an upgrade of pg, Drizzle or
 * PGlite. Each runs on the engine of the suite (PGlite, or PostgreSQL with OBSERVA_TEST_DB=postgres), with the
 * statements prepared and without.
 */
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { openDb, type DbHandle } from '../../../src/server/db/client.js';
import { namedCount, NAMED_MAX, pglitePool, preparedStatementsFromEnv } from '../../../src/server/db/prepared-statements.js';
import { rowsOf } from '../../../src/server/db/results.js';
import { auditLog, users } from '../../../src/server/db/schema.js';
import { scratchPgDatabase } from '../support/helpers.js';

const onPg = process.env.OBSERVA_TEST_DB === 'postgres';

/** The driver error's code under Drizzle's wrapper (23505: a unique key). */
function codeOf(err: unknown): string | undefined {
  let e = err as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++) {
    if (e.code) return e.code;
    e = e.cause as typeof e;
  }
  return undefined;
}

describe.each([true, false])('prepared statements %s', (prepared) => {
  let handle: DbHandle;
  let drop = async () => {};
  beforeAll(async () => {
    if (onPg) {
      const scratch = await scratchPgDatabase();
      drop = scratch.drop;
      handle = await openDb({ databaseUrl: scratch.url, preparedStatements: prepared });
    } else handle = await openDb({ preparedStatements: prepared });
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  const insertUser = (email: string) => handle.db.insert(users).values({ email, name: 'Prepared', role: 'Faculty', passwordHash: 'x' }).returning({ id: users.id });

  it('a refused statement leaves the connection usable, in and out of transactions', async () => {
    await insertUser('prepared.one@university.edu');
    const again = await insertUser('prepared.one@university.edu').then(
      () => null,
      (err: unknown) => err,
    );
    expect(codeOf(again)).toBe('23505');
    // The next statements (the same text, then another) are answered: the connection was not dropped.
    const [second] = await insertUser('prepared.two@university.edu');
    expect(second!.id).toMatch(/^[0-9a-f-]{36}$/);
    const refusedInTx = await handle.db
      .transaction(async (tx) => {
        await tx.insert(users).values({ email: 'prepared.three@university.edu', name: 'P', role: 'Faculty', passwordHash: 'x' });
        await tx.insert(users).values({ email: 'prepared.one@university.edu', name: 'P', role: 'Faculty', passwordHash: 'x' });
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(refusedInTx).not.toBeNull();
    // Rolled back as a whole; the connection answers again.
    const three = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, 'prepared.three@university.edu'));
    expect(three).toEqual([]);
  });

  it('runs the same statement with other values and keeps the type of each column', async () => {
    const before = namedCount();
    const emails = ['prepared.a@university.edu', 'prepared.b@university.edu', 'prepared.c@university.edu'];
    for (const e of emails) await insertUser(e);
    for (const e of emails) {
      const [row] = await handle.db.select({ email: users.email, createdAt: users.createdAt }).from(users).where(eq(users.email, e));
      expect(row!.email).toBe(e);
      expect(row!.createdAt).toBeInstanceOf(Date);
    }
    // Named statements are counted only when on; the same text is named once however often it runs.
    if (prepared) expect(namedCount()).toBeGreaterThan(before);
    expect(namedCount()).toBeLessThanOrEqual(NAMED_MAX);
    const [json] = rowsOf<{ j: { a: number[] } }>(await handle.db.execute(sql`select ${JSON.stringify({ a: [1, 2] })}::jsonb as j`));
    expect(json!.j).toEqual({ a: [1, 2] });
    const audits = await handle.db.insert(auditLog).values({ action: 'prepared.check', entity: 'users', detail: { n: 1 } }).returning({ detail: auditLog.detail, at: auditLog.at });
    expect(audits[0]!.detail).toEqual({ n: 1 });
    expect(audits[0]!.at).toBeInstanceOf(Date);
  });

  it('gives every connection its settings before its first statement (generic plans; no JIT on PostgreSQL)', async () => {
    // As many at once as the pool has connections, so fresh ones answer too.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => handle.db.transaction(async (tx) => rowsOf<{ mode: string; jit: string }>(await tx.execute(sql`select current_setting('plan_cache_mode') as mode, current_setting('jit') as jit`))[0]!)),
    );
    for (const a of answers) {
      expect(a.mode).toBe('force_generic_plan');
      if (onPg) expect(a.jit).toBe('off');
    }
  });

  it('queues concurrent statements and transactions on the engine without mixing them', async () => {
    const n = 12;
    await Promise.all(
      Array.from({ length: n }, (_, i) =>
        handle.db.transaction(async (tx) => {
          await tx.insert(users).values({ email: `prepared.tx${i}@university.edu`, name: 'T', role: 'Faculty', passwordHash: 'x' });
          if (i % 3 === 0) tx.rollback();
        }).catch(() => undefined),
      ),
    );
    const rows = rowsOf<{ n: string | number }>(await handle.db.execute(sql`select count(*) as n from users where email like 'prepared.tx%'`));
    expect(Number(rows[0]!.n)).toBe(n - Math.ceil(n / 3));
  });
});

describe('DB_PREPARED_STATEMENTS', () => {
  it('is on unless set to off', () => {
    expect(preparedStatementsFromEnv({})).toBe(true);
    expect(preparedStatementsFromEnv({ DB_PREPARED_STATEMENTS: 'on' })).toBe(true);
    expect(preparedStatementsFromEnv({ DB_PREPARED_STATEMENTS: 'off' })).toBe(false);
    expect(() => loadConfig({ DB_PREPARED_STATEMENTS: 'sometimes' })).toThrow(/DB_PREPARED_STATEMENTS/);
  });
});

/** The frontend message types of one exchange with PGlite ('P' Parse, 'B' Bind, 'D' Describe, 'E' Execute, 'S' Sync…). */
function messageTypes(message: Uint8Array): string[] {
  const types: string[] = [];
  for (let at = 0; at < message.length; ) {
    types.push(String.fromCharCode(message[at]!));
    at += 1 + new DataView(message.buffer, message.byteOffset + at + 1, 4).getInt32(0);
  }
  return types;
}

// Whatever the suite's engine: this is node-postgres over PGlite in process (pglite-connection.ts).
describe('PGlite through node-postgres: a named statement described once', () => {
  let pglite: PGlite;
  let pool: pg.Pool;
  const sent: string[][] = [];
  beforeAll(async () => {
    pglite = new PGlite();
    const exchange = pglite.execProtocolStream.bind(pglite);
    pglite.execProtocolStream = (message, options) => {
      sent.push(messageTypes(message));
      return exchange(message, options);
    };
    pool = pglitePool(pglite);
    await pool.query('create table kept (a int primary key, b text)');
  });
  afterAll(async () => {
    await pool.end();
    await pglite.close();
  });
  const last = () => sent[sent.length - 1]!;

  it('sends Describe the first time only, and answers later executions with the same columns', async () => {
    const first = await pool.query({ text: 'insert into kept (a, b) values ($1, $2) returning a, b', values: [1, 'one'] });
    expect(last()).toEqual(['P', 'B', 'D', 'E', 'S']);
    const second = await pool.query({ text: 'insert into kept (a, b) values ($1, $2) returning a, b', values: [2, 'two'] });
    expect(last()).toEqual(['B', 'E', 'S']);
    expect(first.rows).toEqual([{ a: 1, b: 'one' }]);
    expect(second.rows).toEqual([{ a: 2, b: 'two' }]);
    expect(second.fields.map((f) => [f.name, f.dataTypeID])).toEqual([['a', 23], ['b', 25]]);
    // Drizzle reads rows as arrays: the kept description serves that mode too.
    const arrays = await pool.query({ text: 'select a, b from kept where a = $1', values: [2], rowMode: 'array' });
    const again = await pool.query({ text: 'select a, b from kept where a = $1', values: [1], rowMode: 'array' });
    expect(last()).toEqual(['B', 'E', 'S']);
    expect([arrays.rows, again.rows]).toEqual([[[2, 'two']], [[1, 'one']]]);
    // A statement without rows (NoData) is kept as such.
    await pool.query({ text: 'update kept set b = $2 where a = $1', values: [1, 'uno'] });
    const updated = await pool.query({ text: 'update kept set b = $2 where a = $1', values: [2, 'due'] });
    expect(last()).toEqual(['B', 'E', 'S']);
    expect(updated.rowCount).toBe(1);
  });

  it('a refused execution or binding leaves the kept columns right for the next one', async () => {
    const divide = { text: 'select a / $1::int as q from kept where a = $2' };
    expect((await pool.query({ ...divide, values: [1, 2] })).rows).toEqual([{ q: 2 }]);
    await expect(pool.query({ ...divide, values: [0, 2] })).rejects.toThrow(/division by zero/);
    await expect(pool.query({ ...divide, values: ['not a number', 2] })).rejects.toThrow(/invalid input syntax/);
    const after = await pool.query({ ...divide, values: [2, 2] });
    expect(last()).toEqual(['B', 'E', 'S']);
    expect(after.rows).toEqual([{ q: 1 }]);
    expect(after.fields.map((f) => f.name)).toEqual(['q']);
  });

  it('cannot answer with stale columns: a statement whose result type changed is refused by the engine', async () => {
    const named = { text: 'select a from kept where a = $1', values: [1] };
    const star = { text: 'select * from kept where a = $1', values: [1] };
    await pool.query(named);
    await pool.query(star);
    await pool.query('alter table kept add column c int');
    // Naming its columns, a statement keeps its result type across the change (prepared-statements.ts).
    expect((await pool.query(named)).rows).toEqual([{ a: 1 }]);
    await expect(pool.query(star)).rejects.toThrow(/cached plan must not change result type/);
  });
});
