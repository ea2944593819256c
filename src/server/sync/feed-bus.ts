/**
 * Live nudges (docs/adr/2026-11-24-live-nudges.md): tells the open apps whose feed moved that they should pull now.
 *
 *   a write commits (write/run.ts, write/push.ts) ──► moved() ──► PGlite: wake this process
 *                                                   └──► PostgreSQL: pg_notify('observa_feed') after the commit;
 *                                                        every instance LISTENs (itself included) and wakes
 *   wake (coalesced) ──► who might have something new since the last wake (feed-candidates.ts: about ten index
 *                        scans, whatever the number of streams) ──► for each candidate USER with open streams
 *                        (streams are grouped by user: a feed is decided by its user alone): does the feed have
 *                        anything past the version last probed? (the pull's own query, limit 1) ──► yes: nudge
 *                        every stream of that user
 *
 * Who is "touched" is decided by the same scope functions as GET /api/sync/changes, so a nudge and the pull can
 * never disagree: a user's streams get a nudge exactly when their next pull would bring something. The nudge
 * carries no data; the pull stays the one path by which data arrives. Cost per write: one candidate pass, then
 * one probe per user who may have something new — not per open stream — coalesced over bursts (a batch of 100
 * rows is one wake).
 *
 * Limits (config SYNC_STREAMS_PER_USER, SYNC_STREAMS_MAX; ADR 2026-11-27-event-stream-caps): a user may hold a
 * few streams (one per device), the instance a bounded total; past either, `admit` refuses with 429 and
 * Retry-After, and the client falls back to its timed pull until it reconnects.
 *
 * Revocation: a session revoked (logout, password change) ends its streams at once — `sessionsChanged(userId)`
 * after the commit checks the user's open streams against the sessions table; on PostgreSQL it is sent on the same
 * channel ("sessions:<user id>") so every instance checks its own streams.
 */
import type { FastifyBaseLogger } from 'fastify';
import { and, gt, inArray, isNull, sql } from 'drizzle-orm';
import { MSG } from '../../shared/messages.js';
import type { DbHandle } from '../db/client.js';
import { sessions } from '../db/schema.js';
import { rateLimited } from '../services/errors.js';
import type { AuthUser } from '../services/deps.js';
import { changesFor, safeUpperBound } from './changes.js';
import { feedCandidates } from './feed-candidates.js';

export const FEED_CHANNEL = 'observa_feed';
const SESSIONS_PREFIX = 'sessions:';
/** Writes within this window are one pg_notify. */
const COALESCE_MS = 20;
/**
 * Writes within this window are one wake: at most ten candidate passes and probe rounds a second however fast
 * writes come, so their cost is bounded by time, not by the write rate (a nudge waits at most this long; the pull
 * it triggers takes longer).
 */
const WAKE_MS = 100;

export interface StreamLimits {
  /** Open streams one user may hold on one instance (a device each). */
  perUser: number;
  /** Open streams on one instance. */
  total: number;
}
export const DEFAULT_STREAM_LIMITS: StreamLimits = { perUser: 5, total: 2000 };
/** Seconds a refused stream is told to wait: streams end within STREAM_MAX_MS, most much sooner. */
export const STREAM_RETRY_AFTER_S = 60;

interface Stream {
  sessionId: string;
  nudge(): void;
  end(): void;
}

/** The open streams of one user: one feed, one probe. */
interface Group {
  user: AuthUser;
  /** The feed position already announced to (or pulled by) these streams; null until the first is subscribed. */
  version: number | null;
  streams: Set<Stream>;
}

export class FeedBus {
  private readonly groups = new Map<string, Group>();
  private count = 0;
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private wakeTimer: ReturnType<typeof setTimeout> | null = null;
  private probing: Promise<void> | null = null;
  private again = false;
  private unlisten: (() => Promise<void>) | null = null;
  private closed = false;
  /** Probes run in the last wake (tests and benchmarks read it). */
  lastProbes = 0;

  constructor(
    private readonly handle: DbHandle,
    private readonly log: FastifyBaseLogger,
    private readonly limits: StreamLimits = DEFAULT_STREAM_LIMITS,
  ) {}

  /** PostgreSQL: listen for other instances' (and our own) commits and revocations. */
  async start(): Promise<void> {
    if (this.handle.listen) {
      this.unlisten = await this.handle.listen(FEED_CHANNEL, (payload) => {
        if (payload.startsWith(SESSIONS_PREFIX)) void this.checkSessions(payload.slice(SESSIONS_PREFIX.length));
        else this.wake();
      });
    }
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
      this.notify('');
    }, COALESCE_MS);
  }

  /** Sessions of `userId` were revoked (committed): their streams end, here and (PostgreSQL) on every instance. */
  sessionsChanged(userId: string): void {
    if (this.closed) return;
    if (this.handle.listen) this.notify(`${SESSIONS_PREFIX}${userId}`);
    else void this.checkSessions(userId);
  }

  /** 429 (Retry-After) when `user` may not open another stream here now. Call right before `subscribe`. */
  admit(user: AuthUser): void {
    const mine = this.groups.get(user.id)?.streams.size ?? 0;
    if (mine >= this.limits.perUser || this.count >= this.limits.total) throw rateLimited(MSG.tooManyStreams, STREAM_RETRY_AFTER_S);
  }

  /**
   * Registers an open stream (synchronously, so admit → subscribe cannot be overtaken) and resolves once its feed
   * position is known; returns the unsubscribe.
   */
  async subscribe(user: AuthUser, sessionId: string, nudge: () => void, end: () => void): Promise<() => void> {
    this.admit(user);
    let group = this.groups.get(user.id);
    if (!group) this.groups.set(user.id, (group = { user, version: null, streams: new Set() }));
    const stream: Stream = { sessionId, nudge, end };
    group.streams.add(stream);
    this.count++;
    const g = group;
    const unsubscribe = () => {
      if (!g.streams.delete(stream)) return;
      this.count--;
      if (g.streams.size === 0 && this.groups.get(user.id) === g) this.groups.delete(user.id);
    };
    try {
      // A group already probing keeps its position: the new stream's client pulls once it is open anyway.
      if (g.version === null) g.version = await safeUpperBound(this.handle.db);
    } catch (err) {
      unsubscribe();
      throw err;
    }
    return unsubscribe;
  }

  get size(): number {
    return this.count;
  }

  private notify(payload: string): void {
    this.handle.db.execute(sql`select pg_notify(${FEED_CHANNEL}, ${payload})`).catch((err: unknown) => this.log.warn({ err }, 'pg_notify failed'));
  }

  /** Ends the user's streams whose session is no longer valid (revoked, expired). */
  private async checkSessions(userId: string): Promise<void> {
    const group = this.groups.get(userId);
    if (!group || this.closed) return;
    const ids = [...new Set([...group.streams].map((s) => s.sessionId))];
    try {
      const valid = await this.handle.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(inArray(sessions.id, ids), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
      const alive = new Set(valid.map((v) => v.id));
      for (const s of [...group.streams]) if (!alive.has(s.sessionId)) s.end();
    } catch (err) {
      this.log.warn({ err }, 'revoked streams not checked');
    }
  }

  private wake(): void {
    if (this.closed || this.count === 0) return;
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
    }, WAKE_MS);
  }

  private async probeAll(): Promise<void> {
    const { db } = this.handle;
    const upTo = await safeUpperBound(db);
    const behind = [...this.groups.values()].filter((g) => g.version !== null && g.version < upTo);
    this.lastProbes = 0;
    if (behind.length === 0) return;
    const from = Math.min(...behind.map((g) => g.version!));
    const { candidate, parts } = await feedCandidates(db, from, upTo);
    for (const g of behind) {
      if (this.closed) return;
      const since = g.version!;
      g.version = upTo;
      if (!candidate(g.user)) continue;
      this.lastProbes++;
      const page = await changesFor(db, g.user, { since: { version: since, issuedFloor: null }, limit: 1, refetch: [], ...(parts ? { only: parts } : {}) });
      if ('resetRequired' in page || page.changes.length > 0) for (const s of g.streams) s.nudge();
    }
  }
}
