/**
 * Planner statistics for tables that grew since they were last measured.
 *
 * PGlite runs PostgreSQL without autovacuum (one process, no background workers), so nothing ever runs ANALYZE:
 * a table filled after its last measurement keeps the estimate it had, and the planner chooses accordingly. At
 * 10 000 observations the document builder's lookup of 2 500 rubric scores among 775 000 became a sequential
 * scan (155 ms) instead of an index scan (6 ms). The cumulative statistics that drive autovacuum are not kept
 * there either (`n_mod_since_analyze` stays 0), so growth is read from the catalogue: a table is measured again
 * when it was never measured and holds data, or when its size on disk moved by more than a tenth (and 8 pages)
 * from the size recorded at its last measurement. On PostgreSQL autovacuum keeps the recorded sizes current,
 * so this rarely finds anything there.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/results.js';

/** ANALYZEs every table of the schema that grew or shrank since it was measured; returns their names. */
export async function analyzeGrownTables(db: Db): Promise<string[]> {
  const grown = rowsOf<{ name: string }>(
    await db.execute(sql`
      select quote_ident(c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind = 'r'
        and pg_relation_size(c.oid) > 0
        and (c.reltuples < 0
          or abs(pg_relation_size(c.oid) / current_setting('block_size')::int - c.relpages) > greatest(c.relpages / 10, 8))
      order by c.relname`),
  ).map((r) => r.name);
  // Names come from the catalogue, quoted by quote_ident: never user input.
  for (const name of grown) await db.execute(sql.raw(`analyze ${name}`));
  return grown;
}
