/**
 * Live nudges (DESIGN.md § Live nudges): tells the open apps whose feed moved that they should pull now.
 *
 *   a write commits (http/idempotency.ts) ──► moved() ──► PGlite: wake this process
 *                                                   └──► PostgreSQL: pg_notify('observa_feed') after the commit;
 *                                                        every instance LISTENs (itself included) and wakes
 *   wake (coalesced) ──► for each open stream on this instance: does the feed have anything for this user past
 *                        the version last probed? (the pull's own query, limit 1) ──► yes: send the nudge
 *
 * Who is "touched" is decided by the same scope functions as GET /api/sync/changes, so a nudge and the pull can
 * never disagree: a user gets a nudge exactly when their next pull would bring something. The nudge carries no
 * data; the pull stays the one path by which data arrives. Cost per write: one probe per open stream on each
 * instance, coalesced over bursts (a batch of 100 rows is one wake).
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '../db/client.js';
import type { AuthUser } from '../http/types.js';
import { changesFor, safeUpperBound } from './changes.js';

export const FEED_CHANNEL = 'observa_feed';
/** Writes within this window are one wake (and one pg_notify). */
const COALESCE_MS = 20;

interface Stream {
  user: AuthUser;
  /** The feed position already announced to (or pulled by) this stream. */
  version: number;
  nudge(): void;
}

export class FeedBus {
  private readonly streams = new Set<Stream>();
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  private probing: Promise<void> | null = null;
  private again = false;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;

  constructor(
    private readonly handle: DbHandle,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** PostgreSQL: listen for other instances' (and our own) commits. */
  async start(): Promise<void> {
    if (this.handle.listen) this.unlisten = await this.handle.listen(FEED_CHANNEL, () => this.wake());
  }

  async stop(): Promise<void> {
    this.closed = true;
    for (const t of [this.notifyTimer, this.wakeTimer]) if (t) clearTimeout(t);
    await this.unlisten?.();
    await this.probing;
  }

  /** A change committed. Never throws; never delays the caller. */
  moved(): void {
    if (this.closed) return;
    if (!this.handle.listen) return this.wake();
    // Coalesced: one NOTIFY for a burst of commits. Sent outside any transaction, so it is after the commit.
    this.notifyTimer ??= setTimeout(() => {
      this.notifyTimer = null;
      this.handle.db.execute(sql`select pg_notify(${FEED_CHANNEL}, '')`).catch((err: unknown) => this.log.warn({ err }, 'pg_notify failed'));
    }, COALESCE_MS);
  }

  /** Registers an open stream from the current feed position; returns the unsubscribe. */
  async subscribe(user: AuthUser, nudge: () => void): Promise<() => void> {
    const stream: Stream = { user, version: await safeUpperBound(this.handle.db), nudge };
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  get size(): number {
    return this.streams.size;
  }

  private wake(): void {
    if (this.closed || this.streams.size === 0) return;
    this.wakeTimer ??= setTimeout(() => {
      this.wakeTimer = null;
      if (this.probing) {
        this.again = true;
        return;
      }
      this.probing = this.probeAll()
        .catch((err: unknown) => this.log.warn({ err }, 'feed probe failed'))
        .finally(() => {
          this.probing = null;
          if (this.again) {
            this.again = false;
            this.wake();
          }
        });
    }, COALESCE_MS);
  }

  private async probeAll(): Promise<void> {
    const { db } = this.handle;
    const upTo = await safeUpperBound(db);
    for (const s of [...this.streams]) {
      if (this.closed) return;
      if (s.version >= upTo) continue;
      const page = await changesFor(db, s.user, { since: { version: s.version, issuedFloor: null }, limit: 1, refetch: [] });
      s.version = upTo;
      if ('resetRequired' in page || page.changes.length > 0) s.nudge();
    }
  }
}
