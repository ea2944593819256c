/**
 * The schema is told truthfully in three places that must agree: src/server/db/schema.ts (what the code queries),
 * Drizzle's latest snapshot in migrations/meta (what `drizzle-kit generate` compares against) and the database
 * the migrations build. Here:
 * - `drizzle-kit generate`, run on a copy of the migrations folder, finds nothing to generate (schema.ts and the
 *   snapshot agree);
 * - the migrated database has exactly the snapshot's tables, columns, keys, indexes and sequences, and its
 *   deferred foreign keys are exactly DEFERRED_FOREIGN_KEYS (which Drizzle cannot declare);
 * - the trigger functions and triggers in the database are exactly src/server/db/functions.sql, the one place
 *   where their current text can be read (rewrite it with OBSERVA_WRITE_FUNCTIONS=1 after a migration that
 *   changes one, and review the difference).
 * Runs on PGlite and (OBSERVA_TEST_DB=postgres) PostgreSQL.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/client.js';
import { rowsOf } from '../../../src/server/db/results.js';
import { DEFERRED_FOREIGN_KEYS } from '../../../src/server/db/schema.js';
import { openTestDb } from '../support/helpers.js';

const repo = path.resolve(import.meta.dirname, '../../..');
const dbDir = path.join(repo, 'src/server/db');
const migrations = path.join(dbDir, 'migrations');
const functionsFile = path.join(dbDir, 'functions.sql');

interface SnapshotColumn { name: string; type: string; notNull: boolean; primaryKey: boolean }
interface SnapshotTable {
  name: string;
  columns: Record<string, SnapshotColumn>;
  indexes: Record<string, { name: string; isUnique: boolean }>;
  foreignKeys: Record<string, { name: string; onDelete?: string; onUpdate?: string }>;
  compositePrimaryKeys: Record<string, { name: string }>;
  uniqueConstraints: Record<string, { name: string }>;
  checkConstraints: Record<string, { name: string }>;
}
interface Snapshot { tables: Record<string, SnapshotTable>; sequences: Record<string, { name: string }> }

function latestSnapshot(): Snapshot {
  const journal = JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number }[] };
  const last = journal.entries.at(-1)!.idx;
  return JSON.parse(readFileSync(path.join(migrations, 'meta', `${String(last).padStart(4, '0')}_snapshot.json`), 'utf8')) as Snapshot;
}

/** Drizzle's serial types are integer columns with a sequence default in the catalogue. */
const catalogueType = (t: string) => ({ serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' })[t] ?? t;
/** PostgreSQL keeps the first 63 bytes of a name (NAMEDATALEN); Drizzle's snapshot keeps the name as written. */
const pgName = (name: string) => Buffer.from(name).subarray(0, 63).toString();
const ACTIONS: Record<string, string> = { a: 'no action', r: 'restrict', c: 'cascade', n: 'set null', d: 'set default' };

let db: Db;
let drop: () => Promise<void>;
let close: () => Promise<void>;
beforeAll(async () => {
  const opened = await openTestDb();
  db = opened.handle.db;
  drop = opened.drop;
  close = () => opened.handle.close();
});
afterAll(async () => {
  await close?.();
  await drop?.();
});

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(query));

describe('schema.ts and the snapshot', () => {
  it('drizzle-kit generate finds no difference to write as a migration', () => {
    const work = mkdtempSync(path.join(tmpdir(), 'observa-drizzle-'));
    try {
      cpSync(migrations, path.join(work, 'out'), { recursive: true });
      // drizzle-kit resolves `out` against its working directory, so it runs in the copy; the config imports nothing.
      writeFileSync(
        path.join(work, 'drizzle.config.ts'),
        `export default { dialect: 'postgresql', schema: ${JSON.stringify(path.join(dbDir, 'schema.ts'))}, out: './out' };\n`,
      );
      const before = readdirSync(path.join(work, 'out')).sort();
      const run = spawnSync(path.join(repo, 'node_modules/.bin/drizzle-kit'), ['generate', '--config', 'drizzle.config.ts'], {
        cwd: work,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'], // a rename question (no terminal) ends the run instead of waiting
        timeout: 60_000,
      });
      const output = `${run.stdout}\n${run.stderr}`;
      expect(readdirSync(path.join(work, 'out')).sort(), output).toEqual(before);
      expect(run.status, output).toBe(0);
      expect(output).toContain('No schema changes');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 90_000);
});

describe('the migrated database and the snapshot', () => {
  const snapshot = latestSnapshot();
  const tables = Object.values(snapshot.tables);

  it('has the same tables and columns (type, not null)', async () => {
    const cols = await rows<{ table: string; column: string; type: string; not_null: boolean }>(sql`
      select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
        from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
       order by 1, 2`);
    const actual: Record<string, Record<string, string>> = {};
    for (const c of cols) (actual[c.table] ??= {})[c.column] = `${c.type}${c.not_null ? ' not null' : ''}`;
    const expected: Record<string, Record<string, string>> = {};
    for (const t of tables) {
      expected[t.name] = {};
      for (const c of Object.values(t.columns)) {
        expected[t.name]![c.name] = `${catalogueType(c.type)}${c.notNull || c.primaryKey ? ' not null' : ''}`;
      }
    }
    expect(actual).toEqual(expected);
  });

  it('has the same foreign keys with the same actions, deferred exactly where DEFERRED_FOREIGN_KEYS says', async () => {
    const fks = await rows<{ name: string; on_delete: string; on_update: string; deferrable: boolean; deferred: boolean }>(sql`
      select con.conname as name, con.confdeltype as on_delete, con.confupdtype as on_update,
             con.condeferrable as deferrable, con.condeferred as deferred
        from pg_constraint con join pg_namespace n on n.oid = con.connamespace
       where n.nspname = 'public' and con.contype = 'f'`);
    const actual = Object.fromEntries(
      fks.map((f) => [f.name, { onDelete: ACTIONS[f.on_delete], onUpdate: ACTIONS[f.on_update], deferred: f.deferrable && f.deferred }]),
    );
    const deferred = new Set(DEFERRED_FOREIGN_KEYS.map(pgName));
    const expected = Object.fromEntries(
      tables.flatMap((t) => Object.values(t.foreignKeys)).map((f) => [
        pgName(f.name),
        { onDelete: f.onDelete ?? 'no action', onUpdate: f.onUpdate ?? 'no action', deferred: deferred.has(pgName(f.name)) },
      ]),
    );
    expect(actual).toEqual(expected);
    // Every listed key exists (a renamed key must be renamed in the list too).
    for (const name of DEFERRED_FOREIGN_KEYS) expect(Object.keys(expected)).toContain(pgName(name));
  });

  it('has the same primary keys, unique and check constraints, indexes and sequences', async () => {
    const constraints = await rows<{ name: string; kind: string }>(sql`
      select con.conname as name, con.contype as kind
        from pg_constraint con join pg_namespace n on n.oid = con.connamespace
       where n.nspname = 'public' and con.contype in ('u', 'c')`);
    const byKind = (k: string) => constraints.filter((c) => c.kind === k).map((c) => c.name).sort();
    expect(byKind('u')).toEqual(tables.flatMap((t) => Object.values(t.uniqueConstraints).map((u) => pgName(u.name))).sort());
    expect(byKind('c')).toEqual(tables.flatMap((t) => Object.values(t.checkConstraints).map((c) => pgName(c.name))).sort());

    // Composite primary keys by name; single-column ones are a column flag in the snapshot, checked by column.
    const pks = await rows<{ table: string; name: string; columns: string[] }>(sql`
      select c.relname as "table", con.conname as name,
             array(select a.attname::text from unnest(con.conkey) k join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k order by 1) as columns
        from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = con.connamespace
       where n.nspname = 'public' and con.contype = 'p'`);
    const actualPks = Object.fromEntries(pks.map((p) => [p.table, p.columns.length > 1 ? p.name : p.columns[0]]));
    const expectedPks = Object.fromEntries(
      tables.map((t) => {
        const composite = Object.values(t.compositePrimaryKeys)[0];
        return [t.name, composite ? pgName(composite.name) : Object.values(t.columns).find((c) => c.primaryKey)?.name];
      }).filter(([, pk]) => pk !== undefined),
    );
    expect(actualPks).toEqual(expectedPks);

    // Indexes other than those behind a primary key or unique constraint.
    const indexes = await rows<{ name: string; unique: boolean }>(sql`
      select ic.relname as name, i.indisunique as unique
        from pg_index i join pg_class ic on ic.oid = i.indexrelid join pg_namespace n on n.oid = ic.relnamespace
       where n.nspname = 'public' and not exists (select 1 from pg_constraint con where con.conindid = i.indexrelid)`);
    expect(Object.fromEntries(indexes.map((i) => [i.name, i.unique]))).toEqual(
      Object.fromEntries(tables.flatMap((t) => Object.values(t.indexes).map((i) => [pgName(i.name), i.isUnique]))),
    );

    const sequences = await rows<{ name: string }>(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'S'
         and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))`);
    expect(sequences.map((s) => s.name).sort()).toEqual(Object.values(snapshot.sequences).map((s) => s.name).sort());
  });
});

describe('functions.sql', () => {
  it('holds the current text of every function and trigger the migrations created', async () => {
    const functions = await rows<{ name: string; def: string }>(sql`
      select p.proname as name, pg_get_functiondef(p.oid) as def
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prokind = 'f'
         and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
       order by p.proname, pg_get_function_identity_arguments(p.oid)`);
    const triggers = await rows<{ def: string }>(sql`
      select pg_get_triggerdef(t.oid) as def
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and not t.tgisinternal
       order by c.relname, t.tgname`);
    const text = [
      '-- The current definition of every function and trigger the migrations created, as the database prints them',
      '-- (pg_get_functiondef, pg_get_triggerdef). Not run: the migrations are the source; this file is where their',
      '-- result can be read in one place. tests/server/db/schema-truth.test.ts fails when it differs from the',
      '-- database; rewrite it with OBSERVA_WRITE_FUNCTIONS=1 npx vitest run tests/server/db/schema-truth.test.ts.',
      '',
      '-- Functions',
      '',
      ...functions.map((f) => `${f.def.trim()};\n`),
      '-- Triggers',
      '',
      ...triggers.map((t) => `${t.def};`),
      '',
    ].join('\n');
    if (process.env.OBSERVA_WRITE_FUNCTIONS === '1') writeFileSync(functionsFile, text);
    expect(text).toBe(readFileSync(functionsFile, 'utf8'));
  });
});
