/**
 * A synced row's version moves once per transaction (migration 0016): the first write of the row in a transaction
 * takes a new version, a rewrite in the same transaction keeps it (no trigger call; the update can be HOT), the
 * next transaction moves it again, and a row written inside a savepoint is bumped again there. Runs on PGlite and
 * (OBSERVA_TEST_DB=postgres) PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, DbHandle } from '../../../src/server/db/client.js';
import { rowsOf } from '../../../src/server/db/results.js';
import { openTestDb } from '../support/helpers.js';

let handle: DbHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ handle, drop } = await openTestDb());
});
afterAll(async () => {
  await handle?.close();
  await drop?.();
});

async function department(db: Db, id: number): Promise<{ name: string; version: number }> {
  const [r] = rowsOf<{ name: string; version: string }>(await db.execute(sql`select name, version from departments where id = ${id}`));
  return { name: r.name, version: Number(r.version) };
}

const rename = (db: Db, id: number, name: string) => db.execute(sql`update departments set name = ${name} where id = ${id}`);

async function newDepartment(db: Db, name: string): Promise<number> {
  const [r] = rowsOf<{ id: number }>(await db.execute(sql`insert into departments (name) values (${name}) returning id`));
  return r.id;
}

describe("a synced row's version", () => {
  it('moves at the first write of a transaction and stays through its rewrites', async () => {
    const { db } = handle;
    const id = await newDepartment(db, 'Bump A');
    const before = (await department(db, id)).version;
    let first = 0;
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await rename(t, id, 'Bump A1');
      first = (await department(t, id)).version;
      expect(first).toBeGreaterThan(before);
      await rename(t, id, 'Bump A2');
      await rename(t, id, 'Bump A3');
      expect(await department(t, id)).toEqual({ name: 'Bump A3', version: first });
    });
    expect(await department(db, id)).toEqual({ name: 'Bump A3', version: first });
    await rename(db, id, 'Bump A4');
    expect((await department(db, id)).version).toBeGreaterThan(first);
  });

  it('keeps the version its insert took when the row is rewritten in the same transaction', async () => {
    const { db } = handle;
    const seen = await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const id = await newDepartment(t, 'Bump B');
      const inserted = (await department(t, id)).version;
      await rename(t, id, 'Bump B1');
      return { inserted, after: await department(t, id) };
    });
    expect(seen.inserted).toBeGreaterThan(0);
    expect(seen.after).toEqual({ name: 'Bump B1', version: seen.inserted });
  });

  it('moves again for a row written inside a savepoint (a batched row of the savepoint attempt)', async () => {
    const { db } = handle;
    const id = await newDepartment(db, 'Bump C');
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await t.execute(sql`savepoint row_one`);
      await rename(t, id, 'Bump C1');
      const inSavepoint = (await department(t, id)).version;
      await t.execute(sql`release savepoint row_one`);
      await rename(t, id, 'Bump C2');
      // The row version was written by the savepoint's subtransaction, not the transaction itself: bumped again.
      expect((await department(t, id)).version).toBeGreaterThan(inSavepoint);
    });
  });
});
