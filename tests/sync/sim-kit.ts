/** Seeded randomness, a fake clock and a fault-injecting transport for the engine simulation. */
import { NetworkError, type Clock, type Random, type Transport, type TransportRequest, type TransportResponse } from '../../src/client/sync/ports.js';
import type { SimServer } from './sim-server.js';
import { rng } from '../../src/server/seed/scale/random.js';

/** The seed generator's mulberry32 (src/server/seed/scale/random.ts): small, fast, good enough for scheduling faults. */
export function seeded(seed: number): Random & { int(n: number): number; chance(p: number): boolean; pick<T>(xs: T[]): T } {
  const r = rng(seed);
  return { next: r.next, int: (n) => Math.floor(r.next() * n), chance: r.chance, pick: r.pick };
}

export class FakeClock implements Clock {
  constructor(public t = 1_700_000_000_000) {}
  now(): number {
    return this.t;
  }
  async sleep(ms: number): Promise<void> {
    this.t += ms;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface Faults {
  offline: boolean;
  dropBefore: number;
  dropAfter: number;
  delay: number;
  duplicate: number;
  serverError: number;
  expireToken: number;
  crash: number;
}

export const NO_FAULTS: Faults = { offline: false, dropBefore: 0, dropAfter: 0, delay: 0, duplicate: 0, serverError: 0, expireToken: 0, crash: 0 };

/**
 * Every request goes through `faults`: lost before the server, applied but the reply lost, delayed (the client
 * times out; the server gets it later, out of order), duplicated, 503 with Retry-After, a token that expires,
 * or a crash of the client while the request is in flight (the promise never settles).
 */
export class SimTransport implements Transport {
  faults: Faults = { ...NO_FAULTS };
  readonly delayed: TransportRequest[] = [];
  crashed = false;
  onCrash: () => void = () => undefined;
  stats = { sent: 0, dropped: 0, delayed: 0, duplicated: 0, e5xx: 0, e401: 0, crashes: 0 };

  constructor(
    private readonly server: SimServer,
    private readonly rng: ReturnType<typeof seeded>,
  ) {}

  async send(req: TransportRequest): Promise<TransportResponse> {
    this.stats.sent++;
    await Promise.resolve();
    const f = this.faults;
    const r = this.rng;
    if (this.crashed) return new Promise(() => undefined);
    if (f.offline || r.chance(f.dropBefore)) {
      this.stats.dropped++;
      throw new NetworkError('offline');
    }
    if (r.chance(f.crash)) {
      // Crash with the request maybe applied on the server: the tab is gone before the answer.
      if (r.chance(0.5)) this.server.handle(req);
      this.crashed = true;
      this.stats.crashes++;
      this.onCrash();
      return new Promise(() => undefined);
    }
    if (r.chance(f.serverError)) {
      this.stats.e5xx++;
      return { status: 503, headers: { 'retry-after': String(r.int(120)) }, body: { error: 'Busy' } };
    }
    if (r.chance(f.expireToken)) {
      this.stats.e401++;
      this.server.tokenValid = false;
    }
    if (r.chance(f.delay)) {
      this.stats.delayed++;
      this.delayed.push(req);
      throw new NetworkError('timeout', true);
    }
    let res = this.server.handle(req);
    if (r.chance(f.duplicate)) {
      this.stats.duplicated++;
      res = this.server.handle(req);
    }
    if (r.chance(f.dropAfter)) {
      this.stats.dropped++;
      throw new NetworkError('reply lost');
    }
    return structuredClone(res);
  }

  /** Late arrival of some delayed requests (in random order). */
  deliverDelayed(all = false): void {
    while (this.delayed.length && (all || this.rng.chance(0.5))) {
      const [req] = this.delayed.splice(this.rng.int(this.delayed.length), 1);
      this.server.handle(req);
    }
  }
}
