/**
 * The outbox is never wedged by a refused change, proven with the real engine (fake-indexeddb) against
 * the real server on an ephemeral port. Rows queued by an earlier app version — before the contract bounded every
 * text — carry what today's server refuses: an over-long course name and a NUL character (which PostgreSQL used
 * to turn into a 500, a "retry later" that held the whole lane). Each is now a 400 naming the field: the row is
 * parked in needs-attention with the server's message, and the next queued change still applies.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ReplicaDb } from '../../src/client/db/db.js';
import { SyncEngine } from '../../src/client/sync/engine.js';
import { MutationArgsError } from '../../src/client/sync/errors.js';
import { fetchTransport } from '../../src/client/sync/http-transport.js';
import { META, setMeta } from '../../src/client/sync/meta.js';
import { mutateIn } from '../../src/client/sync/mutate.js';
import { mathRandom } from '../../src/client/sync/ports.js';
import { TEXT_MAX } from '../../src/shared/constants.js';
import { mutationDef, type MutationArgs } from '../../src/shared/sync/mutations/index.js';
import { deptId } from '../server/support/admin-fixtures.js';
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
afterAll(() => t?.close());

async function device(who: string) {
  const me = await t.loginUser(who);
  const db = new ReplicaDb('refusals', { indexedDB: new IDBFactory(), IDBKeyRange });
  await setMeta(db, META.userId, me.id);
  const clock = new FakeClock(Date.now());
  const engine = new SyncEngine({ db, transport: fetchTransport(base), clock, random: mathRandom, getToken: () => me.token, requestTimeoutMs: 10_000 });
  /** An outbox row exactly as an earlier app version stored it: its args were never checked against today's limits. */
  const queuedEarlier = async (name: string, args: unknown) => {
    const def = mutationDef(name)!;
    const { entity, id } = def.entity(args);
    const mutationId = randomUUID();
    await db.outbox.add({
      mutationId,
      name,
      args,
      entity,
      entityId: id,
      lane: 'ordered',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      lastStatus: null,
      createdAt: clock.now(),
      userId: me.id,
    });
    return mutationId;
  };
  return { me, db, clock, engine, queuedEarlier };
}

describe('a refused change never wedges the outbox', () => {
  it('parks changes the server refuses with 400 (length limit, NUL) and applies the next queued change', async () => {
    const d = await device('hod');
    await d.engine.drainOnce();
    const before = (await t.get(`/api/user/${d.me.id}`, d.me.token)).json() as { designation: string | null };
    const course: MutationArgs<'course.create'> = {
      id: randomUUID(),
      courseCode: 'CSC-099',
      name: 'N'.repeat(TEXT_MAX.line + 50),
      departments: [await deptId(t, 'Computer Science')],
      campus: 'Main_Campus',
      credits: 3,
      isElective: false,
      isDepthElective: false,
      slots: [{ id: randomUUID(), sectionCode: 'A', day: 'Monday', time: '09:00', location: 'Room 1' }],
    };
    const tooLong = await d.queuedEarlier('course.create', course);
    const withNul = await d.queuedEarlier('user.updateProfile', { userId: d.me.id, changes: { designation: 'Head\u0000' } });
    const fine = await d.queuedEarlier('user.updateProfile', { userId: d.me.id, changes: { institute: 'MIT' } });

    // One drain: no backoff is involved, the lane runs straight through.
    const result = await d.engine.drainOnce();
    expect(result.wakeAt).toBeNull();

    const rows = await d.db.outbox.orderBy('seq').toArray();
    expect(rows.map((r) => [r.mutationId, r.status, r.lastStatus])).toEqual([
      [tooLong, 'needs-attention', 400],
      [withNul, 'needs-attention', 400],
    ]);
    expect(rows[0].lastError).toBe(`name: must be at most ${TEXT_MAX.line} characters`);
    expect(rows[1].lastError).toBe('designation: must not contain NUL characters');
    expect(rows[0].args).toEqual(course); // what the user typed is kept for them to fix or discard
    expect(rows.some((r) => r.mutationId === fine)).toBe(false);
    expect((await t.get(`/api/user/${d.me.id}`, d.me.token)).json()).toMatchObject({ institute: 'MIT', designation: before.designation });
    expect((await t.get(`/api/course/${course.id}`, d.me.token)).statusCode).toBe(404);
  });

  it('today the same changes are refused at once by mutate(), before they are queued', async () => {
    const d = await device('faculty');
    await expect(
      mutateIn(d.db, 'user.updateProfile', { userId: d.me.id, changes: { designation: 'Head\u0000' } }, { now: d.clock.now() }),
    ).rejects.toBeInstanceOf(MutationArgsError);
    await expect(
      mutateIn(d.db, 'message.send', { observationId: randomUUID(), id: randomUUID(), body: 'x'.repeat(TEXT_MAX.chat + 1) }, { now: d.clock.now() }),
    ).rejects.toThrow(/body: must be at most 5000 characters/);
    expect(await d.db.outbox.count()).toBe(0);
  });
});
