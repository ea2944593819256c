/**
 * Who hears of a removal (GET /api/sync/changes): a removal reaches only the audience its row had — in two
 * departments (Computer Science and Mathematics) — and a faculty member's feed never lists the observer's
 * unshared notes or agenda, not even as removals; a note or agenda that leaves their view arrives once as one.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { courses, slots, tombstones } from '../../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { actors, initiate, key, lock, scheduleDone, scoreAll, type Actors } from '../support/observations-fixture.js';

let t: TestApp;
let a: Actors;
type Who = 'superadmin' | 'admin' | 'director' | 'hod' | 'observer' | 'faculty' | 'faculty2' | 'hodMath' | 'facultyMath';
let tokens: Record<Who, string>;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
beforeEach(async () => {
  await t.reset();
  a = await actors(t);
  tokens = {
    superadmin: a.superadmin,
    admin: a.admin,
    director: await t.login('director'),
    hod: a.hod,
    observer: a.observer,
    faculty: a.faculty,
    faculty2: a.faculty2,
    hodMath: a.hodMath,
    facultyMath: await t.login('faculty.math'),
  };
});
afterAll(() => t?.close());

type Change = { entity: string; id: string; version: number; data: unknown };
async function pullFrom(token: string, since: string): Promise<{ changes: Change[]; cursor: string }> {
  const changes: Change[] = [];
  let cursor = since;
  for (;;) {
    const res = await t.get(`/api/sync/changes?since=${cursor}&limit=500`, token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    changes.push(...page.changes);
    cursor = page.cursor;
    if (!page.hasMore) return { changes, cursor };
  }
}

/** Every caller's cursor at the head of their feed now. */
async function cursors(): Promise<Record<Who, string>> {
  const out = {} as Record<Who, string>;
  for (const w of Object.keys(tokens) as Who[]) out[w] = (await pullFrom(tokens[w], '0')).cursor;
  return out;
}

/** Who, since `at`, received a removal (data null) of `entity` `id`. */
async function heardOf(at: Record<Who, string>, entity: string, id: string): Promise<Who[]> {
  const out: Who[] = [];
  for (const w of Object.keys(tokens) as Who[]) {
    const { changes } = await pullFrom(tokens[w], at[w]);
    if (changes.some((c) => c.entity === entity && c.id === id && c.data === null)) out.push(w);
  }
  return out.sort();
}

const note = (obs: string, body: Record<string, unknown> = {}) =>
  t.post(`/api/observation/${obs}/notes`, { id: randomUUID(), kind: 'informed', body: 'Seen in the room', offsetSeconds: 30, ...body }, a.observer, key());

describe('removals reach only the audience their row had', () => {
  it('a deleted note: the observer, the HOD and Super_Admin — not its faculty member (never saw it), nor another department', async () => {
    const obs = await initiate(t, a);
    await scheduleDone(t, a, obs);
    const made = await note(obs);
    expect(made.statusCode, made.body).toBe(201);
    const at = await cursors();
    expect((await t.del(`/api/observation/${obs}/notes/${made.json().id}`, a.observer, key())).statusCode).toBe(200);
    expect(await heardOf(at, 'notes', made.json().id)).toEqual(['hod', 'observer', 'superadmin']);
  });

  it('a deleted observation: its people, its department and the all-seeing roles — not the other department', async () => {
    const obs = await initiate(t, a, a.ids.faculty2);
    const at = await cursors();
    expect((await t.del(`/api/observation/${obs}`, a.superadmin, key())).statusCode).toBe(200);
    expect(await heardOf(at, 'observations', obs)).toEqual(['admin', 'director', 'faculty2', 'hod', 'observer', 'superadmin']);
  });

  it('a deleted slot: who may see its course — not the other department', async () => {
    const [course] = await t.db.select().from(courses).where(eq(courses.courseCode, 'CSC-201'));
    const [free] = await t.db.select().from(slots).where(and(eq(slots.courseId, course.id), isNull(slots.facultyId))).limit(1);
    const at = await cursors();
    expect((await t.del(`/api/course/${course.id}/slot/${free.id}`, a.hod, key())).statusCode).toBe(200);
    const heard = await heardOf(at, 'slots', free.id);
    // Exactly those who may read the course (GET /course/{id}: the same rule).
    const readers: Who[] = [];
    for (const w of Object.keys(tokens) as Who[]) if ((await t.get(`/api/course/${course.id}`, tokens[w])).statusCode === 200) readers.push(w);
    expect(heard).toEqual(readers.sort());
    expect(heard).toEqual(expect.arrayContaining(['admin', 'director', 'hod', 'observer', 'superadmin']));
    expect(heard).not.toContain('hodMath');
    expect(heard).not.toContain('facultyMath');
  });
});

describe("a faculty member's feed and the observer's private notes and agenda", () => {
  it('never lists unshared notes or agenda; a shared one arrives after the lock; unsharing it removes it once', async () => {
    const obs = await initiate(t, a);
    await scheduleDone(t, a, obs);
    let { cursor } = await pullFrom(a.faculty, '0');
    const privateNotes = [await note(obs), await note(obs, { body: 'Another private note' })];
    const shared = await note(obs, { shared: true, body: 'For the meeting' });
    for (const n of [...privateNotes, shared]) expect(n.statusCode, n.body).toBe(201);
    expect((await t.put(`/api/observation/${obs}/notes/${privateNotes[1].json().id}`, { body: 'Edited, still private' }, a.observer, key())).statusCode).toBe(200);
    expect((await t.del(`/api/observation/${obs}/notes/${privateNotes[0].json().id}`, a.observer, key())).statusCode).toBe(200);
    let page = await pullFrom(a.faculty, cursor);
    expect(page.changes.filter((c) => c.entity === 'notes'), 'nothing of the notes before the lock').toEqual([]);
    cursor = page.cursor;

    await scoreAll(t, 'informed', obs, a.observer, 3);
    await scoreAll(t, 'informed', obs, a.faculty, 3);
    expect((await t.put('/api/observation/informed', { observationsId: obs, submit: true }, a.observer, key())).statusCode).toBe(200);
    expect((await lock(t, 'informed', obs, a.observer)).statusCode).toBe(200);
    page = await pullFrom(a.faculty, cursor);
    const notes = page.changes.filter((c) => c.entity === 'notes');
    expect(notes.map((c) => [c.id, c.data === null])).toEqual([[shared.json().id, false]]);
    cursor = page.cursor;

    // The agenda: unshared, nothing; shared, the document; unshared again, one removal.
    expect((await t.put(`/api/observation/${obs}/agenda`, { items: [], summary: 'Private draft', shared: false }, a.observer, key())).statusCode).toBe(200);
    page = await pullFrom(a.faculty, cursor);
    expect(page.changes.filter((c) => c.entity === 'agendas')).toEqual([]);
    expect((await t.put(`/api/observation/${obs}/agenda`, { items: [], summary: 'Shared', shared: true }, a.observer, key())).statusCode).toBe(200);
    page = await pullFrom(a.faculty, page.cursor);
    expect(page.changes.filter((c) => c.entity === 'agendas').map((c) => c.data === null)).toEqual([false]);

    // Unsharing the note and the agenda: each arrives once as a removal.
    expect((await t.put(`/api/observation/${obs}/notes/${shared.json().id}`, { shared: false }, a.observer, key())).statusCode).toBe(200);
    expect((await t.put(`/api/observation/${obs}/agenda`, { items: [], summary: 'Private again', shared: false }, a.observer, key())).statusCode).toBe(200);
    page = await pullFrom(a.faculty, page.cursor);
    const removed = page.changes.filter((c) => c.entity === 'notes' || c.entity === 'agendas');
    expect(removed.map((c) => [c.entity, c.id, c.data])).toEqual([
      ['notes', shared.json().id, null],
      ['agendas', obs, null],
    ]);
    // Later edits of what they no longer see are not in their feed.
    expect((await t.put(`/api/observation/${obs}/agenda`, { items: [], summary: 'Private, edited', shared: false }, a.observer, key())).statusCode).toBe(200);
    page = await pullFrom(a.faculty, page.cursor);
    expect(page.changes.filter((c) => c.entity === 'notes' || c.entity === 'agendas')).toEqual([]);
    // The observer's own feed kept everything.
    const mine = (await pullFrom(a.observer, '0')).changes.filter((c) => c.entity === 'notes');
    expect(mine).toHaveLength(2);
  });

  it('pages past removals that are not for the viewer: small pages, few of them theirs; none skipped, the cursor reaches the head', async () => {
    const [mth] = await t.db.select().from(courses).where(eq(courses.courseCode, 'PHY-110'));
    const start = (await pullFrom(a.faculty, '0')).cursor;
    // 30 removals of another department's slots (as deletions leave them), then changes for the viewer.
    for (let i = 0; i < 30; i++) await t.db.insert(tombstones).values({ entity: 'slots', entityId: randomUUID(), scope: { course: mth.id } });
    // … and one of a course the viewer teaches in, which must not be skipped.
    const [own] = await t.db.select().from(courses).where(eq(courses.courseCode, 'CSC-101'));
    const visible = randomUUID();
    await t.db.insert(tombstones).values({ entity: 'slots', entityId: visible, scope: { course: own.id } });
    const note = await t.put(`/api/user/update/${a.ids.faculty}`, { phone: '+1 555 0111' }, a.faculty, key());
    expect(note.statusCode).toBe(200);
    let cursor = start;
    const seen: Change[] = [];
    for (let pages = 0; ; pages++) {
      expect(pages, 'the pull must not stall on removals it filters out').toBeLessThan(40);
      const res = await t.get(`/api/sync/changes?since=${cursor}&limit=5`, a.faculty);
      const page = res.json();
      seen.push(...page.changes);
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(seen.filter((c) => c.entity === 'slots').map((c) => c.id)).toEqual([visible]);
    expect(seen.some((c) => c.entity === 'users' && c.id === a.ids.faculty)).toBe(true);
  });
});
