/**
 * Upgrading a database migrated by an earlier build (src/server/db/migration-journal.ts): migrations 0017–0020 were
 * once journalled with times earlier than 0016's, and drizzle's migrator applies only what is later than the newest
 * recorded time. A database that stopped at 0016, at 0018 or at 0027 (the last two with those former times recorded)
 * is opened by the app (openDb, the path every start takes) and ends with every shipped migration applied exactly once.
 * On PGlite (a data directory) and, with OBSERVA_TEST_DB=postgres, PostgreSQL.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../../src/server/db/client.js';
import { migrationsFolder, shippedMigrations } from '../../../src/server/db/migration-journal.js';
import { rowsOf } from '../../../src/server/db/results.js';
import { missingMigrations } from '../../../src/server/services/operations/readiness.js';
import { freshPgDatabase } from '../../instances/processes.js';

/** The journal times 0017–0020 had in the builds that shipped them first (all earlier than 0016's). */
const FORMER_TIMES: Record<string, number> = {
  '0017_quota-sizes': 1795807990082,
  '0018_session-lifetime': 1795808277382,
  '0019_tombstone-audience': 1795808450325,
  '0020_user-invitations': 1795821188908,
};

const onPostgres = process.env.OBSERVA_TEST_DB === 'postgres';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** The migrations folder of an earlier build: entries up to `lastIdx`, 0017–0020 at their former times. */
function earlierBuild(lastIdx: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'observa-earlier-build-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  cpSync(migrationsFolder, dir, { recursive: true });
  const file = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8')) as { entries: { idx: number; tag: string; when: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx).map((e) => ({ ...e, when: FORMER_TIMES[e.tag] ?? e.when }));
  writeFileSync(file, JSON.stringify(journal));
  return dir;
}

/** A database migrated by that earlier build, then opened by this one. */
async function upgradedFrom(lastIdx: number): Promise<DbHandle> {
  const folder = earlierBuild(lastIdx);
  let handle: DbHandle;
  if (onPostgres) {
    const scratch = await freshPgDatabase('t');
    cleanups.push(scratch.drop);
    const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    await migratePg(drizzlePg(pool) as never, { migrationsFolder: folder });
    await pool.end();
    handle = await openDb({ databaseUrl: scratch.url });
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'observa-earlier-data-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const client = new PGlite({ dataDir: dir });
    await migratePglite(drizzlePglite(client) as never, { migrationsFolder: folder });
    await client.close();
    handle = await openDb({ pgliteDir: dir });
  }
  cleanups.push(() => handle.close());
  return handle;
}

async function applied(h: DbHandle) {
  return rowsOf<{ hash: string; at: string }>(await h.db.execute(sql`select hash, created_at::text as at from drizzle.__drizzle_migrations order by id`));
}

async function exists(h: DbHandle, what: string): Promise<boolean> {
  const [row] = rowsOf<{ found: boolean }>(await h.db.execute(sql`select ${sql.raw(what)} as found`));
  return row!.found;
}

describe('opening a database migrated by an earlier build', () => {
  for (const [lastIdx, stoppedAt] of [
    [16, '0016, the last migration it shipped'],
    [18, '0018, with 0017–0018 recorded at their former times'],
    [27, '0027, with 0017–0020 recorded at their former times'],
  ] as const) {
    it(`stopped at ${stoppedAt}: every migration applied once, at the journal's times`, { timeout: 120_000 }, async () => {
      const h = await upgradedFrom(lastIdx);
      const shipped = shippedMigrations();
      const rows = await applied(h);
      expect(rows.map((r) => r.hash)).toEqual(shipped.map((m) => m.hash));
      expect(rows.map((r) => Number(r.at))).toEqual(shipped.map((m) => m.folderMillis));
      expect(await missingMigrations(h.db)).toBe(0);
      // What 0017 and 0020 create is there.
      expect(await exists(h, `exists (select 1 from information_schema.columns where table_name = 'users' and column_name = 'avatar_size')`)).toBe(true);
      expect(await exists(h, `to_regclass('public.user_invitations') is not null`)).toBe(true);
      // The journal's times are in file order, so drizzle's own rule holds from here on.
      expect(shipped.every((m, i) => i === 0 || m.folderMillis > shipped[i - 1]!.folderMillis)).toBe(true);
    });
  }
});
