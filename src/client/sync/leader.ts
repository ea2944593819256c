/**
 * One tab syncs (docs/sync-protocol.md § Triggers): the Web Locks API elects the leader; the lock is held until stop() or the tab
 * dies (the browser releases it, and a waiting tab takes over). Where locks are missing (node tests, old
 * browsers) this context simply is the leader — server-side idempotency makes a second leader harmless.
 */
export const SYNC_LOCK = 'observa-sync';

interface LockManagerLike {
  request(name: string, options: { signal?: AbortSignal; ifAvailable?: boolean }, cb: (lock: unknown) => Promise<unknown>): Promise<unknown>;
}

export function lockManager(): LockManagerLike | undefined {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks && typeof nav.locks.request === 'function' ? nav.locks : undefined;
}

export interface LeaderHandle {
  isLeader(): boolean;
  /** Resolves once the lock is released (or at once without locks). */
  release(): Promise<void>;
}

export function electLeader(onChange: (leader: boolean) => void, locks = lockManager()): LeaderHandle {
  let leader = false;
  if (!locks) {
    leader = true;
    queueMicrotask(() => onChange(true));
    return { isLeader: () => leader, release: async () => void (leader = false) };
  }
  const abort = new AbortController();
  let releaseLock: () => void = () => undefined;
  const held = locks
    .request(SYNC_LOCK, { signal: abort.signal }, async () => {
      leader = true;
      onChange(true);
      await new Promise<void>((resolve) => (releaseLock = resolve));
      leader = false;
      onChange(false);
    })
    .catch(() => undefined); // AbortError when released before we got it
  return {
    isLeader: () => leader,
    async release() {
      abort.abort();
      releaseLock();
      await held;
    },
  };
}

/** Run `fn` only if nobody holds the sync lock right now (the service worker's `sync` event). */
export async function withLockIfFree(fn: () => Promise<void>, locks = lockManager()): Promise<boolean> {
  if (!locks) {
    await fn();
    return true;
  }
  let ran = false;
  await locks.request(SYNC_LOCK, { ifAvailable: true }, async (lock) => {
    if (!lock) return;
    ran = true;
    await fn();
  });
  return ran;
}
