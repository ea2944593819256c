/**
 * The engine's status for the header, plus what the UI reads live from the outbox and meta tables itself
 * (pending count, oldest unsynced change, refused changes, last synced time), so the numbers shown always
 * match the queue on disk.
 */
import { useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { OutboxRow } from '../db/db.js';
import { getDb, getSyncStatus, subscribeSyncStatus } from '../sync/index.js';

export type EngineStatus = ReturnType<typeof getSyncStatus>;

export function useEngineStatus(): EngineStatus {
  return useSyncExternalStore(subscribeSyncStatus, getSyncStatus, getSyncStatus);
}

export interface QueueSummary {
  /** Rows not yet accepted by the server (pending + sending + needs attention). */
  unsynced: number;
  needsAttention: OutboxRow[];
  /** createdAt of the oldest unsynced row (epoch ms), or null. */
  oldestAt: number | null;
  /** Last successful sync (epoch ms) from meta, or null. */
  lastSyncedAt: number | null;
}

const EMPTY: QueueSummary = { unsynced: 0, needsAttention: [], oldestAt: null, lastSyncedAt: null };

export function useQueueSummary(): QueueSummary {
  return useLiveQuery(
    async () => {
      const db = getDb();
      const [unsynced, first, needsAttention, last] = await Promise.all([
        db.outbox.count(),
        db.outbox.orderBy('seq').first(),
        db.outbox.where('status').equals('needs-attention').sortBy('seq'),
        db.meta.get('lastSyncedAt'),
      ]);
      const lastValue = last?.value;
      return {
        unsynced,
        needsAttention,
        oldestAt: first ? first.createdAt : null,
        lastSyncedAt: typeof lastValue === 'number' ? lastValue : typeof lastValue === 'string' ? Date.parse(lastValue) : null,
      };
    },
    [],
    EMPTY,
  );
}
