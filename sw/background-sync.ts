/**
 * Background Sync wake-up: the page registers the `observa-sync` tag when it queues a change
 * (see src/client/features/pwa/register-sw.ts → requestBackgroundSync); Chromium fires `sync` once the network
 * is back, even after the tab is closed, and the worker drains the outbox once with the sync engine itself.
 * The engine reads the session token from idb-keyval ('token') at send time; without one it does nothing.
 * Server-side idempotency makes a drain that overlaps a tab's leader harmless.
 */
import { drainOnce } from '../src/client/sync/index.js';

export const SYNC_TAG = 'observa-sync';

export async function wakeSyncEngine(): Promise<void> {
  await drainOnce();
}
