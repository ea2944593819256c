import { useLiveQuery } from 'dexie-react-hooks';
import { getDb } from '../sync/index.js';

/** Outbox rows not yet accepted by the server (pending, sending or needs attention). Live. */
export function useUnsyncedCount(): number {
  return useLiveQuery(() => getDb().outbox.count(), [], 0);
}
