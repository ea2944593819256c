/**
 * After a restore (docs/operations/backup-and-restore.md) every device must download afresh: its cursor may name
 * versions the restored database has never had (pulled after the backup was taken), or versions the restored
 * database will hand out again to other rows. So the version sequence jumps far past anything the old deployment
 * can have issued, and the tombstone floor is raised to the same point: a pull from any earlier cursor is answered
 * `resetRequired` (changes.ts: a cursor below the floor, issued under a lower floor), and the device re-downloads,
 * keeping its unsent outbox (docs/sync-protocol.md).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../db/results.js';
import { FLOOR_KEY } from './tombstones.js';

/**
 * How far the versions jump: 2^40 (about 10^12) writes, far more than a deployment makes between a backup and its
 * restore, and small enough for thousands of restores before versions leave JavaScript's exact integers (2^53).
 */
export const RESTORE_VERSION_JUMP = 2 ** 40;

/** Returns the new floor: every cursor issued before it now gets resetRequired. */
export async function raiseFloorAfterRestore(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [r] = rowsOf<{ v: string }>(
      await tx.execute(sql`select setval('sync_version', (select last_value from sync_version) + ${RESTORE_VERSION_JUMP})::text as v`),
    );
    const floor = r.v;
    await tx.execute(sql`insert into server_meta(key, value) values (${FLOOR_KEY}, ${floor})
      on conflict (key) do update set value = greatest(server_meta.value::bigint, excluded.value::bigint)::text`);
    return Number(floor);
  });
}
