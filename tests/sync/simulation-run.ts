/**
 * Seeded simulation of the sync engine: a scripted server and a fault-injecting transport, driven
 * step by step with a fake clock. Each seed is one device's story — profile edits and opened notifications
 * while the network flaps, replies get lost, deliveries are delayed/duplicated/reordered, the token expires,
 * the server answers 503 + Retry-After, the tab crashes mid-request and the server purges its tombstones.
 * Then the network heals and the invariants are checked:
 *   no change lost · none applied twice · the server holds the client's last values in order ·
 *   (during the run) an unsent edit never flips back on screen after a pull ·
 *   replica equals server · the queue drains (refused changes excepted, and visible as needs-attention).
 *
 * Run by simulation.test.ts and simulation-2.test.ts (half of the seeds each, so the two vitest workers share
 * them). SIM_RUNS=n changes the total number of seeds; SEED=<n> replays one seed (printed on failure).
 */
import 'fake-indexeddb/auto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { expect } from 'vitest';
import { ReplicaDb } from '../../src/client/db/db.js';
import { SyncEngine } from '../../src/client/sync/engine.js';
import { META, setMeta } from '../../src/client/sync/meta.js';
import { mutateIn } from '../../src/client/sync/mutate.js';
import { SimServer } from './sim-server.js';
import { FakeClock, NO_FAULTS, seeded, SimTransport } from './sim-kit.js';

const USER = 'u-1';
const NOTES = ['n-1', 'n-2', 'n-3'];
const FIELDS = ['phone', 'designation', 'institute', 'degree'] as const;

interface Intent {
  mutationId: string;
  name: string;
  args: Record<string, unknown>;
  refused: boolean;
  nonce: string;
}

export async function runSeed(seed: number): Promise<{ steps: number; stats: SimTransport['stats'] & { batches: number } }> {
  const rng = seeded(seed);
  const server = new SimServer();
  server.returnsDocs = rng.chance(0.5);
  server.put('users', { id: USER, name: 'Ada', email: 'ada@university.edu', role: 'Faculty', phone: null, designation: null, institute: null, degree: null });
  for (const id of NOTES) server.put('notifications', { id, userId: USER, title: id, message: 'm', route: '/', open: false });
  const clock = new FakeClock();
  const transport = new SimTransport(server, rng);
  // Inside a batch, a row may fail on the server (500) and stop the batch there.
  server.rowFault = () => rng.chance(transport.faults.serverError / 2);
  const db = new ReplicaDb('sim', { indexedDB: new IDBFactory(), IDBKeyRange });
  await setMeta(db, META.userId, USER);
  const pageLimit = 1 + rng.int(4);
  // Most devices batch; some send one row per call (as an older app or a lone change does).
  const batchPush = rng.chance(0.8);
  const makeEngine = () => new SyncEngine({ db, transport, clock, random: rng, getToken: () => 'good', pageLimit, requestTimeoutMs: 10_000, batchPush });
  let engine = makeEngine();
  const intents: Intent[] = [];
  let nonceN = 0;
  let otherN = 0;

  const drain = async () => {
    let crashed!: () => void;
    const crash = new Promise<'crash'>((r) => (crashed = () => r('crash')));
    transport.onCrash = crashed;
    const r = await Promise.race([engine.drainOnce(), crash]);
    if (r === 'crash') {
      engine.stop(); // the tab is gone; a new one opens on the same IndexedDB
      transport.crashed = false;
      engine = makeEngine();
    }
  };

  /** While the user's latest edit of a field is still unsent, the replica shows it (rebase works). */
  const screenNeverFlipsBack = async () => {
    const u = await db.users.get(USER);
    if (!u) return;
    const pending = new Set((await db.outbox.where('status').equals('pending').toArray()).map((r) => r.mutationId));
    const latest = new Map<string, Intent>();
    for (const i of intents) if (i.name === 'user.updateProfile') for (const f of Object.keys(i.args.changes as object)) latest.set(f, i);
    for (const [field, i] of latest) {
      if (pending.has(i.mutationId)) expect(u[field], `pending ${field} still shown`).toBe((i.args.changes as Record<string, unknown>)[field]);
    }
  };

  const steps = 10 + rng.int(25);
  for (let s = 0; s < steps; s++) {
    const roll = rng.next();
    if (roll < 0.3) {
      // The user edits something (local commit always succeeds; the network is irrelevant).
      const nonce = `v${seed}-${nonceN++}`;
      if (rng.chance(0.75)) {
        const refused = rng.chance(0.08);
        const field = rng.pick([...FIELDS]);
        const value = refused ? `REFUSE-${nonce}` : nonce;
        const args = { userId: USER, changes: { [field]: value } };
        const { mutationId } = await mutateIn(db, 'user.updateProfile', args, { now: clock.now() });
        intents.push({ mutationId, name: 'user.updateProfile', args, refused, nonce: value });
        // Optimistic: the replica shows it at once (when the user record is already there).
        const u = await db.users.get(USER);
        if (u) expect(u[field]).toBe(value);
      } else {
        const ghost = rng.chance(0.1);
        const id = ghost ? `ghost-${nonce}` : rng.pick(NOTES);
        const { mutationId } = await mutateIn(db, 'notification.open', { id }, { now: clock.now() });
        intents.push({ mutationId, name: 'notification.open', args: { id }, refused: ghost, nonce: `open:${id}` });
      }
      if (rng.chance(0.1)) {
        engine.stop(); // crash right after the local commit
        engine = makeEngine();
      }
    } else if (roll < 0.6) {
      await drain();
      await screenNeverFlipsBack();
    } else if (roll < 0.7) {
      clock.advance(rng.int(90_000));
    } else if (roll < 0.78) {
      transport.faults = {
        offline: rng.chance(0.3),
        dropBefore: rng.next() * 0.3,
        dropAfter: rng.next() * 0.3,
        delay: rng.next() * 0.2,
        duplicate: rng.next() * 0.2,
        serverError: rng.next() * 0.2,
        expireToken: rng.next() * 0.05,
        crash: rng.next() * 0.05,
      };
    } else if (roll < 0.84) {
      transport.deliverDelayed();
    } else if (roll < 0.9) {
      // Someone else changes the server: a renamed user, a new or deleted notification.
      const k = rng.int(3);
      if (k === 0) server.put('users', { ...server.docs.users.get(USER)!, name: `Ada ${otherN++}` });
      else if (k === 1) server.put('notifications', { id: `x-${otherN++}`, userId: USER, title: 't', message: 'm', route: '/', open: false });
      else {
        const extra = [...server.docs.notifications.keys()].filter((id) => id.startsWith('x-'));
        if (extra.length) server.delete('notifications', rng.pick(extra));
      }
    } else if (roll < 0.95) {
      if (!server.tokenValid) {
        server.tokenValid = true; // the user signed in again
        engine.setAuthOk();
      }
    } else if (roll < 0.97) {
      server.purgeTombstones();
    } else {
      engine.stop();
      engine = makeEngine();
    }
  }

  // Heal: good network, valid session, late deliveries arrive; drain until idle.
  transport.faults = { ...NO_FAULTS };
  transport.deliverDelayed(true);
  server.tokenValid = true;
  engine.setAuthOk();
  for (let i = 0; ; i++) {
    expect(i, 'queue never drained').toBeLessThan(500);
    const r = await engine.drainOnce();
    const pending = await db.outbox.where('status').equals('pending').count();
    if (pending === 0 && r.wakeAt === null) break;
    clock.t = Math.max(clock.t + 1, r.wakeAt ?? clock.t);
  }

  // Invariants.
  const rows = await db.outbox.toArray();
  expect(rows.every((r) => r.status === 'needs-attention'), 'queue drained').toBe(true);
  expect(new Set(rows.map((r) => r.mutationId)), 'exactly the refused changes need attention').toEqual(
    new Set(intents.filter((i) => i.refused).map((i) => i.mutationId)),
  );
  for (const r of rows) expect(r.lastError).toBeTruthy();
  for (const i of intents) {
    if (i.name === 'user.updateProfile') {
      expect(server.applied.get(i.nonce) ?? 0, `${i.nonce} applied exactly once (or refused)`).toBe(i.refused ? 0 : 1);
    }
  }
  for (const id of NOTES) {
    // Each "open" the user did is its own change: applied once each.
    const opened = intents.filter((i) => i.args.id === id).length;
    expect(server.applied.get(`open:${id}`) ?? 0, `open ${id} applied once per click`).toBe(opened);
  }
  // The server has, per field, the last accepted value the user typed (order kept).
  const expected: Record<string, unknown> = {};
  for (const i of intents) if (!i.refused && i.name === 'user.updateProfile') Object.assign(expected, (i.args as { changes: object }).changes);
  const serverUser = server.docs.users.get(USER)!;
  for (const [k, v] of Object.entries(expected)) expect(serverUser[k], `server ${k}`).toBe(v);
  // Replica equals server.
  for (const entity of ['users', 'notifications'] as const) {
    const replica = (await db[entity].toArray()).sort((a, b) => a.id.localeCompare(b.id));
    const truth = [...server.docs[entity].values()].sort((a, b) => a.id.localeCompare(b.id));
    expect(replica, `replica ${entity} equals server`).toEqual(truth);
  }
  engine.stop();
  db.close();
  return { steps, stats: { ...transport.stats, batches: server.batches } };
}

/** Runs seeds [from, to] (or only SEED) and checks that every kind of fault really happened. */
export async function runSeeds(from: number, to: number): Promise<void> {
  const one = process.env.SEED;
  const seeds = one ? [Number(one)] : Array.from({ length: to - from + 1 }, (_, i) => from + i);
  const totals = { sent: 0, dropped: 0, delayed: 0, duplicated: 0, e5xx: 0, e401: 0, crashes: 0, batches: 0 };
  for (const seed of seeds) {
    try {
      const { stats } = await runSeed(seed);
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += stats[k];
    } catch (err) {
      console.error(`Simulation failed — SEED=${seed} to replay: SEED=${seed} npx vitest run tests/sync/simulation.test.ts`);
      throw err;
    }
  }
  // The faults really happened (a simulation that never drops anything proves nothing).
  if (!one && seeds.length >= 100) {
    for (const k of Object.keys(totals) as (keyof typeof totals)[]) expect(totals[k], `fault ${k} exercised`).toBeGreaterThan(0);
  }
}

export const SIM_RUNS = Number(process.env.SIM_RUNS ?? 1000);
