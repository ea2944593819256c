/**
 * Scope loss with the real engine (fake-indexeddb) against the real server: a Head of Department
 * moved to another department — rows they may no longer see were not touched, so no tombstone would come — is
 * reset by the server (changed scope key), the re-download drops what they may no longer see, and their unsent
 * change stays queued and visible on the fresh replica.
 */
import 'fake-indexeddb/auto';
import { eq, sql } from 'drizzle-orm';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ReplicaDb } from '../../src/client/db/db.js';
import { SyncEngine } from '../../src/client/sync/engine.js';
import { fetchTransport } from '../../src/client/sync/http-transport.js';
import { META, getMeta, setMeta } from '../../src/client/sync/meta.js';
import { mutateIn } from '../../src/client/sync/mutate.js';
import { mathRandom, NetworkError, type Transport } from '../../src/client/sync/ports.js';
import { users } from '../../src/server/db/schema.js';
import { forgetSessions } from '../../src/server/services/auth/session-cache.js';
import { createTestApp, type TestApp } from '../server/support/helpers.js';
import { FakeClock } from './sim-kit.js';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = t.app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});
beforeEach(() => t.reset());
afterAll(() => t.close());

function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}

async function deptOf(id: string): Promise<number> {
  const [u] = await t.db.select({ d: users.departmentId }).from(users).where(eq(users.id, id));
  return u.d!;
}

describe('scope loss', () => {
  it('a HOD moved to another department drops the old department on the device and keeps the unsent change', async () => {
    const hod = await t.loginUser('hod');
    const mathHod = await t.userId('hod.math');
    const [cs, math] = [await deptOf(hod.id), await deptOf(mathHod)];
    const [faculty2, observer, facultyMath, observer2] = await Promise.all(['faculty2', 'observer', 'faculty.math', 'observer2'].map((w) => t.userId(w)));
    // One CS observation another HOD initiated (seen only as CS's HOD), one the HOD initiated, one in Math.
    const insert = (f: string, o: string, h: string, d: number) =>
      t.db.execute(sql`insert into observations (faculty_id, observer_id, hod_id, department_id, semester, status, progress, updated_at)
        values (${f}, ${o}, ${h}, ${d}, 'Fall', 'Completed', 100, now() - interval '200 days') returning id`);
    const [csOther] = rowsOf<{ id: string }>(await insert(faculty2, observer, mathHod, cs));
    const [own] = rowsOf<{ id: string }>(await insert(faculty2, observer, hod.id, cs));
    const [mathObs] = rowsOf<{ id: string }>(await insert(facultyMath, observer2, mathHod, math));

    const db = new ReplicaDb('scope-loss', { indexedDB: new IDBFactory(), IDBKeyRange });
    await setMeta(db, META.userId, hod.id);
    const clock = new FakeClock(Date.now());
    const net = { failWrites: false };
    const inner = fetchTransport(base);
    const transport: Transport = {
      async send(req) {
        if (net.failWrites && req.method !== 'GET') throw new NetworkError('offline');
        return inner.send(req);
      },
    };
    const engine = new SyncEngine({ db, transport, clock, random: mathRandom, getToken: () => hod.token, requestTimeoutMs: 10_000 });
    await engine.drainOnce();
    expect(await db.observations.get(csOther.id)).toBeDefined();
    expect(await db.observations.get(own.id)).toBeDefined();
    expect(await db.observations.get(mathObs.id)).toBeUndefined();
    const csPeople = (await db.users.toArray()).filter((u) => (u.department as { id?: number } | null)?.id === cs && u.id !== hod.id);
    expect(csPeople.length).toBeGreaterThan(0);
    const scopeBefore = await getMeta<string>(db, META.scope);
    expect(scopeBefore).toBeTruthy();

    // An edit that cannot be sent yet.
    net.failWrites = true;
    await mutateIn(db, 'user.updateProfile', { userId: hod.id, changes: { designation: 'Acting Head' } }, { now: clock.now() });

    await t.db.update(users).set({ departmentId: math }).where(eq(users.id, hod.id));
    forgetSessions();
    await engine.drainOnce();

    expect(await getMeta<string>(db, META.scope)).not.toBe(scopeBefore);
    expect(await db.observations.get(csOther.id), 'no longer their department').toBeUndefined();
    expect(await db.observations.get(own.id), 'initiated by them').toBeDefined();
    expect(await db.observations.get(mathObs.id), 'their new department').toBeDefined();
    // CS people they share no observation with are gone; faculty2 and observer share `own`.
    const sharing = new Set([hod.id, faculty2, observer]);
    for (const u of await db.users.toArray()) {
      if ((u.department as { id?: number } | null)?.id === cs) expect(sharing.has(u.id), `CS user ${String(u.name)} still on the device`).toBe(true);
    }
    // The unsent change is still queued and shown on the fresh replica.
    expect(await db.outbox.where('status').equals('pending').count()).toBe(1);
    expect((await db.users.get(hod.id))?.designation).toBe('Acting Head');

    net.failWrites = false;
    for (let i = 0; i < 20 && (await db.outbox.count()) > 0; i++) {
      const r = await engine.drainOnce();
      clock.t = Math.max(clock.t + 1, r.wakeAt ?? clock.t);
    }
    expect(await db.outbox.count()).toBe(0);
    expect((await t.get(`/api/user/${hod.id}`, hod.token)).json()).toMatchObject({ designation: 'Acting Head' });
  });
});
