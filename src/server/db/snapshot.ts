/**
 * Whole-database copies for `npm run backup` / `npm run restore` (src/server/backup/, docs/operations/backup-and-restore.md).
 *
 *   PGlite      the data directory as PGlite's own tar (dumpDataDir), taken while this process holds the directory's
 *               lock (data-dir-lock.ts): no server can write it meanwhile, so the copy is consistent. Loaded back
 *               into an empty directory with `loadDataDir`.
 *   PostgreSQL  pg_dump's custom format (one consistent snapshot while instances keep running), restored with
 *               pg_restore into an empty database. Debian: `apt-get install postgresql-client`; PG_DUMP and
 *               PG_RESTORE name other binaries. The password travels in PGPASSWORD, not on the command line.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';

const MIGRATIONS_APPLIED = 'select count(*)::int as n from drizzle.__drizzle_migrations';

/**
 * Dumps the embedded database in `dir` to `file`, then runs `during` while still holding the directory's lock (the
 * backup copies the files there). Returns how many migrations the copied database has applied.
 */
export async function dumpEmbedded(dir: string, file: string, during: () => Promise<void>): Promise<{ migrations: number }> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`There is no embedded database in ${dir}.`);
  const lock = lockDataDir(dir); // throws, naming the directory, while a server runs on it
  try {
    const db = new PGlite({ dataDir: dir });
    try {
      const { rows } = await db.query<{ n: number }>(MIGRATIONS_APPLIED);
      const tar = await db.dumpDataDir('none');
      await writeFile(file, Buffer.from(await tar.arrayBuffer()));
      await during();
      return { migrations: rows[0].n };
    } finally {
      await db.close();
    }
  } finally {
    lock.release();
  }
}

export async function loadEmbedded(dir: string, file: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  if (readdirSync(dir).length > 0) throw new Error(`${dir} is not empty: restore into a new DATA_DIR.`);
  const lock = lockDataDir(dir);
  try {
    const db = new PGlite({ dataDir: dir, loadDataDir: new Blob([await readFile(file)]) });
    await db.waitReady;
    await db.close();
  } finally {
    lock.release();
  }
}

/** libpq's connection: the URL without its password, and the password apart (PGPASSWORD). */
function connection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(bin: string, args: string[], env: NodeJS.ProcessEnv, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', (e: NodeJS.ErrnoException) =>
      reject(new Error(e.code === 'ENOENT' ? `${bin} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client), or name the program in ${what === 'pg_dump' ? 'PG_DUMP' : 'PG_RESTORE'}.` : e.message)),
    );
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code}): ${err.trim()}`))));
  });
}

export async function dumpPostgres(url: string, file: string): Promise<void> {
  const c = connection(url);
  await run(process.env.PG_DUMP || 'pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', file, '--dbname', c.url], c.env, 'pg_dump');
}

export async function restorePostgres(url: string, file: string): Promise<void> {
  const c = connection(url);
  await run(process.env.PG_RESTORE || 'pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', c.url, file], c.env, 'pg_restore');
}

export async function postgresMigrations(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ n: number }>(MIGRATIONS_APPLIED)).rows[0].n;
  } finally {
    await client.end();
  }
}

/** True when the database holds no table outside the system schemas (a restore target must be empty). */
export async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0].n === 0;
  } finally {
    await client.end();
  }
}
