/** What the sync status shows about the outbox (read-only; kept free of the engine so the first load stays small). */
import type { OutboxRow, ReplicaDb } from '../db/db.js';
import { getMeta, META } from './meta.js';

export interface OutboxSummary {
  pending: number;
  needsAttention: OutboxRow[];
  oldestPendingAt: number | null;
  lastSyncedAt: number | null;
}

export async function summarize(db: ReplicaDb): Promise<OutboxSummary> {
  return db.transaction('r', [db.outbox, db.meta], async () => {
    const pending = await db.outbox.where('status').equals('pending').count();
    // Index order within one status value is primary-key (seq) order: the first row is the oldest.
    const oldest = await db.outbox.where('status').equals('pending').first();
    const needsAttention = await db.outbox.where('status').equals('needs-attention').sortBy('seq');
    return {
      pending,
      needsAttention,
      oldestPendingAt: oldest?.createdAt ?? null,
      lastSyncedAt: (await getMeta<number>(db, META.lastSyncedAt)) ?? null,
    };
  });
}
