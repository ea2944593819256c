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
  /** The unsynced rows per entity id (an observation, a user…): the screen of that entity names its share. */
  byEntity: ReadonlyMap<string, { unsynced: number; refused: number }>;
}

const EMPTY: QueueSummary = { unsynced: 0, needsAttention: [], oldestAt: null, lastSyncedAt: null, byEntity: new Map() };

/**
 * The one count of changes not yet accepted by the server: every outbox row (waiting, being sent, refused). The
 * header chip, the sync drawer and each screen's note read it from here, so they never disagree.
 */
export function summarizeQueue(rows: readonly OutboxRow[]): Pick<QueueSummary, 'unsynced' | 'needsAttention' | 'oldestAt' | 'byEntity'> {
  const byEntity = new Map<string, { unsynced: number; refused: number }>();
  const sorted = [...rows].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  for (const r of sorted) {
    const e = byEntity.get(r.entityId) ?? { unsynced: 0, refused: 0 };
    e.unsynced += 1;
    if (r.status === 'needs-attention') e.refused += 1;
    byEntity.set(r.entityId, e);
  }
  return {
    unsynced: sorted.length,
    needsAttention: sorted.filter((r) => r.status === 'needs-attention'),
    oldestAt: sorted[0]?.createdAt ?? null,
    byEntity,
  };
}

export function useQueueSummary(): QueueSummary {
  return useLiveQuery(
    async () => {
      const db = getDb();
      const [rows, last] = await Promise.all([db.outbox.toArray(), db.meta.get('lastSyncedAt')]);
      const lastValue = last?.value;
      return {
        ...summarizeQueue(rows),
        lastSyncedAt: typeof lastValue === 'number' ? lastValue : typeof lastValue === 'string' ? Date.parse(lastValue) : null,
      };
    },
    [],
    EMPTY,
  );
}
