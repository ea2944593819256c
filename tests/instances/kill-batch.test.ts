/**
 * Exactly-once through a server killed with SIGKILL mid-batch. The real engine (fake-indexeddb) drains
 * a queue of profile edits in batches (`POST /api/sync/push`) to a real `main.ts` process; three times the process
 * is killed while a batch is in flight — as the request leaves, a few milliseconds into it, and once the batch has
 * committed and been answered (the answer lost with the process) — and a new process is started on the same
 * embedded DATA_DIR or PostgreSQL database. The engine, which had no answer, sends the same rows under the same
 * keys to the new process.
 *
 * What must hold afterwards: the queue drained with nothing refused; each change applied exactly once (one
 * `user.updateProfile` audit row per change — the audit row is written in the change's own transaction, so a change
 * applied twice would leave two); and in order (the profile holds the last change). And read while the process is
 * down: the batch in flight is in the database whole or not at all (on PGlite, after the recovery of a database
 * whose process was killed), and whole when it had been answered.
 */
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ReplicaDb } from '../../src/client/db/db.js';
import { SyncEngine } from '../../src/client/sync/engine.js';
import { fetchTransport } from '../../src/client/sync/http-transport.js';
import { META, setMeta } from '../../src/client/sync/meta.js';
import { mutateIn } from '../../src/client/sync/mutate.js';
import { mathRandom, NetworkError, type Clock, type Transport } from '../../src/client/sync/ports.js';
import { openDb, type DbOptions } from '../../src/server/db/client.js';
import { rawRows } from '../../src/server/db/raw.js';
import { demo, DEMO_PASSWORD } from '../e2e/support/demo.js';
import { freshPgDatabase, json, startServer, stopServer, type ServerProcess } from './processes.js';

const CHANGES = 800;
/** When the server is killed: milliseconds after the push request was sent, or once it has answered. */
type Kill = number | 'after-answer';
/** Push request number (retries count) → when the server is killed during it. */
const KILLS = new Map<number, Kill>([
  [2, 0],
  [4, 8],
  [6, 'after-answer'],
]);

const phone = (i: number) => `+1 555 ${String(i).padStart(7, '0')}`;

const root = mkdtempSync(path.join(tmpdir(), 'observa-kill-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
  rmSync(root, { recursive: true, force: true });
});

interface Target {
  env: Record<string, string>;
  /** The same database as the server's, opened from the test while no server runs on it (PGlite's DATA_DIR lock). */
  db: DbOptions;
}

const AUDIT_TEXT = `select detail->>'phone' as phone, count(*)::int as n from audit_log
  where action = 'user.updateProfile' and actor_id = $1 group by 1`;

/** Per phone of the user's profile edits, how many audit rows; and the profile's phone now. */
async function appliedIn(target: Target, userId: string): Promise<{ counts: Map<string, number>; phone: string | null }> {
  const h = await openDb(target.db);
  try {
    const rows = await rawRows<{ phone: string; n: number }>(h.db, AUDIT_TEXT, [userId]);
    const [user] = await rawRows<{ phone: string | null }>(h.db, 'select phone from users where id = $1', [userId]);
    return { counts: new Map(rows.map((r) => [r.phone, r.n])), phone: user?.phone ?? null };
  } finally {
    await h.close();
  }
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = path.join(root, 'data');
  return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, db: { pgliteDir: path.join(dataDir, 'db') } };
}

async function postgresTarget(): Promise<Target> {
  const database = await freshPgDatabase('kill');
  cleanups.push(database.drop);
  return { env: { DATA_DIR: path.join(root, 'pg-data'), DATABASE_URL: database.url }, db: { databaseUrl: database.url } };
}

describe.each([
  ['PGlite on disk', pgliteTarget],
  ['PostgreSQL', postgresTarget],
])('a server killed with SIGKILL mid-batch (%s)', (_name, makeTarget) => {
  it(`applies each of ${CHANGES} queued changes exactly once and in order`, { timeout: 240_000 }, async () => {
    const target = await makeTarget();
    const env = { ...target.env, SEED_DEMO: 'true' };
    let server: ServerProcess = startServer(env);
    cleanups.push(() => stopServer(server));
    let url = await server.ready;

    const login = await json(`${url}/api/auth/login`, 'POST', { email: demo('Faculty').email, password: DEMO_PASSWORD });
    expect(login.status).toBe(200);
    const me = login.body as { id: string; token: string };

    const db = new ReplicaDb(`kill-batch-${Date.now()}-${Math.random()}`);
    await db.open();
    await setMeta(db, META.userId, me.id);
    await db.users.put({ id: me.id, version: 0, name: 'faculty' });
    for (let i = 0; i < CHANGES; i++) await mutateIn(db, 'user.updateProfile', { userId: me.id, changes: { phone: phone(i) } }, { now: Date.now() });

    // The real HTTP transport to whichever process runs now. The push requests named in KILLS take the process
    // down: some milliseconds after the request was sent (its answer is then a network error, or the answer when it
    // came first), or once the server has answered (committed), the answer then lost with the process. While it is
    // down, what the database holds is read: the batch in flight is there whole or not at all.
    const kills: { push: number; when: Kill; rows: number; acknowledged: number; applied: number }[] = [];
    let pushes = 0;
    const killAndRestart = async (push: number, when: Kill, rows: number) => {
      server.child.kill('SIGKILL');
      await server.exited;
      const acknowledged = CHANGES - (await db.outbox.count());
      const applied = [...(await appliedIn(target, me.id)).counts.values()].reduce((a, b) => a + b, 0);
      kills.push({ push, when, rows, acknowledged, applied });
      server = startServer(env);
      url = await server.ready;
    };
    const transport: Transport = {
      async send(req) {
        const push = req.path.includes('/sync/push') ? ++pushes : 0;
        const when = KILLS.get(push);
        const rows = (req.body as { rows?: unknown[] } | undefined)?.rows?.length ?? 0;
        if (when === 'after-answer') {
          await fetchTransport(url).send(req);
          await killAndRestart(push, when, rows);
          throw new NetworkError('the server died before its answer arrived');
        }
        const sent = fetchTransport(url).send(req);
        if (when !== undefined) {
          sent.catch(() => undefined); // awaited by the engine below; not an unhandled rejection meanwhile
          await new Promise((r) => setTimeout(r, when));
          await killAndRestart(push, when, rows);
        }
        return sent;
      },
    };
    // Real time, moved forward past each backoff the engine asks for (a network error is retried later).
    let skew = 0;
    const clock: Clock = { now: () => Date.now() + skew, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) };
    const engine = new SyncEngine({ db, transport, clock, random: mathRandom, getToken: () => me.token, batchPush: true });
    for (let round = 0; (await db.outbox.where('status').notEqual('needs-attention').count()) > 0; round++) {
      if (round > 100) throw new Error(`the queue did not drain: ${await db.outbox.count()} left`);
      const r = await engine.runOrdered();
      expect(r.authRequired).toBe(false);
      if (r.wakeAt) skew += Math.max(0, r.wakeAt - clock.now());
    }
    engine.stop();

    expect(kills.map((k) => k.push)).toEqual([...KILLS.keys()]);
    for (const k of kills) {
      // One transaction: the batch in flight when the process died is in the database whole, or not at all.
      expect([k.acknowledged, k.acknowledged + k.rows], JSON.stringify(k)).toContain(k.applied);
      // Committed and answered, the answer lost: every row is applied, none acknowledged (sent again below).
      if (k.when === 'after-answer') expect(k.applied, JSON.stringify(k)).toBe(k.acknowledged + k.rows);
      expect(k.rows).toBeGreaterThan(1);
    }
    expect(await db.outbox.count()).toBe(0); // nothing refused, nothing left
    db.close();
    await ReplicaDb.delete(db.name);
    await stopServer(server);

    const { counts, phone: now } = await appliedIn(target, me.id);
    const twice = [...counts].filter(([, n]) => n !== 1);
    expect(twice).toEqual([]);
    const missing = Array.from({ length: CHANGES }, (_, i) => phone(i)).filter((p) => !counts.has(p));
    expect(missing).toEqual([]);
    expect(counts.size).toBe(CHANGES);
    expect(now).toBe(phone(CHANGES - 1));
  });
});
