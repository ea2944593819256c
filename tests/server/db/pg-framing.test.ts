/**
 * A transaction's BEGIN and COMMIT written without a round trip of their own (db/pg-prepared.ts, framing), on a
 * real PostgreSQL (a scratch database, whichever engine the suite runs on): the transaction still holds its
 * statements together, a failed BEGIN fails the COMMIT, a COMMIT sent behind a failed statement it did not wait
 * for commits nothing, and the connection leaves every transaction in normal mode.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparingClient } from '../../../src/server/db/pg-prepared.js';
import { isPipelined } from '../../../src/server/db/raw.js';
import { rowsOf } from '../../../src/server/db/results.js';
import { freshPgDatabase } from '../../instances/processes.js';

let scratch: { url: string; drop: () => Promise<void> };
let pool: pg.Pool;
let db: ReturnType<typeof drizzle>;

type PgClient = pg.PoolClient & { pipeline: boolean };

beforeAll(async () => {
  scratch = await freshPgDatabase('frame');
  pool = new pg.Pool({ connectionString: scratch.url, max: 2, Client: preparingClient() });
  db = drizzle(pool);
  await db.execute(sql`create table t (id int primary key, note text not null)`);
});
afterAll(async () => {
  await pool.end();
  await scratch.drop();
});

async function ids(): Promise<number[]> {
  return rowsOf<{ id: number }>(await db.execute(sql`select id from t order by id`)).map((r) => r.id);
}

/** Every idle connection of the pool, checked out at once (max 2). */
async function idleModes(): Promise<boolean[]> {
  const clients = (await Promise.all([pool.connect(), pool.connect()])) as PgClient[];
  const modes = clients.map((c) => c.pipeline);
  clients.forEach((c) => c.release());
  return modes;
}

describe('framed transactions (db/pg-prepared.ts)', () => {
  it('runs the statements inside one transaction, pipelined, and hands the connection back in normal mode', async () => {
    const seen = await db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (1, 'one')`);
      const xids = rowsOf<{ x: string }>(await tx.execute(sql`select pg_current_xact_id()::text as x`));
      const again = rowsOf<{ x: string }>(await tx.execute(sql`select pg_current_xact_id()::text as x`));
      return { same: xids[0]!.x === again[0]!.x, pipelined: isPipelined(tx as never) };
    });
    expect(seen).toEqual({ same: true, pipelined: true });
    expect(await ids()).toEqual([1]);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`insert into t values (2, 'two')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await ids(), 'the rollback undid the insert').toEqual([1]);
    expect(await idleModes()).toEqual([false, false]);
  });

  it('commits nothing when the last statement, not awaited before COMMIT, fails (its own error is the answer)', async () => {
    let last: Promise<unknown> | undefined;
    const committed = await db.transaction(async (tx) => {
      await tx.execute(sql`insert into t values (3, 'three')`);
      last = tx.execute(sql`insert into t values (1, 'one again')`); // primary key taken: fails
      last.catch(() => undefined);
      return 'answered';
    });
    // COMMIT of the failed transaction answered ROLLBACK without an error; the statement's own promise failed.
    expect(committed).toBe('answered');
    await expect(last).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await ids(), 'row 3 was rolled back with the failed statement').toEqual([1]);
    expect(await idleModes()).toEqual([false, false]);
  });

  it('fails the COMMIT when BEGIN failed, and leaves the connection usable in normal mode', async () => {
    const client = (await pool.connect()) as PgClient;
    try {
      // An aborted transaction opened outside the framing (a longer BEGIN text): the framed BEGIN then fails.
      await client.query('begin isolation level read committed');
      await client.query('select 1/0').catch(() => undefined);
      const begun = await client.query('begin');
      expect(begun.command, 'BEGIN is answered at once').toBe('BEGIN');
      expect(client.pipeline).toBe(true);
      await expect(client.query('commit')).rejects.toMatchObject({ code: '25P02' });
      expect(client.pipeline).toBe(false);
      const after = await client.query('select 41 + 1 as n');
      expect(after.rows).toEqual([{ n: 42 }]);
    } finally {
      client.release();
    }
  });

  it('leaves a transaction with options (a longer BEGIN) and callback-style queries to node-postgres as they were', async () => {
    const client = (await pool.connect()) as PgClient;
    try {
      await client.query('begin isolation level serializable');
      expect(client.pipeline, 'not framed').toBe(false);
      await client.query('insert into t values (4, $1)', ['four']);
      await client.query('commit');
      const viaCallback = await new Promise<string>((resolve, reject) =>
        client.query('begin', (err: Error | null, res: pg.QueryResult) => (err ? reject(err) : resolve(res.command))),
      );
      expect(viaCallback).toBe('BEGIN');
      expect(client.pipeline, 'a callback query is not framed').toBe(false);
      await client.query('rollback');
    } finally {
      client.release();
    }
    expect(await ids()).toEqual([1, 4]);
  });
});
