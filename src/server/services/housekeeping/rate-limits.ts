/** Rate-limit counters (plugins/rate-limit-store.ts) whose window has ended: deleted by housekeeping. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/results.js';
import { rateLimits } from '../../db/schema.js';

/** Housekeeping: counters whose window has ended. */
export async function purgeRateLimits(db: Db): Promise<number> {
  const res = await db.execute(sql`delete from ${rateLimits} where window_ends < clock_timestamp() returning key`);
  return rowsOf(res).length;
}

