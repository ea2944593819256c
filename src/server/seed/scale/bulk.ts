/**
 * Bulk inserts for the scale seed: one statement per chunk of rows, the rows sent as ONE JSON parameter and
 * expanded by `json_to_recordset`. A multi-row VALUES list would need a parameter per cell (the protocol allows
 * 65 535) and PGlite parses each one; one text parameter per chunk is the fastest path on both PGlite and
 * PostgreSQL, and it goes through the same triggers as any insert.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/** Column name → PostgreSQL type, in insert order. */
export type Columns = Record<string, string>;

/** Rows per statement: large enough to amortise the round trip, small enough to keep one JSON text a few MB. */
const CHUNK = 4000;

/**
 * `select` (optional): the SELECT list and FROM tail to use instead of the plain column list, for rows that are
 * expanded in SQL (e.g. one JSON row per meeting side → twenty score rows); `columns` then describes the JSON rows
 * and `target` the inserted columns.
 */
export async function bulkInsert(tx: Tx, table: string, columns: Columns, rows: Record<string, unknown>[], expand?: { target: string[]; select: string; join: string }): Promise<void> {
  if (rows.length === 0) return;
  const names = Object.keys(columns);
  const list = names.map((n) => `"${n}"`).join(', ');
  const defs = names.map((n) => `"${n}" ${columns[n]}`).join(', ');
  const target = expand ? expand.target.map((n) => `"${n}"`).join(', ') : list;
  const head = sql.raw(`INSERT INTO "${table}" (${target}) SELECT ${expand ? expand.select : list} FROM json_to_recordset(`);
  const tail = sql.raw(`::json) AS r(${defs})${expand ? ` ${expand.join}` : ''}`);
  const t0 = Date.now();
  for (let i = 0; i < rows.length; i += CHUNK) {
    const json = JSON.stringify(rows.slice(i, i + CHUNK));
    await tx.execute(sql`${head}${json}${tail}`);
  }
  if (process.env.SEED_SCALE_DEBUG) console.log(`  ${table}: ${rows.length} rows in ${Date.now() - t0} ms`);
}
