/**
 * A statement of fixed text run on the driver's own connection, past Drizzle's query building: for the hot write
 * path of a batched push, where building the statement with Drizzle cost as much as PGlite running it (a CPU
 * profile of 100-row batches: Drizzle 10 % of the server's time). The text goes through the same prepared-statement
 * layers (pg-prepared.ts, pglite-prepared.ts) as every other statement, inside the caller's transaction when given
 * one. Rows come back as the driver parses them (json parsed; use results.ts `parseJson` all the same).
 */
import type { Db, Tx } from './client.js';

interface DriverClient {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
  /** node-postgres: statements written as they are called, without waiting for the answers before. */
  pipeline?: boolean;
}

/**
 * The driver connection Drizzle's session runs on: a PoolClient (PostgreSQL, in a transaction), the pool, or
 * PGlite (its transaction, in one).
 */
function driverOf(conn: Db | Tx): DriverClient {
  return (conn as unknown as { session: { client: DriverClient } }).session.client;
}

export async function rawRows<T>(conn: Db | Tx, text: string, params: unknown[]): Promise<T[]> {
  return (await driverOf(conn).query(text, params)).rows as T[];
}

/**
 * Whether `tx` runs on a PostgreSQL connection in pipeline mode (a framed transaction, pg-prepared.ts): each
 * statement is written when it is called, so one called without awaiting the one before still runs after it.
 * PGlite's transaction gives no such promise about a statement not awaited before COMMIT.
 */
export function isPipelined(tx: Tx): boolean {
  return driverOf(tx).pipeline === true;
}
