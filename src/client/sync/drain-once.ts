/**
 * One drain of the outbox by whoever holds no tab's leadership: the service worker's `sync` event, or a tab
 * that is not the leader. Static imports only — the service worker is a classic script, where `import()` (and
 * the `import.meta` that bundlers emit for it) cannot run.
 */
import type { ReplicaDb } from '../db/db.js';
import { SyncEngine } from './engine.js';
import { fetchTransport } from './http-transport.js';
import { withLockIfFree } from './leader.js';
import { mathRandom, realClock } from './ports.js';

export interface DrainDeps {
  db: ReplicaDb;
  getToken: () => Promise<string | null>;
  baseUrl?: string;
}

/** `sync` means connectivity is back (like `online`): rows waiting in backoff are tried at once. */
export async function drainWithoutLeader(deps: DrainDeps): Promise<void> {
  await withLockIfFree(async () => {
    const engine = new SyncEngine({
      db: deps.db,
      transport: fetchTransport(deps.baseUrl ?? ''),
      clock: realClock,
      random: mathRandom,
      getToken: deps.getToken,
    });
    await engine.retryNow();
    await engine.drainOnce();
  });
}
