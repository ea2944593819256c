/**
 * Prepared statements (src/server/db/prepared-statements.ts) and PGlite reached through node-postgres
 * (src/server/db/pglite-connection.ts): the checks docs/database-drivers.md names for an upgrade of pg, Drizzle or
 * PGlite. Each runs on the engine of the suite (PGlite, or PostgreSQL with OBSERVA_TEST_DB=postgres), with the
 * statements prepared and without.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { openDb, type DbHandle } from '../../../src/server/db/client.js';
import { namedCount, NAMED_MAX, preparedStatementsFromEnv } from '../../../src/server/db/prepared-statements.js';
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
