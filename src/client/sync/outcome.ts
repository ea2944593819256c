/**
 * What became of a queued change: the UI waits briefly for the server's answer when there is
 * a server, and falls back to "saved on this device" when offline or slow. The leader may be another tab, so the
 * answer is read from the shared outbox: the row is gone (the server applied it), parked as needs-attention (the
 * server refused it, with its message), or still pending when the wait ends.
 */
import type { ReplicaDb } from '../db/db.js';

export type SubmitOutcome =
  | { kind: 'applied' }
  | { kind: 'refused'; message: string; status: number | null }
  | { kind: 'queued'; reason: 'offline' | 'slow' | 'no-engine' };

export interface AwaitOptions {
  /** How long to wait for the server before answering `queued/slow`. */
  waitMs?: number;
  /** Poll interval of the outbox row. */
  pollMs?: number;
  /** False when the device is offline: answer `queued/offline` at once (re-checked while waiting). */
  isOnline?: () => boolean;
  /** False when no sync engine runs in this app (tests, before sign-in): answer `queued/no-engine` at once. */
  hasEngine?: () => boolean;
}

export const DEFAULT_WAIT_MS = 4000;

export async function awaitOutcome(db: ReplicaDb, mutationId: string, opts: AwaitOptions = {}): Promise<SubmitOutcome> {
  const { waitMs = DEFAULT_WAIT_MS, pollMs = 60, isOnline = () => true, hasEngine = () => true } = opts;
  if (!hasEngine()) return { kind: 'queued', reason: 'no-engine' };
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (!isOnline()) return { kind: 'queued', reason: 'offline' };
    const row = await db.outbox.filter((r) => r.mutationId === mutationId).first();
    if (!row) return { kind: 'applied' };
    if (row.status === 'needs-attention') return { kind: 'refused', message: row.lastError ?? '', status: row.lastStatus };
    if (Date.now() >= deadline) return { kind: 'queued', reason: 'slow' };
    await new Promise((r) => setTimeout(r, Math.min(pollMs, Math.max(0, deadline - Date.now()))));
  }
}
