/**
 * Planner statistics for tables that grew since they were last measured.
 *
 * PGlite runs PostgreSQL without autovacuum (one process, no background workers), so nothing ever runs ANALYZE:
 * a table filled after its last measurement keeps the estimate it had, and the planner chooses accordingly. At
 * 10 000 observations the document builder's lookup of 2 500 rubric scores among 775 000 became a sequential
 * scan (155 ms) instead of an index scan (6 ms). The cumulative statistics that drive autovacuum are not kept
 * there either (`n_mod_since_analyze` stays 0), so growth is read from the table's size on disk: a table is measured
 * again when it was never measured and holds data, or when its size moved by more than a tenth (and 8 pages) from
 * its size when this process last measured it. On PostgreSQL autovacuum analyzes tables as they change; the daily
 * run may measure a busy table once more, which costs one ANALYZE.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/results.js';
import { SCHEMA_TABLES } from './schema-tables.js';

/**
 * Each table's size in pages when this process last analyzed it (or, before that, the catalogue's `relpages` when
 * first seen). Kept here rather than read from `relpages` each time: VACUUM (vacuum.ts, every few minutes on the
 * embedded database) rewrites `relpages` and `reltuples` too, and growth would then only ever be measured over a
 * few minutes. For the same reason "never measured" is read from `pg_stats` (column statistics exist only once a
 * table was analyzed), not from `reltuples`.
 */
const measuredPages = new WeakMap<Db, Map<string, number>>();

/** ANALYZEs every table of the schema that grew or shrank since it was measured; returns their names. */
export async function analyzeGrownTables(db: Db): Promise<string[]> {
  const tables = rowsOf<{ name: string; relpages: number; never: boolean; pages: number }>(
    await db.execute(sql`
      select quote_ident(c.relname) as name, c.relpages::int as relpages,
        not exists (select 1 from pg_stats s where s.schemaname = n.nspname and s.tablename = c.relname) as never,
        (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
      ${SCHEMA_TABLES} and pg_relation_size(c.oid) > 0
      order by c.relname`),
  );
  let measured = measuredPages.get(db);
  if (!measured) measuredPages.set(db, (measured = new Map()));
  const grown: string[] = [];
  for (const t of tables) {
    const base = measured.get(t.name) ?? Number(t.relpages);
    if (!measured.has(t.name)) measured.set(t.name, base);
    if (t.never || Math.abs(Number(t.pages) - base) > Math.max(base / 10, 8)) grown.push(t.name);
  }
  // Names come from the catalogue, quoted by quote_ident: never user input.
  for (const name of grown) {
    await db.execute(sql.raw(`analyze ${name}`));
    measured.set(name, Number(tables.find((t) => t.name === name)!.pages));
  }
  return grown;
}
