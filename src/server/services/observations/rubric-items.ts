/**
 * The rubric's items in group order (SPEC §9: a fixed rubric of 4 groups × 5 items), read once per database.
 *
 * Every group save checks its entries against them (0.1 ms of a ~0.8 ms batched save on PGlite, one statement in
 * five). They are seeded before the server serves (seed/base.ts, under the start-up lock on PostgreSQL) and
 * nothing writes them afterwards, so a copy per database handle stays true for the life of the app. The first read
 * goes through the caller's transaction (a row of a batched push may use nothing else). A database truncated and
 * seeded again under a running app (the server tests' reset) gets new item ids: `forgetRubricItems` drops the copy.
 */
import { getTableName } from 'drizzle-orm';
import type { RubricItemRef } from '../../../shared/rubric.js';
import type { Db, Tx } from '../../db/client.js';
import { rawRows } from '../../db/raw.js';
import { rubricItems } from '../../db/schema.js';

const ITEMS_TEXT = `select id, code from "${getTableName(rubricItems)}" order by code asc, position asc`;

const byDb = new WeakMap<Db, readonly RubricItemRef[]>();

export interface RubricItems {
  read(tx: Tx): Promise<readonly RubricItemRef[]>;
}

export function rubricItemsOf(db: Db): RubricItems {
  return {
    async read(tx) {
      const known = byDb.get(db);
      if (known) return known;
      const rows = Object.freeze(await rawRows<RubricItemRef>(tx, ITEMS_TEXT, []));
      // An empty rubric is not kept: the seed has not run yet.
      if (rows.length > 0) byDb.set(db, rows);
      return rows;
    },
  };
}

export function forgetRubricItems(db: Db): void {
  byDb.delete(db);
}
