/**
 * Offboarding (services/users/deactivate.ts, reassign.ts): a deactivated user cannot sign in, and their sessions,
 * live event streams and calendar feed end at once; reactivation restores sign-in; their open observations are
 * handed to another observer of the department in one call, telling everyone concerned; the history stays
 * attributed. Who may: the rule of who creates whom, a Head of Department only in their own department.
 * Runs on PGlite and (OBSERVA_TEST_DB=postgres) PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, notifications, observations, sessions, users } from '../../../src/server/db/schema.js';
import { MSG } from '../../../src/shared/messages.js';
import { SYNC_EVENTS_PATH } from '../../../src/shared/sync/protocol.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../support/helpers.js';
import { actors, initiate, key, type Actors } from '../support/observations-fixture.js';

let t: TestApp;
let a: Actors;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
beforeEach(async () => {
  await t.reset();
  a = await actors(t);
});
afterAll(() => t?.close());

const login = (email: string) => t.post('/api/auth/login', { email, password: DEMO_PASSWORD });

async function openStream(token: string) {
  const res = await fetch(base + SYNC_EVENTS_PATH, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const state = { ended: false };
  const reader = res.body!.getReader();
  void (async () => {
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch {
      /* the connection was cut */
    }
    state.ended = true;
  })();
  return state;
}

async function until(cond: () => boolean, ms: number): Promise<void> {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('deactivate and reactivate', () => {
  it('ends sessions, event streams and the calendar feed, refuses sign-in with a clear message, and reactivation restores sign-in', async () => {
    const token = a.observer2;
    const second = await t.login('observer2');
    const stream = await openStream(second);
    const feed = await t.post('/api/user/calendar-feed', {}, token);
    expect(feed.statusCode).toBe(201);
    const feedPath = new URL(feed.json().url as string).pathname;
    expect((await t.get(feedPath)).statusCode).toBe(200);

    const res = await t.put(`/api/user/${a.ids.observer2}/deactivate`, {}, a.hod, key());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: MSG.userDeactivated, id: a.ids.observer2, openObservations: 0 });

    // Every session: refused at once (the cache of this process is voided), the stream closed, the feed gone.
    expect((await t.get('/api/auth/me', token)).statusCode).toBe(401);
    expect((await t.get('/api/auth/me', second)).statusCode).toBe(401);
    await until(() => stream.ended, 2000);
    expect((await t.get(feedPath)).statusCode).toBe(404);
    const live = await t.db.select().from(sessions).where(and(eq(sessions.userId, a.ids.observer2)));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);

    const refused = await login('observer2@university.edu');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: MSG.accountDeactivated });
    // A wrong password still gets the usual answer: the deactivation is told only to someone holding the password.
    const wrong = await t.post('/api/auth/login', { email: 'observer2@university.edu', password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: MSG.invalidCredentials });

    const [row] = await t.db.select().from(users).where(eq(users.id, a.ids.observer2));
    expect(row.deactivatedAt).not.toBeNull();
    expect(row.deactivatedBy).toBe(a.ids.hod);
    const listed = await t.get(`/api/user/${a.ids.observer2}`, a.hod);
    expect(listed.json().deactivatedAt).toBe(row.deactivatedAt!.toISOString());

    expect((await t.put(`/api/user/${a.ids.observer2}/deactivate`, {}, a.hod, key())).statusCode).toBe(409);
    const back = await t.put(`/api/user/${a.ids.observer2}/reactivate`, {}, a.hod, key());
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ message: MSG.userReactivated, deactivatedAt: null });
    expect((await login('observer2@university.edu')).statusCode).toBe(200);
    expect((await t.put(`/api/user/${a.ids.observer2}/reactivate`, {}, a.hod, key())).statusCode).toBe(409);

    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, a.ids.observer2));
    expect(audit.map((r) => r.action)).toEqual(expect.arrayContaining(['user.deactivate', 'user.reactivate']));
  });

  it('follows who creates whom: a HOD only in their own department, never themselves or an Admin; Observer and Faculty never', async () => {
    const mathFaculty = await t.userId('faculty.math');
    const hodId = await t.userId('hod');
    const adminId = await t.userId('admin');
    const cases: [string, string, number][] = [
      [a.hod, mathFaculty, 403], // another department
      [a.hod, hodId, 403], // themselves (a HOD creates no HOD)
      [a.hod, adminId, 403],
      [a.observer, a.ids.faculty, 403],
      [a.faculty, a.ids.faculty2, 403],
      [a.admin, adminId, 403], // an Admin creates no Admin
      [a.admin, '00000000-0000-4000-8000-000000000000', 404],
      [a.admin, 'not-a-user', 404],
    ];
    for (const [token, id, status] of cases) {
      const res = await t.put(`/api/user/${id}/deactivate`, {}, token, key());
      expect(res.statusCode, `${id}: ${res.body}`).toBe(status);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    expect((await t.get(`/api/user/${mathFaculty}/open-observations`, a.hod)).statusCode).toBe(403);
    // The Mathematics HOD may, and an Admin anywhere.
    expect((await t.put(`/api/user/${mathFaculty}/deactivate`, {}, a.hodMath, key())).statusCode).toBe(200);
    expect((await t.put(`/api/user/${mathFaculty}/reactivate`, {}, a.admin, key())).statusCode).toBe(200);
    expect((await t.put(`/api/user/${hodId}/deactivate`, {}, a.admin, key())).statusCode).toBe(200);
  });
});

describe('reassigning open observations', () => {
  it('lists the open observations, hands them to another observer of the department and tells everyone concerned', async () => {
    const first = await initiate(t, a, a.ids.faculty);
    const second = await initiate(t, a, a.ids.faculty2);
    // The old observer's history: a chat message stays theirs.
    const msg = await t.post(`/api/observation/${first}/messages`, { body: 'Before the hand-over.' }, a.observer, key());
    expect(msg.statusCode, msg.body).toBe(201);

    expect((await t.put(`/api/user/${a.ids.observer}/deactivate`, {}, a.admin, key())).json().openObservations).toBe(2);
    const open = await t.get(`/api/user/${a.ids.observer}/open-observations`, a.hod);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().observations.map((o: { id: string }) => o.id).sort()).toEqual([first, second].sort());
    expect(open.json().observers).toEqual([expect.objectContaining({ id: a.ids.observer2 })]);

    // Refused as a whole: a Mathematics observer, an unknown observation, a non-observer.
    const mathObserver = await t.post('/api/auth/create', { name: 'Math Observer', email: 'math.observer@university.edu', password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, role: 'Observer' }, a.hodMath, key());
    expect(mathObserver.statusCode, mathObserver.body).toBe(201);
    const bad: [unknown, number][] = [
      [{ observerId: mathObserver.json().id, observationIds: [first] }, 400],
      [{ observerId: a.ids.observer2, observationIds: [first, '00000000-0000-4000-8000-000000000000'] }, 400],
      [{ observerId: a.ids.faculty, observationIds: [first] }, 400],
      [{ observerId: a.ids.observer2, observationIds: [] }, 400],
    ];
    for (const [body, status] of bad) {
      const res = await t.put(`/api/user/${a.ids.observer}/reassign-observations`, body, a.hod, key());
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error).toMatch(/observerId|observationIds/);
    }
    expect((await t.put(`/api/user/${a.ids.observer}/reassign-observations`, { observerId: a.ids.observer2, observationIds: [first] }, a.hodMath, key())).statusCode).toBe(403);
    const unchanged = await t.db.select({ observerId: observations.observerId }).from(observations).where(eq(observations.id, first));
    expect(unchanged[0].observerId).toBe(a.ids.observer);

    const res = await t.put(`/api/user/${a.ids.observer}/reassign-observations`, { observerId: a.ids.observer2, observationIds: [first, second] }, a.hod, key());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reassigned.sort()).toEqual([first, second].sort());
    const moved = await t.db.select({ observerId: observations.observerId }).from(observations);
    expect(moved.filter((o) => o.observerId === a.ids.observer2)).toHaveLength(2);

    const told = await t.db.select({ userId: notifications.userId, event: notifications.event }).from(notifications).where(eq(notifications.observationId, first));
    const events = (event: string) => told.filter((n) => n.event === event).map((n) => n.userId).sort();
    // The HOD acted, so the HOD is not told; a deactivated observer is still told (their bell is there on return).
    expect(events('observation.reassigned')).toEqual([a.ids.faculty, a.ids.observer2].sort());
    expect(events('observation.reassignedAway')).toEqual([a.ids.observer]);
    // Told by an Admin instead, the HOD hears of it too.
    // (A deactivated observer takes part in no new cycle: reactivated to be given a third one.)
    expect((await t.put(`/api/user/${a.ids.observer}/reactivate`, {}, a.admin, key())).statusCode).toBe(200);
    const third = await initiate(t, a, a.ids.faculty3);
    expect((await t.put(`/api/user/${a.ids.observer}/reassign-observations`, { observerId: a.ids.observer2, observationIds: [third] }, a.admin, key())).statusCode).toBe(200);
    const hodTold = await t.db.select().from(notifications).where(and(eq(notifications.observationId, third), eq(notifications.userId, a.ids.hod)));
    expect(hodTold.map((n) => n.event)).toContain('observation.reassigned');

    // History intact: the old observer's message is still theirs, and the open list is empty now.
    const messages = await t.get(`/api/observation/${first}/messages`, a.hod);
    expect(JSON.stringify(messages.json())).toContain(a.ids.observer);
    expect((await t.get(`/api/user/${a.ids.observer}/open-observations`, a.hod)).json().observations).toEqual([]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'observation.reassign'));
    expect(audit).toHaveLength(3);
  });
});

describe('a deactivated account in a new cycle', () => {
  it('cannot be the observer or a faculty member of an initiated observation', async () => {
    expect((await t.put(`/api/user/${a.ids.observer2}/deactivate`, {}, a.hod, key())).statusCode).toBe(200);
    const res = await t.post('/api/observation/initiate', { facultyIds: [a.ids.faculty], observerId: a.ids.observer2, semester: 'Fall' }, a.hod, key());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: MSG.deactivatedParticipant });
    expect((await t.put(`/api/user/${a.ids.faculty}/deactivate`, {}, a.hod, key())).statusCode).toBe(200);
    const faculty = await t.post('/api/observation/initiate', { facultyIds: [a.ids.faculty], observerId: a.ids.observer, semester: 'Fall' }, a.hod, key());
    expect(faculty.json()).toEqual({ error: MSG.deactivatedParticipant });
    expect(await t.db.select().from(observations).where(eq(observations.facultyId, a.ids.faculty))).toEqual([]);
  });
});
