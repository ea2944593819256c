/**
 * The runtime around the engine in a page (or the service worker): leader election, the two worker loops,
 * triggers (start-up, `online`, becoming visible, a BroadcastChannel ping, the SW's `sync`, a 5-minute sweep)
 * and the SyncStatus shared with other tabs. `navigator.onLine` is only a hint: a trigger, never a gate.
 */
import type { ReplicaDb } from '../db/db.js';
import type { UploadProgress } from './context.js';
import { SyncEngine } from './engine.js';
import { electLeader, lockManager, type LeaderHandle } from './leader.js';
import { LiveNudges } from './live.js';
import type { Clock, EventStreams, Random, Transport, Uploader } from './ports.js';

export const SWEEP_MS = 5 * 60_000;
/**
 * While the app is on screen, the idle loop also pulls this often: the fallback when no live stream is open
 * (`events`: the leader keeps GET /api/sync/events open and pulls at once on each nudge; see live.ts).
 */
export const LIVE_PULL_MS = 30_000;
export const CHANNEL = 'observa-sync';

/** What the leader tells the other tabs. */
export interface LeaderStatus {
  syncing: boolean;
  authRequired: boolean;
  /** The server answered 426: this app must be updated before anything syncs again. */
  updateRequired: boolean;
  online: boolean;
  uploads: UploadProgress[];
}

export type ChannelMessage = { type: 'ping' } | { type: 'retry' } | { type: 'token' } | { type: 'status'; status: LeaderStatus };

export interface RuntimeOptions {
  db: ReplicaDb;
  transport: Transport;
  uploader?: Uploader;
  /** Live nudges from the server (omitted: the timed poll only). */
  events?: EventStreams;
  clock: Clock;
  random: Random;
  getToken(): Promise<string | null>;
  onChange(): void;
  requestTimeoutMs?: number;
  /** Web Locks implementation; default navigator.locks (tests pass their own). */
  locks?: Parameters<typeof electLeader>[1];
}

type Kind = 'ordered' | 'blobs';

export class SyncRuntime {
  readonly engine: SyncEngine;
  private leader: LeaderHandle | null = null;
  private stopped = false;
  private readonly dirty: Record<Kind, boolean> = { ordered: false, blobs: false };
  private readonly wakers: Partial<Record<Kind, AbortController>> = {};
  private readonly loops: Promise<void>[] = [];
  private channel: BroadcastChannel | null = null;
  private remote: LeaderStatus | null = null;
  private readonly cleanups: (() => void)[] = [];
  private live: LiveNudges | null = null;

  constructor(private readonly opts: RuntimeOptions) {
    this.engine = new SyncEngine({ ...opts, onChange: () => this.changed() });
  }

  get isLeader(): boolean {
    return this.leader?.isLeader() ?? false;
  }

  /** Leader-only fields: this tab's own when leading, else the last ones the leader broadcast. */
  leaderStatus(): LeaderStatus {
    if (!this.isLeader && this.remote) return this.remote;
    const s = this.engine.state;
    const nav = (globalThis as { navigator?: { onLine?: boolean } }).navigator;
    const netFailedLast = (s.lastNetworkErrorAt ?? -1) > (s.lastAnswerAt ?? -1);
    return {
      syncing: s.syncing,
      authRequired: s.authRequired,
      updateRequired: s.updateRequired,
      online: nav?.onLine !== false && !netFailedLast,
      uploads: [...s.uploads.values()].map((u) => ({ ...u })),
    };
  }

  start(): void {
    if (typeof BroadcastChannel !== 'undefined') {
      this.channel = new BroadcastChannel(CHANNEL);
      this.channel.onmessage = (e: MessageEvent<ChannelMessage>) => this.onMessage(e.data);
    }
    const g = globalThis as unknown as { addEventListener?: typeof addEventListener; removeEventListener?: typeof removeEventListener; document?: Document };
    const listen = (target: { addEventListener?: typeof addEventListener; removeEventListener?: typeof removeEventListener } | undefined, ev: string, fn: () => void) => {
      if (!target?.addEventListener) return;
      target.addEventListener(ev, fn);
      this.cleanups.push(() => target.removeEventListener?.(ev, fn));
    };
    listen(g, 'online', () => void this.retryNow());
    listen(g, 'offline', () => this.changed());
    listen(g.document, 'visibilitychange', () => {
      if ((g.document as { visibilityState?: string } | undefined)?.visibilityState === 'visible') this.trigger();
    });
    this.leader = electLeader(
      (leading) => {
        if (leading && !this.stopped) {
          this.loops.push(this.loop('ordered'), this.loop('blobs'));
          this.startLive();
        } else void this.stopLive();
        this.changed();
      },
      'locks' in this.opts ? this.opts.locks : lockManager(),
    );
  }

  /** Only the leader listens: it is the tab that pulls, and one stream per device is enough. */
  private startLive(): void {
    if (!this.opts.events || this.live) return;
    this.live = new LiveNudges({
      streams: this.opts.events,
      clock: this.opts.clock,
      random: this.opts.random,
      getToken: this.opts.getToken,
      clientId: () => this.engine.ctx.clientId(),
      onNudge: () => this.nudged(),
    });
    this.live.start();
  }

  private async stopLive(): Promise<void> {
    const live = this.live;
    this.live = null;
    await live?.close();
  }

  /** The server says the feed moved: run the ordered worker (push, then pull) now. */
  private nudged(): void {
    this.dirty.ordered = true;
    this.wakers.ordered?.abort();
  }

  private onMessage(msg: ChannelMessage): void {
    if (msg.type === 'ping') this.trigger();
    else if (msg.type === 'retry') void this.retryNow();
    else if (msg.type === 'token') void this.tokenChanged(false);
    else if (msg.type === 'status' && !this.isLeader) {
      this.remote = msg.status;
      this.opts.onChange();
    }
  }

  /** A writer (this tab or another) appended to the outbox. */
  ping(): void {
    if (this.isLeader) this.trigger();
    else this.channel?.postMessage({ type: 'ping' } satisfies ChannelMessage);
    this.opts.onChange();
  }

  async tokenChanged(broadcast = true): Promise<void> {
    const token = await this.opts.getToken();
    if (token) this.engine.setAuthOk();
    this.engine.resetBackoff();
    if (broadcast) this.channel?.postMessage({ type: 'token' } satisfies ChannelMessage);
    this.live?.tokenChanged();
    this.trigger();
  }

  /** Forget backoff and run now (the "Sync now" button, the `online` event). */
  async retryNow(): Promise<void> {
    if (this.isLeader) await this.engine.retryNow().catch(() => undefined);
    else this.channel?.postMessage({ type: 'retry' } satisfies ChannelMessage);
    this.trigger();
  }

  trigger(): void {
    for (const k of ['ordered', 'blobs'] as const) {
      this.dirty[k] = true;
      this.wakers[k]?.abort();
    }
  }

  private changed(): void {
    if (this.isLeader) this.channel?.postMessage({ type: 'status', status: this.leaderStatus() } satisfies ChannelMessage);
    this.opts.onChange();
  }

  private async loop(kind: Kind): Promise<void> {
    const { clock } = this.opts;
    while (!this.stopped && this.isLeader) {
      this.dirty[kind] = false;
      let wakeAt: number | null;
      let auth = false;
      try {
        const r = kind === 'ordered' ? await this.engine.runOrdered() : await this.engine.runBlobs();
        wakeAt = r.wakeAt;
        auth = r.authRequired;
      } catch (err) {
        // An unexpected failure (e.g. IndexedDB closed) must not kill the loop: try again shortly.
        console.error('[sync] worker failed', err);
        wakeAt = clock.now() + 5_000;
      }
      if (this.stopped) break;
      if (this.dirty[kind] && !auth) continue;
      const doc = (globalThis as { document?: { visibilityState?: string } }).document;
      const idle = kind === 'ordered' && doc?.visibilityState === 'visible' ? LIVE_PULL_MS : SWEEP_MS;
      const wait = auth || wakeAt === null ? (auth ? SWEEP_MS : idle) : Math.min(idle, Math.max(0, wakeAt - clock.now()));
      const ctrl = new AbortController();
      this.wakers[kind] = ctrl;
      if (!this.dirty[kind]) await clock.sleep(wait, ctrl.signal);
      this.wakers[kind] = undefined;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.engine.stop();
    this.trigger();
    for (const c of this.cleanups.splice(0)) c();
    this.channel?.close();
    this.channel = null;
    await this.stopLive();
    await this.leader?.release();
    // Loops end at their next check; an in-flight request is abandoned (idempotency makes a replay safe).
    await Promise.race([Promise.all(this.loops), new Promise((r) => setTimeout(r, 1000))]);
  }
}
