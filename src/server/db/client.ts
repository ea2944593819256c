/**
 * Opens the database: PGlite (embedded, under DATA_DIR, or in memory for tests) or PostgreSQL when a
 * connection URL is given. Both get the same Drizzle schema and migrations.
 *
 * Start-up is exclusive in both cases:
 *   - PGlite on disk: the directory is locked for this process (data-dir-lock.ts); a second process is refused.
 *   - PostgreSQL: several instances may share the database, so migrations and `prepare` (the seed) run under a
 *     session-level advisory lock held on a dedicated connection. Instances started at the same moment on an
 *     empty database queue on it: the first migrates and seeds, the others then find nothing left to do. The
 *     lock dies with the connection, so a starter killed mid-migration never blocks the next one.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { STARTUP_LOCK } from './advisory-locks.js';
import { lockDataDir } from './data-dir-lock.js';
import { alignRecordedMigrations, migrationsFolder } from './migration-journal.js';
import { PgliteDataDir } from './pglite-data-dir.js';
import { namingPool, pglitePool, preparedStatementsFromEnv } from './prepared-statements.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The Drizzle handle every service takes; identical API over PGlite and node-postgres. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle (same query API as Db). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * PostgreSQL only: LISTEN on `channel` over a dedicated connection (a pooled one would be handed to others).
   * Reconnects with backoff when the connection drops; `onNotify` also runs after a reconnect, since
   * notifications sent while disconnected are lost. Resolves once listening; the returned function stops.
   */
  listen?(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** PostgreSQL only: the pool's connections now (GET /metrics); PGlite is one in-process connection. */
  poolUse?(): PoolUse;
}

export interface PoolUse {
  /** Connections open (busy + idle). */
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export interface DbOptions {
  /** postgres://… switches to PostgreSQL. */
  databaseUrl?: string;
  /** Directory for the PGlite data; omitted = in memory. */
  pgliteDir?: string;
  /** Runs after the migrations, inside the same exclusive start-up section (the seed). */
  prepare?: (db: Db) => Promise<void>;
  /** Statements prepared once per connection (prepared-statements.ts); default: DB_PREPARED_STATEMENTS, on unless `off`. */
  preparedStatements?: boolean;
}

/**
 * Prepared statements (Drizzle's `.prepare()`, db/prepared-shapes.ts) run their generic plan from the first
 * execution. Left to `auto`, PostgreSQL re-plans a statement for every execution whenever its generic plan's
 * estimate is higher than a custom plan's, which is always the case for `= any($1::uuid[])` (an array of unknown
 * length): the observation document's statement spent 1.8 ms planning for 0.3 ms of execution. Every statement
 * Observa prepares looks rows up by id, by an indexed column or by a version range, where the generic plan is the
 * custom one (docs/performance.md).
 */
const PLAN_CACHE_MODE = 'force_generic_plan';

/**
 * Set on every PostgreSQL connection: the generic plan above, and no JIT compilation. Observa's statements are
 * short lookups; PostgreSQL's JIT (on by default where built with LLVM) compiles any statement whose estimate
 * passes `jit_above_cost`, which a table full of dead row versions reaches: the users feed's statement took
 * 40–770 ms, nearly all of it compiling, during a batched replay (measured with auto_explain).
 */
const CONNECTION_SETUP = `set plan_cache_mode = ${PLAN_CACHE_MODE}; set jit = off`;

/**
 * PGlite's memory is one WebAssembly memory that grows and never shrinks, so every buffer PostgreSQL touches
 * once stays resident for the life of the process. PostgreSQL's defaults (128 MB shared buffers, 64 MB for
 * index builds) are sized for a server with its own machine; one university's embedded database is far
 * smaller (idle RSS, tests/bench/idle-rss.ts). The default start parameters are kept, the sizes added. (The
 * initial WebAssembly memory cannot be set lower: the module asks for 128 MB; only touched pages are resident.)
 */
const PGLITE_MEMORY = {
  startParams: [
    ...PGlite.defaultStartParams,
    ...['shared_buffers=16MB', 'wal_buffers=1MB', 'work_mem=2MB', 'maintenance_work_mem=8MB', 'temp_buffers=2MB', `plan_cache_mode=${PLAN_CACHE_MODE}`].flatMap((c) => ['-c', c]),
  ],
};

/** Connections per instance to PostgreSQL. */
const POOL_MAX = 10;

export async function openDb(opts: DbOptions): Promise<DbHandle> {
  const prepared = opts.preparedStatements ?? preparedStatementsFromEnv();
  if (opts.databaseUrl) {
    // The connection's settings are set on each new connection as it connects (not as a startup `options` parameter, which a
    // pooler such as PgBouncer may refuse, and which would replace `options` given in the URL).
    // Each new connection gets the settings above before the pool hands it out (pg-pool's `onConnect`, awaited).
    const onConnect = (client: pg.ClientBase) =>
      client.query(CONNECTION_SETUP).then(
        () => undefined,
        (err: Error) => console.warn(`PostgreSQL connection setup failed: ${err.message}`),
      );
    const poolConfig = { connectionString: opts.databaseUrl, max: POOL_MAX, onConnect };
    const pool = prepared ? namingPool(poolConfig) : new pg.Pool(poolConfig);
    // An idle connection that the server closes (restart, failover, a forced DROP DATABASE in tests) emits
    // 'error' on the pool; without a listener that would crash the process. The pool replaces the connection.
    pool.on('error', (err) => console.warn(`PostgreSQL connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    try {
      await underStartupLock(opts.databaseUrl, async () => {
        await alignRecordedMigrations(db);
        await migratePg(db as never, { migrationsFolder });
        await opts.prepare?.(db);
      });
    } catch (err) {
      await pool.end().catch(() => undefined);
      throw err;
    }
    const url = opts.databaseUrl;
    return {
      db,
      kind: 'postgres',
      close: () => pool.end(),
      listen: (channel, onNotify) => listenPg(url, channel, onNotify),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX }),
    };
  }
  let lock: ReturnType<typeof lockDataDir> | undefined;
  if (opts.pgliteDir) {
    mkdirSync(opts.pgliteDir, { recursive: true });
    lock = lockDataDir(opts.pgliteDir); // before PGlite touches the directory
  }
  // A directory PostgreSQL has never initialised: initdb, the migrations and the seed are about to run here.
  const fresh = !!opts.pgliteDir && !existsSync(path.join(opts.pgliteDir, 'PG_VERSION'));
  // With the driver-specific code on, the data directory goes through PgliteDataDir (file lengths remembered);
  // off, through PGlite's stock NodeFS.
  const dir = opts.pgliteDir;
  const start = () => new PGlite({ ...(dir ? (prepared ? { fs: new PgliteDataDir(dir) } : { dataDir: dir }) : {}), ...PGLITE_MEMORY });
  // With prepared statements, PGlite is reached through node-postgres (prepared-statements.ts, pglite-connection.ts);
  // without, through Drizzle's own PGlite driver.
  let pool: pg.Pool | null = null;
  const drizzleOver = (c: PGlite): Db => {
    if (!prepared) return drizzlePglite(c, { schema }) as unknown as Db;
    pool = pglitePool(c);
    return drizzlePg(pool, { schema }) as unknown as Db;
  };
  let client = start();
  let db = drizzleOver(client);
  const closeClient = async () => {
    const p = pool;
    pool = null;
    await p?.end().catch(() => undefined);
    await client.close();
  };
  const close = async () => {
    try {
      await closeClient();
    } finally {
      lock?.release();
    }
  };
  try {
    await alignRecordedMigrations(db);
    if (prepared) await migratePg(db as never, { migrationsFolder });
    else await migratePglite(db as never, { migrationsFolder });
    await opts.prepare?.(db);
    if (fresh) {
      // initdb and the seed grew the WebAssembly memory to ~700 MB, and a WebAssembly memory never shrinks: the
      // first start would stay ~110 MB above every later one (tests/bench/idle-rss.ts). Closing this PGlite and
      // opening the now-initialised directory again drops that memory with the old instance.
      await closeClient();
      client = start();
      db = drizzleOver(client);
      await client.waitReady;
    }
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
  return { db, kind: 'pglite', close };
}

/** Runs `fn` while holding the start-up advisory lock on a connection of its own (not one of the pool's). */
async function underStartupLock(url: string, fn: () => Promise<void>): Promise<void> {
  const conn = new pg.Client({ connectionString: url });
  // A dropped lock connection must not crash the process; the lock is gone with it either way.
  conn.on('error', (err) => console.warn(`PostgreSQL start-up lock connection lost: ${err.message}`));
  await conn.connect();
  try {
    await conn.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    await fn();
  } finally {
    // Ending the session releases the lock too; the explicit unlock just makes it prompt.
    await conn.query('select pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
    await conn.end().catch(() => undefined);
  }
}

async function listenPg(url: string, channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 500;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    c.on('error', () => undefined);
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = null;
      const retry = () => {
        if (stopped) return;
        connect().then(
          () => onNotify(''),
          () => setTimeout(retry, (delay = Math.min(delay * 2, 30_000))),
        );
      };
      setTimeout(retry, delay);
    });
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
    delay = 500;
  };
  await connect();
  return async () => {
    stopped = true;
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}
