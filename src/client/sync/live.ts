/**
 * Live nudges (docs/adr/2026-11-24-live-nudges.md), client half: while the app is open, the leading tab keeps one
 * GET /api/sync/events stream open and pulls at once when the server says the feed moved. The nudge carries no
 * data; the pull is still the one path by which data arrives, and the timed poll stays as the fallback.
 *
 *   connect ──200──► pull once (catch up on what happened while disconnected) ──► `feed` event → pull
 *      │ stream ended / broke / went silent (heartbeats stopped) → reconnect after backoff (1 s → 60 s, jitter;
 *      │                                                            reset after a stream that stayed up)
 *      │ 401 → wait for a new token (tokenChanged)      429/503 (stream limits) → backoff, at least its Retry-After
 *      │ other refusal (404: an older server) → wait, retry later
 *      └ no token → wait for one
 */
import { SYNC_EVENT_FEED, SYNC_EVENTS_PATH } from '../../shared/sync/protocol.js';
import { nextDelay, parseRetryAfter } from './backoff.js';
import type { Clock, EventStreams, Random } from './ports.js';

export interface LiveOptions {
  streams: EventStreams;
  clock: Clock;
  random: Random;
  getToken(): Promise<string | null>;
  clientId(): Promise<string>;
  /** The feed moved (or the stream just opened): pull now. */
  onNudge(): void;
}

/** A stream that stayed open this long was healthy: the next failure starts backoff afresh. */
const HEALTHY_MS = 30_000;
/** After a refusal other than 401 (e.g. a server without the route): try again this much later. */
const REFUSED_RETRY_MS = 5 * 60_000;

export class LiveNudges {
  private readonly stop = new AbortController();
  private waiting: AbortController | null = null;
  private running: Promise<void> | null = null;
  /** Incremented by tokenChanged(): a 401 waits for it to move. */
  private tokenGen = 0;
  connected = false;

  constructor(private readonly opts: LiveOptions) {}

  start(): void {
    this.running ??= this.loop();
  }

  async close(): Promise<void> {
    this.stop.abort();
    this.waiting?.abort();
    await this.running;
  }

  /** A new token arrived (sign-in again): reconnect now. */
  tokenChanged(): void {
    this.tokenGen++;
    this.waiting?.abort();
  }

  private async sleep(ms: number): Promise<void> {
    const ctrl = new AbortController();
    this.waiting = ctrl;
    const onStop = () => ctrl.abort();
    this.stop.signal.addEventListener('abort', onStop, { once: true });
    await this.opts.clock.sleep(ms, ctrl.signal);
    this.stop.signal.removeEventListener('abort', onStop);
    this.waiting = null;
  }

  private async loop(): Promise<void> {
    const { clock, random } = this.opts;
    let attempts = 0;
    while (!this.stop.signal.aborted) {
      const gen = this.tokenGen;
      const token = await this.opts.getToken();
      if (!token) {
        await this.sleep(REFUSED_RETRY_MS);
        continue;
      }
      const openedAt = clock.now();
      const clientId = await this.opts.clientId();
      if (this.stop.signal.aborted) return;
      try {
        const { status, done, retryAfter } = await this.opts.streams.open(
          { path: SYNC_EVENTS_PATH, headers: { authorization: `Bearer ${token}`, 'x-client-id': clientId }, signal: this.stop.signal },
          (e) => {
            if (e.event === SYNC_EVENT_FEED) this.opts.onNudge();
          },
        );
        if (status === 401) {
          // Wait for a new token (or a long while), never hammer with a dead one.
          if (gen === this.tokenGen) await this.sleep(REFUSED_RETRY_MS);
          continue;
        }
        if (status === 429 || status === 503) {
          // Too many streams here now: the server says when to come back; the timed pull goes on meanwhile.
          attempts++;
          await this.sleep(nextDelay(attempts, random, parseRetryAfter(retryAfter, clock.now())));
          continue;
        }
        if (status !== 200) {
          await this.sleep(REFUSED_RETRY_MS);
          continue;
        }
        this.connected = true;
        // Changes made while no stream was open were never announced: catch up once.
        this.opts.onNudge();
        await done;
      } catch {
        // Broken or silent stream, or no network: reconnect after backoff.
      } finally {
        this.connected = false;
      }
      if (this.stop.signal.aborted) return;
      if (clock.now() - openedAt >= HEALTHY_MS) attempts = 0;
      attempts++;
      await this.sleep(nextDelay(attempts, random));
    }
  }
}
