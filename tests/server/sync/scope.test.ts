/**
 * Scope and grains against the real app (PGlite): the REST reads and the sync feed show every role the
 * same observations and messages (also after a user moved department); the feed sends whole documents for what
 * the user takes part in, open, recent and pinned observations and summaries for the rest; a changed scope
 * resets the device; a Super_Admin's first sync of 1 000 observations costs summaries, not documents.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ObservationSummary } from '../../../src/shared/contract/observation-summary.js';
import type { SyncChange } from '../../../src/shared/sync/protocol.js';
import { users } from '../../../src/server/db/schema.js';
import { forgetSessions } from '../../../src/server/services/auth/session-cache.js';
import { FULL_RECENT_DAYS } from '../../../src/server/services/scope/index.js';
import { useTestApp } from '../support/helpers.js';
import { actors, initiate, key } from '../support/observations-fixture.js';

const t = useTestApp();

interface Page {
  changes: SyncChange[];
  cursor: string;
  hasMore: boolean;
  scope?: string;
  resetRequired?: true;
}

async function pullAll(token: string, extra = '', since = '0'): Promise<{ changes: SyncChange[]; cursor: string; scope?: string; bytes: number; pages: number[] }> {
  const changes: SyncChange[] = [];
  const pages: number[] = [];
  let cursor = since;
  let scope: string | undefined;
  for (let n = 1; ; n++) {
    expect(n, 'pull terminates').toBeLessThan(1000);
    const res = await t.get(`/api/sync/changes?since=${encodeURIComponent(cursor)}${extra}`, token);
    expect(res.statusCode, res.body).toBe(200);
    pages.push(res.body.length);
    const p: Page = res.json();
    expect(p.resetRequired).toBeUndefined();
    changes.push(...p.changes);
    cursor = p.cursor;
    scope = p.scope;
    if (!p.hasMore) return { changes, cursor, scope, bytes: pages.reduce((a, b) => a + b, 0), pages };
  }
}

function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}

const WHO = ['superadmin', 'admin', 'director', 'hod', 'hod.math', 'observer', 'observer2', 'faculty', 'faculty2', 'faculty.math'];

/** Observations inserted directly (fast), all Completed (one open observation per faculty member). */
async function insertObservations(n: number, opts: { facultyId: string; observerId: string; hodId: string; departmentId: number | null; daysAgo: number }) {
  const at = new Date(Date.now() - opts.daysAgo * 86_400_000).toISOString();
  await t.db.execute(sql`insert into observations (faculty_id, observer_id, hod_id, department_id, semester, status, progress, created_at, updated_at)
    select ${opts.facultyId}, ${opts.observerId}, ${opts.hodId}, ${opts.departmentId}, 'Spring ' || (2000 + g % 20), 'Completed', 100, ${at}, ${at}
    from generate_series(1, ${n}) g`);
}

async function departmentOf(who: string): Promise<number | null> {
  const [u] = await t.db.select({ d: users.departmentId }).from(users).where(eq(users.id, await t.userId(who)));
  return u.d;
}

/** A world with observations in two departments, one message each on the live ones. */
async function world() {
  const a = await actors(t);
  const live = await initiate(t, a, a.ids.faculty);
  const mathHod = await t.userId('hod.math');
  const mathDept = await departmentOf('hod.math');
  const csDept = await departmentOf('hod');
  await insertObservations(3, { facultyId: a.ids.faculty2, observerId: a.ids.observer, hodId: a.ids.hod, departmentId: csDept, daysAgo: 200 });
  await insertObservations(2, { facultyId: a.ids.facultyMath, observerId: a.ids.observer2, hodId: mathHod, departmentId: mathDept, daysAgo: 200 });
  const res = await t.post(`/api/observation/${live}/messages`, { body: 'Hello' }, a.observer, key());
  expect(res.statusCode, res.body).toBe(201);
  return { a, live, mathDept, csDept };
}

async function restAndFeedAgree(who: string) {
  const token = await t.login(who);
  const list = await t.get('/api/observations', token);
  expect(list.statusCode).toBe(200);
  const restIds = (list.json() as { id: string }[]).map((o) => o.id).sort();
  const { changes } = await pullAll(token);
  const feedIds = changes.filter((c) => c.entity === 'observations').map((c) => c.id).sort();
  expect(feedIds, `${who}: feed = GET /observations`).toEqual(restIds);
  // Every observation in the database: GET /observation/{id} answers 200 exactly for the feed's ones.
  const ids = rowsOf<{ id: string }>(await t.db.execute(sql`select id from observations`)).map((r) => r.id);
  for (const id of ids) {
    const one = await t.get(`/api/observation/${id}`, token);
    expect(one.statusCode, `${who} GET /observation/${id}`).toBe(feedIds.includes(id) ? 200 : 403);
  }
  // Messages: the feed carries exactly the messages GET /observation/{id}/messages shows.
  const restMessages: string[] = [];
  for (const id of feedIds) {
    const m = await t.get(`/api/observation/${id}/messages`, token);
    expect(m.statusCode).toBe(200);
    restMessages.push(...(m.json() as { id: string }[]).map((x) => x.id));
  }
  expect(changes.filter((c) => c.entity === 'messages').map((c) => c.id).sort(), `${who}: messages`).toEqual(restMessages.sort());
  return feedIds;
}

describe('one scope for REST and the feed', () => {
  it('every role sees the same observations and messages both ways', async () => {
    await world();
    for (const who of WHO) await restAndFeedAgree(who);
  });

  it('still agree after a Head of Department moved to another department', async () => {
    const { mathDept, csDept } = await world();
    const before = await restAndFeedAgree('hod.math');
    expect(before).toHaveLength(2);
    await t.db.update(users).set({ departmentId: csDept }).where(eq(users.id, await t.userId('hod.math')));
    forgetSessions();
    // Its own initiated ones stay (hodId); the CS department's four join.
    const after = await restAndFeedAgree('hod.math');
    expect(after).toHaveLength(6);
    expect(mathDept).not.toBe(csDept);
  });
});

describe('grains', () => {
  it('sends whole documents for taking part, open, recent and pinned; summaries for the rest', async () => {
    const { a, live, csDept } = await world();
    await insertObservations(1, { facultyId: a.ids.faculty3, observerId: a.ids.observer2, hodId: a.ids.hod, departmentId: csDept, daysAgo: FULL_RECENT_DAYS - 5 });
    const grains = (changes: SyncChange[]) => new Map(changes.filter((c) => c.entity === 'observations').map((c) => [c.id, c.data!.grain]));

    // The Super_Admin takes part in none: the open one and the recent one whole, the old completed ones summaries.
    const sa = await pullAll(a.superadmin);
    const saGrains = grains(sa.changes);
    expect(saGrains.size).toBe(7);
    expect(saGrains.get(live)).toBe('full');
    expect([...saGrains.values()].filter((g) => g === 'full')).toHaveLength(2);
    for (const c of sa.changes.filter((x) => x.entity === 'observations')) {
      if (c.data!.grain === 'summary') {
        expect(ObservationSummary.strict().safeParse(c.data).success, JSON.stringify(c.data)).toBe(true);
        expect(JSON.stringify(c.data).length).toBeLessThan(1024);
      } else {
        expect(c.data).toHaveProperty('meetings');
        // A full document carries every summary field (the contract's invariant).
        expect(ObservationSummary.safeParse(c.data).success).toBe(true);
      }
    }

    // A pinned one comes whole; the pin is only about grain, never about visibility.
    const old = [...saGrains].find(([, g]) => g === 'summary')![0];
    const pinned = await pullAll(a.superadmin, `&pin=${old}`);
    expect(grains(pinned.changes).get(old)).toBe('full');
    const fac = await pullAll(a.faculty, `&pin=${old}`);
    expect(grains(fac.changes).has(old)).toBe(false);

    // The observer of the old completed ones takes part: whole documents.
    const obs = await pullAll(a.observer);
    for (const g of grains(obs.changes).values()) expect(g).toBe('full');
    // HOD of the department counts as taking part.
    for (const g of grains((await pullAll(a.hod)).changes).values()) expect(g).toBe('full');
  });

  it('a re-pull of an observation (refetch) answers in the device grain', async () => {
    const { a } = await world();
    const sa = await pullAll(a.superadmin);
    const old = sa.changes.find((c) => c.entity === 'observations' && c.data!.grain === 'summary')!.id;
    const summary = await t.get(`/api/sync/changes?since=${sa.cursor}&refetch=observations:${old}`, a.superadmin);
    expect(summary.json().changes[0].data.grain).toBe('summary');
    const whole = await t.get(`/api/sync/changes?since=${sa.cursor}&refetch=observations:${old}&pin=${old}`, a.superadmin);
    expect(whole.json().changes[0].data.grain).toBe('full');
  });

  it('faculty never get observer scores in either grain', async () => {
    const { a, live } = await world();
    await t.db.execute(sql`insert into meetings (observation_id, kind, status, observer_score, faculty_score) values (${live}, 'informed', 'Ongoing', 61, 55)`);
    const { changes } = await pullAll(a.faculty);
    const doc = changes.find((c) => c.entity === 'observations' && c.id === live)!.data!;
    expect(doc.grain).toBe('full');
    const informed = (doc.meetings as { informedObservation: Record<string, unknown> }).informedObservation;
    expect(informed).toMatchObject({ observerScore: null, facultyScore: 55, finalScore: null, percentage: null });
    // The observer sees it.
    const seen = (await pullAll(a.observer)).changes.find((c) => c.entity === 'observations' && c.id === live)!.data!;
    expect((seen.meetings as { informedObservation: Record<string, unknown> }).informedObservation.observerScore).toBe(61);
    // An old completed one with scores: faculty2 gets it whole, without the observer's score; a summary of it
    // (the Super_Admin's) carries no score field at all.
    const oldId = rowsOf<{ id: string }>(await t.db.execute(sql`select id from observations where faculty_id = ${a.ids.faculty2} limit 1`))[0].id;
    await t.db.execute(sql`insert into meetings (observation_id, kind, status, observer_score, faculty_score) values (${oldId}, 'informed', 'Completed', 62, 57)`);
    await t.db.execute(sql`update observations set updated_at = now() - interval '200 days' where id = ${oldId}`);
    const mine = (await pullAll(a.faculty2)).changes.find((c) => c.id === oldId)!.data!;
    expect(mine.grain).toBe('full');
    expect((mine.meetings as { informedObservation: Record<string, unknown> }).informedObservation).toMatchObject({ observerScore: null, facultyScore: 57 });
    const summary = (await pullAll(a.superadmin)).changes.find((c) => c.id === oldId)!.data!;
    expect(summary.grain).toBe('summary');
    expect(JSON.stringify(summary)).not.toMatch(/Score|percentage|meetings/);
  });

  it('rejects a malformed pin or scope with 400 naming the field', async () => {
    const token = await t.login('superadmin');
    const bad = await t.get('/api/sync/changes?since=0&pin=nope', token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/pin/);
    const many = Array.from({ length: 101 }, () => crypto.randomUUID()).join(',');
    expect((await t.get(`/api/sync/changes?since=0&pin=${many}`, token)).statusCode).toBe(400);
    const scope = await t.get(`/api/sync/changes?since=0&scope=${'x'.repeat(101)}`, token);
    expect(scope.statusCode).toBe(400);
    expect(scope.json().error).toMatch(/scope/);
  });
});

describe('scope loss', () => {
  it('a device whose user moved department is told to reset, and the re-download drops what it may no longer see', async () => {
    const { a, mathDept, csDept } = await world();
    const hodId = await t.userId('hod');
    // Two CS observations another HOD initiated: the CS HOD sees them only as their department's HOD.
    await insertObservations(2, { facultyId: a.ids.faculty3, observerId: a.ids.observer2, hodId: await t.userId('hod.math'), departmentId: csDept, daysAgo: 200 });
    const token = await t.login('hod');
    const first = await pullAll(token);
    const had = first.changes.filter((c) => c.entity === 'observations').map((c) => c.id);
    expect(had.length).toBe(6);
    expect(first.scope).toBeTruthy();
    // Same scope: an ordinary incremental pull.
    const same = await t.get(`/api/sync/changes?since=${first.cursor}&scope=${first.scope}`, token);
    expect(same.json().resetRequired).toBeUndefined();

    await t.db.update(users).set({ departmentId: mathDept }).where(eq(users.id, hodId));
    forgetSessions();
    const moved = await t.get(`/api/sync/changes?since=${first.cursor}&scope=${first.scope}`, token);
    expect(moved.json()).toEqual({ resetRequired: true });
    const again = await pullAll(token);
    expect(again.scope).not.toBe(first.scope);
    const now = again.changes.filter((c) => c.entity === 'observations');
    // It still sees the ones it initiated (hodId) and now Math's; none of CS's others.
    const rows = { rows: rowsOf<{ id: string; hod_id: string; department_id: number }>(await t.db.execute(sql`select id, hod_id, department_id from observations`)) };
    const expected = rows.rows.filter((r) => r.hod_id === hodId || r.department_id === mathDept).map((r) => r.id).sort();
    expect(now.map((c) => c.id).sort()).toEqual(expected);
    const lost = rows.rows.filter((r) => r.department_id === csDept && r.hod_id !== hodId).map((r) => r.id);
    expect(lost).toHaveLength(2);
    for (const id of lost) expect(had).toContain(id);
    for (const id of lost) expect(now.map((c) => c.id)).not.toContain(id);
  });
});

describe('first sync at 1 000 observations (CI size; 10 000 in tests/bench/empty-pull.ts)', () => {
  it('a Super_Admin receives summaries (< 1 KB each), pages bounded by bytes, an idle pull is empty', async () => {
    const a = await actors(t);
    const csDept = await departmentOf('hod');
    await insertObservations(1000, { facultyId: a.ids.faculty2, observerId: a.ids.observer, hodId: a.ids.hod, departmentId: csDept, daysAgo: 200 });
    const { changes, bytes, cursor, pages } = await pullAll(a.superadmin, '&limit=2000');
    const obs = changes.filter((c) => c.entity === 'observations');
    expect(obs).toHaveLength(1000);
    expect(obs.every((c) => c.data!.grain === 'summary')).toBe(true);
    const perSummary = obs.reduce((n, c) => n + JSON.stringify(c).length, 0) / obs.length;
    expect(perSummary).toBeLessThan(1024);
    // The whole first sync (users, courses, templates… and 1 000 summaries) stays well under what 1 000 full
    // documents alone would weigh (~20 KB each at scale; generous bound).
    expect(bytes).toBeLessThan(2_000_000);
    for (const p of pages) expect(p).toBeLessThan(1_600_000);
    const idle = await t.get(`/api/sync/changes?since=${cursor}`, a.superadmin);
    expect(idle.json().changes).toEqual([]);
  });

  it('cuts a page by bytes on a version boundary, and the pages add up to the whole', async () => {
    const { changesFor } = await import('../../../src/server/sync/changes.js');
    const { parseCursor } = await import('../../../src/server/sync/cursor.js');
    const a = await actors(t);
    const csDept = await departmentOf('hod');
    await insertObservations(200, { facultyId: a.ids.faculty2, observerId: a.ids.observer, hodId: a.ids.hod, departmentId: csDept, daysAgo: 200 });
    const [sa] = await t.db.select().from(users).where(eq(users.id, await t.userId('superadmin')));
    const user = { id: sa.id, role: sa.role, departmentId: sa.departmentId } as never;
    const whole = await changesFor(t.db, user, { since: parseCursor('0')!, limit: 2000, refetch: [] });
    if ('resetRequired' in whole) throw new Error('reset');
    let cursor = '0';
    const got: SyncChange[] = [];
    for (let n = 0; n < 500; n++) {
      const p = await changesFor(t.db, user, { since: parseCursor(cursor)!, limit: 2000, refetch: [], maxBytes: 20_000 });
      if ('resetRequired' in p) throw new Error('reset');
      expect(JSON.stringify(p.changes).length).toBeLessThan(20_000 + 30_000);
      got.push(...p.changes);
      cursor = p.cursor;
      if (!p.hasMore) break;
    }
    const k = (c: SyncChange) => `${c.entity}:${c.id}:${c.version}`;
    expect(got.map(k).sort()).toEqual(whole.changes.map(k).sort());
  });
});
