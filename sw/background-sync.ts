/**
 * Background Sync wake-up: the page registers the `observa-sync` tag when it queues a change
 * (see src/client/features/pwa/register-sw.ts → requestBackgroundSync); Chromium fires `sync` once the network
 * is back, even after the tab is closed, and the worker drains the outbox once with the sync engine itself.
 * The engine reads the session token from idb-keyval ('token') at send time; without one it does nothing.
 * A tab that leads the sync keeps the lock, and then the worker leaves the work to it. Server-side idempotency
 * makes any overlap harmless.
 */
import { get } from 'idb-keyval';
import { ReplicaDb } from '../src/client/db/db.js';
import { drainWithoutLeader } from '../src/client/sync/drain-once.js';

/** idb-keyval key of the bearer token the pages mirror (src/client/sync/index.ts TOKEN_KEY). */
const TOKEN_KEY = 'token';
let db: ReplicaDb | null = null;

export const SYNC_TAG = 'observa-sync';

/** The last wake-up's outcome, readable from DevTools (`self.observaLastSync`) when diagnosing a device. */
interface LastSync {
  startedAt: number;
  finishedAt?: number;
  error?: string;
}
const scope = self as unknown as { observaLastSync?: LastSync };

export async function wakeSyncEngine(): Promise<void> {
  const last: LastSync = { startedAt: Date.now() };
  scope.observaLastSync = last;
  try {
    await drainWithoutLeader({ db: (db ??= new ReplicaDb('observa')), getToken: async () => (await get<string>(TOKEN_KEY)) ?? null });
    // Tell open tabs (if any) to refresh their status.
    if (typeof BroadcastChannel !== 'undefined') {
      const ch = new BroadcastChannel('observa-sync');
      ch.postMessage({ type: 'ping' });
      ch.close();
    }
  } catch (err) {
    last.error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
    throw err; // the browser retries a failed sync later
  } finally {
    last.finishedAt = Date.now();
  }
}
