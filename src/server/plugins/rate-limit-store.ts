/**
 * The counters of @fastify/rate-limit kept in the database (`rate_limits`), so every server instance on one
 * PostgreSQL counts the same requests: 16 logins spread over two instances with a limit of 10 a minute meet a 429
 * whichever instance they reach. PGlite (one process) uses the same table, so both engines run one path.
 *
 * A fixed window per key, decided in ONE statement by the database (no read-then-write race between instances):
 *
 *   no row, or its window ended ──► hits = 1, window_ends = now + timeWindow
 *   window still open          ──► hits = hits + 1 (window_ends unchanged)
 *
 * The database's clock decides windows, so instances with skewed clocks still agree. Housekeeping deletes rows
 * whose window has ended (services/housekeeping/rate-limits.ts). The route's method and URL are part of the key (as the plugin's own
 * Redis store does), so two limited routes never share a counter.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/results.js';
import { rateLimits } from '../db/schema.js';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/** One hit on `key` within windows of `windowMs`: the count in the current window and the ms left in it. */
export async function hit(db: Db, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  const t = sql.identifier('rate_limits');
  const res = await db.execute(sql`insert into ${rateLimits} (key, hits, window_ends)
      values (${key}, 1, clock_timestamp() + ${windowMs}::float8 * interval '1 millisecond')
    on conflict (key) do update set
      hits = case when ${t}.window_ends <= clock_timestamp() then 1 else ${t}.hits + 1 end,
      window_ends = case when ${t}.window_ends <= clock_timestamp() then excluded.window_ends else ${t}.window_ends end
    returning hits, greatest(0, ceil(extract(epoch from window_ends - clock_timestamp()) * 1000))::float8 as ttl`);
  const [row] = rowsOf<{ hits: number; ttl: number }>(res);
  return { current: Number(row.hits), ttl: Number(row.ttl) };
}

/** A store class for `@fastify/rate-limit`'s `store` option, bound to `db`. */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      hit(db, this.prefix + key, timeWindow).then(
        (r) => callback(null, r),
        (err: Error) => callback(err),
      );
    }

    // Typed as route options; at run time the plugin passes its merged parameters with the route as `routeInfo`.
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (options as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? options;
      const { method = '', url = '' } = route;
      return new DatabaseStore(undefined, `${Array.isArray(method) ? method.join(',') : method} ${url} `);
    }
  }
  return DatabaseStore;
}
