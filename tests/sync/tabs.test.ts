/**
 * Two tabs on one replica: the Web Locks API elects one leader (a small in-process lock manager stands in for
 * navigator.locks); the other tab writes the outbox and pings the leader over BroadcastChannel, and sees the
 * leader's status. When the leader closes, the other tab takes over.
 */
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { ReplicaDb } from '../../src/client/db/db.js';
import { mutateIn } from '../../src/client/sync/mutate.js';
import { realClock, type EventStreams, type ServerEvent, type Transport } from '../../src/client/sync/ports.js';
import { SyncRuntime } from '../../src/client/sync/runner.js';
import { SimServer } from './sim-server.js';
import { seeded } from './sim-kit.js';

/** navigator.locks semantics for one lock name: exclusive, queued, released when the callback settles. */
function lockManager() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request(_name: string, opts: { signal?: AbortSignal }, cb: (lock: unknown) => Promise<unknown>) {
      const run = tail.then(() => {
        if (opts.signal?.aborted) throw new DOMException('aborted', 'AbortError');
        return cb({});
      });
      tail = run.catch(() => undefined);
      return run;
    },
  };
}

const runtimes: SyncRuntime[] = [];
afterEach(async () => {
  for (const r of runtimes.splice(0)) await r.stop();
});

async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('tabs', () => {
  it('one leader syncs; a follower writes, pings, and sees the status; the follower takes over on close', async () => {
    const server = new SimServer();
    server.put('users', { id: 'u-1', name: 'Ada', phone: null });
    const factory = new IDBFactory();
    const locks = lockManager();
    const senders: string[] = [];
    const tab = (name: string) => {
      const db = new ReplicaDb('tabs', { indexedDB: factory, IDBKeyRange });
      const transport: Transport = {
        async send(req) {
          if (req.method !== 'GET') senders.push(name);
          return server.handle(req);
        },
      };
      const r = new SyncRuntime({ db, transport, clock: realClock, random: seeded(1), getToken: async () => 'good', onChange: () => undefined, locks });
      runtimes.push(r);
      return { r, db };
    };
    const a = tab('a');
    a.r.start();
    await until(() => a.r.isLeader);
    const b = tab('b');
    b.r.start();
    await new Promise((r) => setTimeout(r, 50));
    expect(b.r.isLeader).toBe(false);

    await mutateIn(b.db, 'user.updateProfile', { userId: 'u-1', changes: { phone: 'from b' } }, { now: Date.now() });
    b.r.ping();
    await until(() => server.docs.users.get('u-1')?.phone === 'from b');
    expect(senders).toEqual(['a']);
    await until(async () => (await b.db.outbox.count()) === 0);
    expect(b.r.leaderStatus()).toMatchObject({ authRequired: false });

    await a.r.stop();
    runtimes.shift();
    await until(() => b.r.isLeader);
    await mutateIn(b.db, 'user.updateProfile', { userId: 'u-1', changes: { phone: 'b leads' } }, { now: Date.now() });
    b.r.ping();
    await until(() => server.docs.users.get('u-1')?.phone === 'b leads');
    expect(senders).toEqual(['a', 'b']);
  });

  it('only the leader keeps the event stream open, and a nudge makes it pull at once (not at the next poll)', async () => {
    const server = new SimServer();
    server.put('users', { id: 'u-1', name: 'Ada', phone: null });
    const factory = new IDBFactory();
    const locks = lockManager();
    const listeners: ((e: ServerEvent) => void)[] = [];
    const events: EventStreams = {
      async open(req, onEvent) {
        listeners.push(onEvent);
        return { status: 200, done: new Promise<void>((r) => req.signal.addEventListener('abort', () => r(), { once: true })) };
      },
    };
    const tab = () => {
      const db = new ReplicaDb('live-tabs', { indexedDB: factory, IDBKeyRange });
      const r = new SyncRuntime({ db, transport: { send: async (req) => server.handle(req) }, events, clock: realClock, random: seeded(1), getToken: async () => 'good', onChange: () => undefined, locks });
      runtimes.push(r);
      return { r, db };
    };
    const a = tab();
    a.r.start();
    const b = tab();
    b.r.start();
    await until(() => a.r.isLeader && listeners.length === 1);
    await until(async () => (await a.db.users.get('u-1'))?.name === 'Ada');
    await new Promise((r) => setTimeout(r, 50));
    expect(listeners).toHaveLength(1); // the follower opened none
    // Someone else renames the user on the server; the nudge arrives: the replica follows at once.
    server.put('users', { ...server.docs.users.get('u-1')!, name: 'Ada L.' });
    listeners[0]({ event: 'feed', data: 'moved' });
    await until(async () => (await b.db.users.get('u-1'))?.name === 'Ada L.', 2000);
  });
});
