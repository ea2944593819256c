/**
 * Live nudges and the pull never disagree (sync/feed-bus.ts, sync/feed-candidates.ts): after each of a series of
 * writes of every kind, every demo user whose next pull brings something was nudged, and every user nudged has
 * something to pull. The bus skips the probe of users the candidate pass rules out, so this checks that the pass
 * is a superset of the feed's audience for each kind of change (a miss would be a user with news and no nudge).
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../src/shared/enums.js';
import { courses, departments, slots, users } from '../../../src/server/db/schema.js';
import type { AuthUser } from '../../../src/server/http/types.js';
import { notify } from '../../../src/server/services/notify.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { actors, initiate, key, scheduleDone, type Actors } from '../support/observations-fixture.js';

let t: TestApp;
let a: Actors;
interface Watcher {
  user: AuthUser;
  token: string;
  cursor: string;
  nudged: boolean;
}
const watchers: Watcher[] = [];

async function head(token: string, since: string): Promise<{ cursor: string; count: number }> {
  let cursor = since;
  let count = 0;
  for (;;) {
    const res = await t.get(`/api/sync/changes?since=${cursor}&limit=1000`, token);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    count += page.changes.length;
    cursor = page.cursor;
    if (!page.hasMore) return { cursor, count };
  }
}

beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  a = await actors(t);
  const everyone = await t.db.select().from(users);
  for (const u of everyone) {
    const login = await t.loginUser(u.email);
    const user: AuthUser = { id: u.id, name: u.name, email: u.email, role: u.role as Role, campus: u.campus, departmentId: u.departmentId, sessionId: randomUUID() };
    const w: Watcher = { user, token: login.token, cursor: (await head(login.token, '0')).cursor, nudged: false };
    await t.app.feedBus.subscribe(user, user.sessionId, () => (w.nudged = true), () => undefined);
    watchers.push(w);
  }
}, 120_000);
afterAll(() => t?.close());

/** Runs a write, lets the bus settle, and compares who was nudged with whose pull brings something. */
async function check(what: string, write: () => Promise<void>) {
  for (const w of watchers) w.nudged = false;
  await write();
  await new Promise((r) => setTimeout(r, 400));
  const wrong: string[] = [];
  for (const w of watchers) {
    const { cursor, count } = await head(w.token, w.cursor);
    w.cursor = cursor;
    if (count > 0 && !w.nudged) wrong.push(`${w.user.email} has ${count} change(s) but was not nudged`);
    if (count === 0 && w.nudged) wrong.push(`${w.user.email} was nudged with nothing to pull`);
  }
  expect(wrong, `${what}:\n${wrong.join('\n')}`).toEqual([]);
  return watchers.filter((w) => w.nudged).length;
}

describe('nudges and the pull agree, for every kind of write', () => {
  it('initiation, scheduling, chat, notes, notifications, slots, assignment, profile, templates, deletion', async () => {
    let obs = '';
    const nudgedBy: Record<string, number> = {};
    nudgedBy.initiate = await check('initiate', async () => {
      obs = await initiate(t, a);
    });
    nudgedBy.schedule = await check('scheduling', () => scheduleDone(t, a, obs).then(() => undefined));
    nudgedBy.message = await check('chat message', async () => {
      expect((await t.post(`/api/observation/${obs}/messages`, { id: randomUUID(), body: 'Hi' }, a.faculty, key())).statusCode).toBe(201);
    });
    const noteId = randomUUID();
    nudgedBy.note = await check('private note', async () => {
      expect((await t.post(`/api/observation/${obs}/notes`, { id: noteId, kind: 'informed', body: 'Private', offsetSeconds: 1 }, a.observer, key())).statusCode).toBe(201);
    });
    nudgedBy.noteDelete = await check('note deleted', async () => {
      expect((await t.del(`/api/observation/${obs}/notes/${noteId}`, a.observer, key())).statusCode).toBe(200);
    });
    nudgedBy.notification = await check('notification', async () => {
      await notify(t.db, { userId: a.ids.faculty2, title: 'T', message: 'M', route: '/' });
      t.app.feedBus.moved();
    });
    const [csc201] = await t.db.select().from(courses).where(eq(courses.courseCode, 'CSC-201'));
    const [free] = await t.db.select().from(slots).where(and(eq(slots.courseId, csc201.id), isNull(slots.facultyId))).limit(1);
    nudgedBy.slotEdit = await check('slot edit', async () => {
      const res = await t.put(`/api/course/${csc201.id}/slot/${free.id}`, { sectionCode: free.sectionCode, day: 'Friday', time: '10:00-11:00', location: 'R9' }, a.hod, key());
      expect(res.statusCode, res.body).toBe(200);
    });
    nudgedBy.assign = await check('assignment', async () => {
      expect((await t.put(`/api/course/user/${a.ids.faculty3}`, { slots: [free.id] }, a.hod, key())).statusCode).toBe(200);
    });
    nudgedBy.profile = await check('profile edit', async () => {
      expect((await t.put(`/api/user/update/${a.ids.faculty2}`, { phone: '+1 555 0199' }, a.faculty2, key())).statusCode).toBe(200);
    });
    nudgedBy.template = await check('plan template', async () => {
      const tpl = (await t.get('/api/template/Teaching', a.superadmin)).json();
      const step = tpl.steps[0];
      expect((await t.put('/api/template/Teaching', { stepId: step.id, name: step.name, field: `${step.field} (edited)` }, a.superadmin, key())).statusCode).toBe(200);
    });
    nudgedBy.department = await check('department renamed (everyone)', async () => {
      await t.db.update(departments).set({ name: 'Physics and Astronomy' }).where(eq(departments.name, 'Physics'));
      t.app.feedBus.moved();
    });
    nudgedBy.deleteObs = await check('observation deleted', async () => {
      expect((await t.del(`/api/observation/${obs}`, a.superadmin, key())).statusCode).toBe(200);
    });
    // The narrow writes reached few users, the broad ones everyone: the candidate pass is not "everyone" always.
    expect(nudgedBy.notification).toBe(1);
    expect(nudgedBy.note).toBeLessThan(watchers.length / 2);
    expect(nudgedBy.department).toBe(watchers.length);
  }, 180_000);
});
