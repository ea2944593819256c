/**
 * Rebase: re-apply every unsent outbox row (status 'pending', in seq order) on top of the server's documents,
 * so a pulled page never makes the screen flip back to the old value. Must run inside a Dexie rw transaction
 * that covers every replica table, `outbox` and `meta` (applies are idempotent; see apply/types.ts).
 */
import type { OutboxRow, ReplicaDb } from '../db/db.js';
import { applyFor } from './apply/index.js';
import { getMeta, META } from './meta.js';

export async function rebase(db: ReplicaDb, only?: (row: OutboxRow) => boolean): Promise<number> {
  const userId = (await getMeta<string>(db, META.userId)) ?? null;
  const rows = await db.outbox.where('status').equals('pending').sortBy('seq');
  let n = 0;
  for (const row of rows) {
    if (only && !only(row)) continue;
    const def = applyFor(row.name);
    if (!def) continue;
    try {
      await def.apply(db, row.args, { userId, now: row.createdAt, mutationId: row.mutationId });
      n++;
    } catch (err) {
      // One broken apply must not block the pull; the row is still sent and the server's copy will win.
      console.warn(`[sync] rebase of ${row.name} failed`, err);
    }
  }
  return n;
}
