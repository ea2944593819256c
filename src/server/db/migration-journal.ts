/**
 * The migrations this build ships, and the record of those a database has applied.
 *
 * Drizzle's migrator applies a migration only when its journal time (`when` in meta/_journal.json) is later than the
 * newest time recorded in drizzle.__drizzle_migrations. Migrations 0017–0020 were once journalled with times earlier
 * than 0016's, so a database that stopped at 0016 would have skipped them for good, and one migrated past them
 * recorded those earlier times. Their journal times now follow 0016's; before migrating, the times recorded for the
 * migrations a database has applied (each recognised by its file's hash) are set to the journal's, so such a database
 * takes exactly what it lacks, nothing twice. On a database already in step, and on a fresh one, it changes nothing.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { rowsOf } from './results.js';

/** The migrations (SQL files and drizzle's meta/_journal.json); the bundle has a copy beside it (start.ts). */
export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** The migrations this build ships, as drizzle reads them (read once: they never change while the process runs). */
let shipped: MigrationMeta[] | null = null;
export function shippedMigrations(): MigrationMeta[] {
  return (shipped ??= readMigrationFiles({ migrationsFolder }));
}

/** Sets the recorded time of each applied migration to its journal time; run before drizzle's migrator. */
export async function alignRecordedMigrations(db: { execute(query: SQL): Promise<unknown> }, entries = shippedMigrations()): Promise<void> {
  const [table] = rowsOf<{ name: string | null }>(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`));
  if (!table?.name) return;
  const journal = JSON.stringify(entries.map((m) => ({ hash: m.hash, at: m.folderMillis })));
  await db.execute(sql`update drizzle.__drizzle_migrations m set created_at = j.at
    from json_to_recordset(${journal}::json) as j(hash text, at bigint)
    where m.hash = j.hash and m.created_at is distinct from j.at`);
}
