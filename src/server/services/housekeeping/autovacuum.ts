/**
 * Autovacuum's work for the embedded database, by autovacuum's own rule.
 *
 * PGlite runs PostgreSQL as one process without background workers, so nothing vacuums or analyzes it by itself:
 *   - without VACUUM every update leaves its old row version and, where an indexed column changed (the feed's
 *     `version` always does), an entry in each index of the table: a row edited again and again gets slower to
 *     edit (a profile edit 0.40–0.42 ms after a thousand edits, 0.28–0.30 ms with a VACUUM between each thousand)
 *     and the files only grow;
 *   - without ANALYZE a statement prepared while a table was small keeps its plan (db/client.ts: generic plans):
 *     at 10 000 observations the document builder's lookup of 2 500 rubric scores among 775 000 became a
 *     sequential scan (155 ms) instead of an index scan (6 ms).
 *
 * PostgreSQL keeps, per table, the counters autovacuum decides by (`pg_stat_user_tables`) and PGlite keeps them
 * too; a backend publishes its pending counts when it goes idle, at most once a second, so a pass first asks for
 * them (`pg_stat_force_next_flush`). A table is then vacuumed or analyzed exactly when autovacuum would
 * (PostgreSQL manual, "The Autovacuum Daemon"), with the thresholds and scale factors read from the engine's
 * settings:
 *
 *   vacuum   dead rows          > autovacuum_vacuum_threshold        + autovacuum_vacuum_scale_factor        × reltuples
 *         or rows inserted since > autovacuum_vacuum_insert_threshold + autovacuum_vacuum_insert_scale_factor × reltuples
 *   analyze  rows changed since  > autovacuum_analyze_threshold       + autovacuum_analyze_scale_factor       × reltuples
 *            or it holds data and was never analyzed (the counters start again at zero after a crash)
 *
 * One statement per table, so requests waiting on the single connection run between them. A pass that finds
 * nothing due costs two statements (~6 ms on the demo database). On PostgreSQL autovacuum does all this, so no
 * timer runs there; seed:scale runs VACUUM ANALYZE after its bulk load on either engine.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/results.js';

export interface MaintenanceDue {
  vacuum: string[];
  analyze: string[];
}

const setting = (name: string) => sql.raw(`current_setting('${name}')::float8`);

/** The schema's tables autovacuum would vacuum or analyze now, by name (quote_ident: from the catalogue, never input). */
export async function maintenanceDue(db: Db): Promise<MaintenanceDue> {
  // Its own statement: the pending counts are published when the backend goes idle after it.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const rows = rowsOf<{ name: string; vacuum: boolean; analyze: boolean }>(
    await db.execute(sql`
      select quote_ident(c.relname) as name,
        coalesce(s.n_dead_tup, 0) > ${setting('autovacuum_vacuum_threshold')} + ${setting('autovacuum_vacuum_scale_factor')} * greatest(c.reltuples, 0)
          or coalesce(s.n_ins_since_vacuum, 0) > ${setting('autovacuum_vacuum_insert_threshold')} + ${setting('autovacuum_vacuum_insert_scale_factor')} * greatest(c.reltuples, 0)
          as vacuum,
        coalesce(s.n_mod_since_analyze, 0) > ${setting('autovacuum_analyze_threshold')} + ${setting('autovacuum_analyze_scale_factor')} * greatest(c.reltuples, 0)
          or (pg_relation_size(c.oid) > 0 and not exists (select 1 from pg_stats p where p.schemaname = n.nspname and p.tablename = c.relname))
          as analyze
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      left join pg_stat_user_tables s on s.relid = c.oid
      where n.nspname = current_schema() and c.relkind = 'r'
      order by c.relname`),
  );
  return { vacuum: rows.filter((r) => r.vacuum).map((r) => r.name), analyze: rows.filter((r) => r.analyze).map((r) => r.name) };
}

/** Runs what is due (maintenanceDue): VACUUM, ANALYZE or both (one statement) per table; returns what ran. */
export async function runDueMaintenance(db: Db): Promise<MaintenanceDue> {
  const due = await maintenanceDue(db);
  for (const name of new Set([...due.vacuum, ...due.analyze])) {
    const what = due.vacuum.includes(name) ? (due.analyze.includes(name) ? 'vacuum analyze' : 'vacuum') : 'analyze';
    await db.execute(sql.raw(`${what} ${name}`));
  }
  return due;
}
