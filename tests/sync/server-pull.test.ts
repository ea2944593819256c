/**
 * GET /api/sync/changes against the real app (PGlite): full and paged pulls, incremental changes, tombstones,
 * refetch of refused entities, reset for unknown cursors and after a tombstone purge, authentication.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '../../src/server/db/schema.js';
import { purgeTombstones } from '../../src/server/sync/tombstones.js';
import type { SyncChange } from '../../src/shared/sync/protocol.js';
import { createTestApp, type TestApp } from '../server/support/helpers.js';
import { actors, initiate } from '../server/support/observations-fixture.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t.close());

interface Page {
  changes: SyncChange[];
  cursor: string;
  hasMore: boolean;
  resetRequired?: true;
}

async function pull(token: string, since = '0', extra = ''): Promise<Page> {
  const res = await t.get(`/api/sync/changes?since=${encodeURIComponent(since)}${extra}`, token);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function pullAll(token: string, since = '0', limit = 500): Promise<{ changes: SyncChange[]; cursor: string; pages: number }> {
  const changes: SyncChange[] = [];
  let cursor = since;
  for (let pages = 1; ; pages++) {
    expect(pages, 'pull terminates').toBeLessThan(1000);
    const p = await pull(token, cursor, `&limit=${limit}`);
    if (p.hasMore) expect(p.cursor, 'cursor moves').not.toBe(cursor);
    changes.push(...p.changes);
    cursor = p.cursor;
    if (!p.hasMore) return { changes, cursor, pages };
  }
}

describe('sync pull', () => {
  it('needs a session', async () => {
    const res = await t.get('/api/sync/changes?since=0');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('error');
  });

  it('rejects a malformed cursor or limit with 400', async () => {
    const token = await t.login('faculty');
    expect((await t.get('/api/sync/changes?since=abc', token)).statusCode).toBe(400);
    expect((await t.get('/api/sync/changes?since=0&limit=0', token)).statusCode).toBe(400);
    expect((await t.get('/api/sync/changes?since=0&refetch=nope', token)).statusCode).toBe(400);
  });

  it('gives a faculty member their own user, departments and only their own notifications', async () => {
    const me = await t.loginUser('faculty');
    const { changes } = await pullAll(me.token);
    const users = changes.filter((c) => c.entity === 'users');
    expect(users.map((u) => u.id)).toContain(me.id);
    const self = users.find((u) => u.id === me.id)!;
    expect(self.data).not.toHaveProperty('passwordHash');
    expect(self.data).toMatchObject({ email: 'faculty@university.edu' });
    expect(changes.some((c) => c.entity === 'departments')).toBe(true);
    for (const n of changes.filter((c) => c.entity === 'notifications')) expect(n.data?.userId).toBe(me.id);
    // Versions ordered within the page; every record once.
    const keys = changes.map((c) => `${c.entity}:${c.id}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('pages of 2 return exactly what one big page returns, each entity in version order', async () => {
    const token = await t.login('superadmin');
    const whole = await pullAll(token);
    const paged = await pullAll(token, '0', 2);
    expect(paged.pages).toBeGreaterThan(3);
    const key = (c: SyncChange) => `${c.entity}:${c.id}:${c.version}`;
    expect(paged.changes.map(key).sort()).toEqual(whole.changes.map(key).sort());
    // A first download reads its snapshot source by source (server/sync/snapshot.ts): ordered per entity.
    const entities = new Set(paged.changes.map((c) => c.entity));
    for (const e of entities) {
      const versions = paged.changes.filter((c) => c.entity === e).map((c) => c.version);
      expect(versions, e).toEqual([...versions].sort((a, b) => a - b));
    }
    expect(paged.cursor).toBe(whole.cursor);
    expect(paged.cursor).toMatch(/^\d+$/);
  });

  it('a first download is a snapshot: what changes while it is read follows it, and the device ends as a fresh download', async () => {
    const me = await t.loginUser('superadmin');
    const [doomed] = await t.db.insert(notifications).values({ userId: me.id, title: 'Doomed', message: 'M', route: '/' }).returning();
    const replica = new Map<string, SyncChange>();
    const apply = (cs: SyncChange[]) => {
      for (const c of cs) {
        if (c.data === null) replica.delete(`${c.entity}:${c.id}`);
        else replica.set(`${c.entity}:${c.id}`, c);
      }
    };
    const first = await pull(me.token, '0', '&limit=3');
    expect(first.hasMore).toBe(true);
    expect(first.cursor).toMatch(/^s\d+\.\d+\.\d+$/);
    apply(first.changes);
    // While the rest is read: a user already sent changes, a notification not yet sent goes, a new one comes.
    const sentUser = first.changes.find((c) => c.entity === 'users')!;
    expect(sentUser, 'users come first').toBeDefined();
    expect((await t.put(`/api/user/update/${sentUser.id}`, { phone: '+1 555 0199' }, me.token, { 'idempotency-key': 'k-snap' })).statusCode).toBe(200);
    await t.db.delete(notifications).where(eq(notifications.id, doomed.id));
    const [fresh] = await t.db.insert(notifications).values({ userId: me.id, title: 'Fresh', message: 'M', route: '/' }).returning();
    const rest = await pullAll(me.token, first.cursor, 3);
    apply(rest.changes);

    const again = await pullAll(me.token);
    const expected = new Map(again.changes.filter((c) => c.data !== null).map((c) => [`${c.entity}:${c.id}`, c]));
    expect([...replica.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [k, c] of expected) expect(replica.get(k)?.data, k).toEqual(c.data);
    expect(replica.get(`users:${sentUser.id}`)?.data).toMatchObject({ phone: '+1 555 0199' });
    expect(replica.has(`notifications:${doomed.id}`)).toBe(false);
    expect(replica.has(`notifications:${fresh.id}`)).toBe(true);
    expect(rest.cursor).toBe(again.cursor);
  });

  it('a snapshot cursor from another database (ahead of it) asks for a reset; a malformed one is refused', async () => {
    const token = await t.login('faculty');
    expect((await pull(token, 's999999999.0.0')).resetRequired).toBe(true);
    expect((await t.get('/api/sync/changes?since=s1.99.0', token)).statusCode).toBe(200);
    expect((await t.get('/api/sync/changes?since=s1.999.0', token)).statusCode).toBe(400);
    expect((await t.get('/api/sync/changes?since=s1.0', token)).statusCode).toBe(400);
  });

  it('returns only what changed since the cursor, including tombstones', async () => {
    const me = await t.loginUser('faculty');
    const { cursor } = await pullAll(me.token);
    expect((await pull(me.token, cursor)).changes).toEqual([]);

    const res = await t.put(`/api/user/update/${me.id}`, { phone: '+1 555 0100' }, me.token, { 'idempotency-key': 'k-phone' });
    expect(res.statusCode).toBe(200);
    const [n] = await t.db.insert(notifications).values({ userId: me.id, title: 'T', message: 'M', route: '/' }).returning();
    const after = await pullAll(me.token, cursor);
    expect(after.changes.find((c) => c.entity === 'users' && c.id === me.id)?.data).toMatchObject({ phone: '+1 555 0100' });
    expect(after.changes.some((c) => c.entity === 'notifications' && c.id === n.id)).toBe(true);

    await t.db.delete(notifications).where(eq(notifications.id, n.id));
    const gone = await pullAll(me.token, after.cursor);
    expect(gone.changes).toContainEqual(expect.objectContaining({ entity: 'notifications', id: n.id, data: null }));
  });

  it('refetch returns the current document of a refused entity, and a tombstone for an unknown one', async () => {
    const me = await t.loginUser('faculty');
    const { cursor } = await pullAll(me.token);
    const ghost = '00000000-0000-4000-8000-000000000000';
    const p = await pull(me.token, cursor, `&refetch=${encodeURIComponent(`users:${me.id},notifications:${ghost}`)}`);
    expect(p.changes).toContainEqual(expect.objectContaining({ entity: 'users', id: me.id, data: expect.objectContaining({ id: me.id }) }));
    expect(p.changes).toContainEqual({ entity: 'notifications', id: ghost, version: 0, data: null });
  });

  it('answers resetRequired for a cursor from the future and for one older than a tombstone purge', async () => {
    const me = await t.loginUser('faculty');
    const { cursor } = await pullAll(me.token);
    expect(await pull(me.token, String(Number(cursor.split('@')[0]) + 1_000_000))).toEqual({ resetRequired: true });

    const [n] = await t.db.insert(notifications).values({ userId: me.id, title: 'T', message: 'M', route: '/' }).returning();
    await t.db.delete(notifications).where(eq(notifications.id, n.id));
    expect(await purgeTombstones(t.db, -1)).toBeGreaterThan(0);
    expect(await pull(me.token, cursor)).toEqual({ resetRequired: true });
    // A fresh download works, and its cursors (issued after the purge) stay valid while paging.
    const fresh = await pullAll(me.token, '0', 1);
    expect(fresh.changes.length).toBeGreaterThan(0);
    expect((await pull(me.token, fresh.cursor)).resetRequired).toBeUndefined();
  });

  it('a new observation makes its people appear for each other, with the faculty member\'s facultyObs updated', async () => {
    const a = await actors(t);
    const observer = await pullAll(a.observer);
    const faculty = await pullAll(a.faculty);
    const hod = await pullAll(a.hod);
    expect(observer.changes.some((c) => c.entity === 'users' && c.id === a.ids.faculty3)).toBe(false);
    const id = await initiate(t, a, a.ids.faculty3);
    const later = await pullAll(a.observer, observer.cursor);
    const f3 = later.changes.find((c) => c.entity === 'users' && c.id === a.ids.faculty3);
    // The observer gets the co-participant's public projection (shared/contract/user-projection.ts) …
    expect(f3?.data).toMatchObject({ name: 'Grace Lindqvist', phone: null, facultyObs: [] });
    // … the department's Head the whole document, facultyObs updated.
    const hodLater = await pullAll(a.hod, hod.cursor);
    const f3ForHod = hodLater.changes.find((c) => c.entity === 'users' && c.id === a.ids.faculty3);
    expect(f3ForHod?.data).toMatchObject({ facultyObs: expect.arrayContaining([id]) });
    expect(later.changes).toContainEqual(expect.objectContaining({ entity: 'observations', id }));
    // Unrelated faculty are not told about it.
    const other = await pullAll(a.faculty, faculty.cursor);
    expect(other.changes.some((c) => c.id === id || c.id === a.ids.faculty3)).toBe(false);
  });
});
