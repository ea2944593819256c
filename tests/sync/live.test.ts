/**
 * Live nudges, client half (src/client/sync/live.ts + sse-transport.ts): the real event stream of the real
 * server (in process, ephemeral port) makes an observer's app pull within 2 s of a faculty member's message, and
 * the reconnect rules: a broken stream reconnects after backoff, a 401 waits for a new token, each (re)opened
 * stream is followed by one catch-up pull.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveNudges } from '../../src/client/sync/live.js';
import { NetworkError, realClock, type EventStreams, type ServerEvent } from '../../src/client/sync/ports.js';
import { fetchEventStreams, parseBlock } from '../../src/client/sync/sse-transport.js';
import { SYNC_EVENTS_PATH } from '../../src/shared/sync/protocol.js';
import { createTestApp, type TestApp } from '../server/support/helpers.js';
import { actors, initiate, key, type Actors } from '../server/support/observations-fixture.js';
import { FakeClock, seeded } from './sim-kit.js';

describe('parseBlock', () => {
  it('reads event/data lines; comments alone are heartbeats', () => {
    expect(parseBlock('event: feed\ndata: moved')).toEqual({ event: 'feed', data: 'moved' });
    expect(parseBlock(': ping')).toEqual({ event: 'heartbeat', data: '' });
    expect(parseBlock('data: a\ndata: b')).toEqual({ event: 'message', data: 'a\nb' });
    expect(parseBlock('retry: 5000')).toBeNull();
  });
});

describe('LiveNudges against the real server', () => {
  let t: TestApp;
  let a: Actors;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.reset();
    a = await actors(t);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(() => t?.close());

  it("pulls once on connect, then within 2 s of another participant's change", async () => {
    const id = await initiate(t, a);
    let nudges = 0;
    const live = new LiveNudges({
      streams: fetchEventStreams(base),
      clock: realClock,
      random: seeded(1),
      getToken: async () => a.observer,
      clientId: async () => 'c-1',
      onNudge: () => nudges++,
    });
    live.start();
    try {
      await waitFor(() => nudges === 1 && live.connected, 5000);
      const t0 = Date.now();
      expect((await t.post(`/api/observation/${id}/messages`, { id: randomUUID(), body: 'Hi' }, a.faculty, key())).statusCode).toBe(201);
      await waitFor(() => nudges === 2, 2000);
      expect(Date.now() - t0).toBeLessThan(2000);
    } finally {
      await live.close();
    }
    await waitFor(() => t.app.feedBus.size === 0, 2000);
  });

  it('the real stream answers 401 to a bad token', async () => {
    const r = await fetchEventStreams(base).open({ path: SYNC_EVENTS_PATH, headers: { authorization: 'Bearer nope' }, signal: new AbortController().signal }, () => undefined);
    expect(r.status).toBe(401);
  });
});

async function waitFor(cond: () => boolean, ms: number): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('LiveNudges reconnects', () => {
  it('backs off after a broken stream, waits for a new token after a 401, catches up after every open', async () => {
    const clock = new FakeClock();
    const log: string[] = [];
    const script: ((onEvent: (e: ServerEvent) => void, signal: AbortSignal) => Promise<{ status: number; done: Promise<void> }>)[] = [
      async () => {
        throw new NetworkError('offline');
      },
      async (on) => ({ status: 200, done: Promise.resolve().then(() => on({ event: 'feed', data: 'moved' })).then(() => Promise.reject(new NetworkError('reset'))) }),
      async () => ({ status: 401, done: Promise.resolve() }),
      // Stays open until the app closes it.
      async (_on, signal) => ({ status: 200, done: new Promise<void>((r) => signal.addEventListener('abort', () => r(), { once: true })) }),
    ];
    const sleeps: number[] = [];
    const fakeClock = Object.assign(clock, {
      sleep: async (ms: number, signal?: AbortSignal) => {
        sleeps.push(ms);
        if (ms >= 60_000) await new Promise<void>((r) => signal?.addEventListener('abort', () => r(), { once: true }));
        clock.t += ms;
      },
    });
    let opens = 0;
    const streams: EventStreams = {
      open: async (req, onEvent) => {
        const step = script[opens++];
        log.push(`open ${opens}`);
        return step(onEvent, req.signal);
      },
    };
    let token = 'old';
    const live = new LiveNudges({ streams, clock: fakeClock, random: seeded(3), getToken: async () => token, clientId: async () => 'c', onNudge: () => log.push('pull') });
    live.start();
    await waitFor(() => opens === 3, 2000);
    await new Promise((r) => setTimeout(r, 20));
    // 1: offline → backoff; 2: open → catch-up pull, a nudge → pull, then broken → backoff; 3: 401 → waits.
    expect(log).toEqual(['open 1', 'open 2', 'pull', 'pull', 'open 3']);
    expect(sleeps.slice(0, 2).every((ms) => ms >= 1000 && ms <= 2000)).toBe(true);
    expect(opens).toBe(3);
    token = 'new';
    live.tokenChanged();
    await waitFor(() => opens === 4 && live.connected, 2000);
    expect(log.at(-1)).toBe('pull');
    await live.close();
  });

  it('after a 429 comes back when Retry-After says, not after the long refusal wait', async () => {
    const clock = new FakeClock();
    const sleeps: number[] = [];
    const fakeClock = Object.assign(clock, {
      sleep: async (ms: number) => {
        sleeps.push(ms);
        clock.t += ms;
      },
    });
    let opens = 0;
    const streams: EventStreams = {
      open: async (req) => {
        opens++;
        if (opens === 1) return { status: 429, done: Promise.resolve(), retryAfter: '30' };
        return { status: 200, done: new Promise<void>((r) => req.signal.addEventListener('abort', () => r(), { once: true })) };
      },
    };
    const pulls: number[] = [];
    const start = clock.t;
    const live = new LiveNudges({ streams, clock: fakeClock, random: seeded(5), getToken: async () => 't', clientId: async () => 'c', onNudge: () => pulls.push(clock.t - start) });
    live.start();
    await waitFor(() => opens === 2 && live.connected, 2000);
    expect(sleeps).toEqual([30_000]);
    // One catch-up pull, 30 s in (the refusal wait would have been 5 minutes).
    expect(pulls).toEqual([30_000]);
    await live.close();
  });
});
