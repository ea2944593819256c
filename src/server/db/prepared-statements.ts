/**
 * Prepared statements on both engines: the main driver-specific speed-up Observa keeps (docs/database-drivers.md,
 * where each one's measured gain and upgrade checks are listed). Switched off with DB_PREPARED_STATEMENTS=off, which
 * gives the stock drivers (Drizzle's PGlite driver on PGlite's own NodeFS, unnamed statements on PostgreSQL).
 *
 * On, both engines are reached through node-postgres and Drizzle's node-postgres driver:
 *   - every statement sent with parameters is given a name made from its text (pg's public `name` query option),
 *     so each connection parses and plans it once and afterwards sends only Bind/Execute;
 *   - PGlite is reached through node-postgres over an in-process connection (pglite-connection.ts), because
 *     PGlite's query API parses, plans and describes every statement afresh and cannot keep one prepared.
 *
 * Invariants:
 *   - A name stands for exactly one text (a hash of it), so no connection is ever asked to prepare a name for two
 *     statements.
 *   - Only statements with parameters are named: one without goes by the simple protocol, which allows several
 *     commands in one text (the migrations, the connection set-up).
 *   - At most NAMED_MAX texts are named per process; later ones run unnamed. Statements whose text varies with
 *     their input (`in (…)` lists of every length) must not fill every connection's memory with plans.
 *   - A prepared statement outlives the transaction that prepared it (protocol-level, not SQL PREPARE). Every
 *     statement names its result columns (Drizzle lists them; raw statements select columns, or whole rows as
 *     json), so when another instance's migration adds a column, PostgreSQL re-plans a kept statement instead of
 *     refusing it for a changed result type.
 */
import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PgliteConnection } from './pglite-connection.js';

/** Texts named per process (each connection prepares at most this many). */
export const NAMED_MAX = 1000;

/** DB_PREPARED_STATEMENTS=off turns prepared statements off (the stock drivers); config.ts refuses other values than on and off. */
export function preparedStatementsFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.DB_PREPARED_STATEMENTS !== 'off';
}

const names = new Map<string, string>();

/** The name for `text`, or undefined once NAMED_MAX texts have one. */
function nameFor(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_MAX) {
    name = `o_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

/** How many texts have a name now (tests, and the check after an upgrade). */
export function namedCount(): number {
  return names.size;
}

/** Drizzle's query config with a name added when it has parameters (and none of its own). */
function named(config: unknown, values: unknown): unknown {
  if (!config || typeof config !== 'object' || !('text' in config)) return config;
  const c = config as pg.QueryConfig;
  if (c.name) return c;
  const params = Array.isArray(values) ? values : c.values;
  const name = params && params.length > 0 ? nameFor(c.text) : undefined;
  return name ? { ...c, name } : c;
}

/** pg's Client with each parameterised statement named; the pool below makes every connection one of these. */
class NamingClient extends pg.Client {}
const clientQuery = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
// Assigned, not declared with `override`: one function for pg's many typed overloads of `query`.
NamingClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  return clientQuery.call(this, named(config, rest[0]), ...rest);
} as pg.Client['query'];

/** A node-postgres pool whose connections name their statements. */
export function namingPool(config: pg.PoolConfig): pg.Pool {
  return new pg.Pool({ ...config, Client: NamingClient });
}

/**
 * A one-connection node-postgres pool over a PGlite instance (PGlite runs one backend: a transaction holds the only
 * connection, and other statements queue in the pool, as they queue on PGlite's own lock). The connection is never
 * closed for idleness: closing it would only drop the statements it prepared.
 */
export function pglitePool(pglite: PGlite): pg.Pool {
  return namingPool({ connection: new PgliteConnection(pglite), max: 1, idleTimeoutMillis: 0 } as pg.PoolConfig);
}
