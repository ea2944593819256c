/**
 * The sync engine: no React, no DOM, every I/O through ports (Transport, Clock, Random, Uploader, the Dexie db),
 * so the seeded simulation drives it step by step with `drainOnce()` and a fake clock.
 *
 * Two independent workers:
 *   ordered: push the ordered lane, then pull (+ rebase)         → wakes at the earliest backoff deadline
 *   blobs:   tus uploads (≤ MAX_PARALLEL_UPLOADS), then the blob lane's register rows
 * `drainOnce()` runs both once; the runtime (runner.ts) loops them with triggers and the 5-minute sweep.
 */
import type { ReplicaDb } from '../db/db.js';
import { runBlobLane } from './blob-lane.js';
import type { EngineCtx, EngineState } from './context.js';
import { getClientId } from './meta.js';
import type { Clock, Random, Transport, Uploader } from './ports.js';
import { pull, type PullState } from './pull.js';
import { pushOrdered } from './ordered-lane.js';
import type { LaneResult } from './push.js';
import { removeOrphanChunks } from './blobs.js';
import { SYNC_PAGE_MAX } from '../../shared/sync/protocol.js';

export interface EngineOptions {
  db: ReplicaDb;
  transport: Transport;
  clock: Clock;
  random: Random;
  uploader?: Uploader;
  getToken(): Promise<string | null> | string | null;
  requestTimeoutMs?: number;
  pageLimit?: number;
  /** false: one REST call per row even when many wait (default: batches of up to PUSH_BATCH_MAX). */
  batchPush?: boolean;
  onChange?(): void;
}

export interface DrainResult {
  /** Earliest time a worker wants to run again (backoff); null = nothing scheduled. */
  wakeAt: number | null;
  authRequired: boolean;
}

function wakeOf(r: LaneResult | { state: string; wakeAt?: number }): number | null {
  return r.state === 'waiting' && 'wakeAt' in r && typeof r.wakeAt === 'number' ? r.wakeAt : null;
}

export class SyncEngine {
  readonly state: EngineState = {
    authRequired: false,
    updateRequired: false,
    syncing: false,
    uploads: new Map(),
    lastAnswerAt: null,
    lastNetworkErrorAt: null,
    singlePushOnly: false,
  };
  readonly ctx: EngineCtx;
  private readonly pullState: PullState = { attempts: 0, nextAt: 0 };
  private stoppedFlag = false;
  private readonly abort = new AbortController();
  private clientIdP: Promise<string> | null = null;
  private startedUp = false;

  constructor(opts: EngineOptions) {
    this.state.singlePushOnly = opts.batchPush === false;
    this.ctx = {
      db: opts.db,
      transport: opts.transport,
      clock: opts.clock,
      random: opts.random,
      uploader: opts.uploader,
      getToken: async () => (await opts.getToken()) ?? null,
      clientId: () => (this.clientIdP ??= getClientId(opts.db)),
      requestTimeoutMs: opts.requestTimeoutMs ?? 30_000,
      // The largest page the server gives (it also ends a page at SYNC_PAGE_MAX_BYTES): a first download of a
      // university is a dozen transactions, not fifty, and the screens re-render once per page.
      pageLimit: opts.pageLimit ?? SYNC_PAGE_MAX,
      state: this.state,
      emit: () => opts.onChange?.(),
      stopped: () => this.stoppedFlag,
    };
  }

  /** Crash recovery once per engine: orphan chunks of a file whose queueing never committed. */
  private async startUp(): Promise<void> {
    if (this.startedUp) return;
    this.startedUp = true;
    await removeOrphanChunks(this.ctx.db);
  }

  /** Ordered lane then pull. */
  async runOrdered(): Promise<DrainResult> {
    await this.startUp();
    this.state.syncing = true;
    this.ctx.emit();
    try {
      const push = await pushOrdered(this.ctx);
      const pulled = push.state === 'auth' || push.state === 'stopped' ? push : await pull(this.ctx, this.pullState);
      const wakes = [wakeOf(push), wakeOf(pulled)].filter((w): w is number => w !== null);
      return { wakeAt: wakes.length ? Math.min(...wakes) : null, authRequired: this.state.authRequired };
    } finally {
      this.state.syncing = false;
      this.ctx.emit();
    }
  }

  async runBlobs(): Promise<DrainResult> {
    await this.startUp();
    const r = await runBlobLane(this.ctx, this.abort.signal);
    return { wakeAt: wakeOf(r), authRequired: this.state.authRequired };
  }

  async drainOnce(): Promise<DrainResult> {
    const [a, b] = await Promise.all([this.runOrdered(), this.runBlobs()]);
    const wakes = [a.wakeAt, b.wakeAt].filter((w): w is number => w !== null);
    return { wakeAt: wakes.length ? Math.min(...wakes) : null, authRequired: this.state.authRequired };
  }

  /** A new token arrived (or a trigger came in): forget backoff so the next drain tries at once. */
  resetBackoff(): void {
    this.pullState.nextAt = 0;
  }

  /**
   * The user asked to sync now, or the device came back online: forget every backoff (rows, files, pull) so
   * the next drain tries at once. Triggers alone keep backoff (a flapping network must not hammer the server).
   */
  async retryNow(): Promise<void> {
    this.pullState.nextAt = 0;
    const { db } = this.ctx;
    await db.transaction('rw', [db.outbox, db.blobs], async () => {
      await db.outbox.where('status').equals('pending').modify({ nextAttemptAt: 0 });
      await db.blobs.where('status').anyOf('pending', 'uploading').modify({ nextAttemptAt: 0 });
    });
  }

  setAuthOk(): void {
    this.state.authRequired = false;
    this.ctx.emit();
  }

  stop(): void {
    this.stoppedFlag = true;
    this.abort.abort();
  }

  get stopped(): boolean {
    return this.stoppedFlag;
  }
}
