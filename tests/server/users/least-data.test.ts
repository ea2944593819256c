/**
 * Least data (shared/contract/user-projection.ts): each path that hands out users gives a viewer only the
 * projection their role needs — Admin and Campus_Director never get a Super_Admin's personal fields, a
 * co-participant gets who the person is (name, avatar …) but no phone, date of birth or education — and an
 * observation embeds its participants as id, name and avatar only.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actors, doc, initiate, type Actors } from '../support/observations-fixture.js';
import { createTestApp, type TestApp } from '../support/helpers.js';

const PRIVATE = { phone: '555-0100', dateOfBirth: '1980-02-03', institute: 'Private Institute', degree: 'PhD' };

let t: TestApp;
let a: Actors;
let obsId: string;
let superadminId: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  await t.db.execute(
    sql`update users set phone = ${PRIVATE.phone}, date_of_birth = ${PRIVATE.dateOfBirth}, institute = ${PRIVATE.institute}, degree = ${PRIVATE.degree}`,
  );
  a = await actors(t);
  obsId = await initiate(t, a);
  superadminId = await t.userId('superadmin');
});
afterAll(() => t?.close());

type Doc = Record<string, unknown>;
const isPublic = (u: Doc) =>
  u.phone === null && u.dateOfBirth === null && u.institute === null && u.degree === null && typeof u.name === 'string';
const isFull = (u: Doc) => u.phone === PRIVATE.phone && u.dateOfBirth === PRIVATE.dateOfBirth && u.institute === PRIVATE.institute;

async function userAs(id: string, token: string): Promise<Doc> {
  const res = await t.get(`/api/user/${id}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function syncedUsers(token: string): Promise<Map<string, Doc>> {
  const res = await t.get('/api/sync/changes?since=0&limit=2000', token);
  expect(res.statusCode).toBe(200);
  const changes = res.json().changes as { entity: string; id: string; data: Doc }[];
  return new Map(changes.filter((c) => c.entity === 'users').map((c) => [c.id, c.data]));
}

describe('GET /user/{id}', () => {
  it("gives Admin and Campus_Director only the public part of a Super_Admin's document", async () => {
    const director = await t.login('director');
    for (const token of [a.admin, director]) {
      const sa = await userAs(superadminId, token);
      expect(isPublic(sa)).toBe(true);
      expect(sa).toMatchObject({ id: superadminId, name: 'Sara Admin', role: 'Super_Admin' });
    }
    expect(isFull(await userAs(superadminId, a.superadmin))).toBe(true);
    // They manage everyone else, so they see those in full.
    expect(isFull(await userAs(a.ids.faculty, a.admin))).toBe(true);
    expect(isFull(await userAs(a.ids.faculty, director))).toBe(true);
  });

  it("gives a co-participant the public part, and the Head of Department their department's users in full", async () => {
    const observerView = await userAs(a.ids.faculty, a.observer);
    expect(isPublic(observerView)).toBe(true);
    // SPEC §2/§7 Show Faculty Schedule: the paired observer gets the faculty's course slots from initiation on
    // (before scheduling starts); nothing personal. An observer not paired with them does not see them at all.
    expect(observerView).toMatchObject({ name: 'Fatima Rahman', facultyObs: [] });
    expect(observerView.courseSlots).toContainEqual(expect.objectContaining({ day: 'Monday', time: '09:00-10:30', location: 'Room B-101' }));
    expect(observerView.slots).toEqual(observerView.courseSlots);
    const unpaired = await t.get(`/api/user/${a.ids.faculty}`, await t.login('observer2'));
    expect(unpaired.statusCode).toBe(403);
    expect(isPublic(await userAs(a.ids.observer, a.faculty))).toBe(true);
    expect(isPublic(await userAs(a.ids.hod, a.faculty))).toBe(true);
    expect(isFull(await userAs(a.ids.faculty, a.hod))).toBe(true);
    expect(isFull(await userAs(a.ids.faculty, a.faculty))).toBe(true);
  });
});

describe('lists and loaders', () => {
  it('GET /users and /data/* carry full documents only where the role needs them', async () => {
    const list = (await t.get('/api/users?page=1', a.hod)).json().users as Doc[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every(isFull)).toBe(true);
    const adminList = (await t.get('/api/users?page=1', a.admin)).json().users as Doc[];
    expect(adminList.every(isFull)).toBe(true);
    const dept = await t.db.execute<{ id: number }>(sql`select department_id as id from users where email = 'hod@university.edu'`);
    const deptId = (Array.isArray(dept) ? dept : (dept as { rows: { id: number }[] }).rows)[0].id;
    const data = await t.get(`/api/data/Head_of_Department/${deptId}`, a.hod);
    expect(data.statusCode).toBe(200);
    expect((data.json().users as Doc[]).every(isFull)).toBe(true);
    const superData = (await t.get('/api/data/super-data', a.superadmin)).json().users as Doc[];
    expect(superData.every(isFull)).toBe(true);
  });
});

describe('observation documents', () => {
  it('embed participants as id, name and avatar only', async () => {
    for (const token of [a.faculty, a.observer, a.hod, a.admin]) {
      const o = await doc(t, obsId, token);
      expect(Object.keys(o.observer).sort()).toEqual(['avatar', 'id', 'name']);
      expect(Object.keys(o.hod).sort()).toEqual(['avatar', 'id', 'name']);
      expect(Object.keys(o.faculty).sort()).toEqual(['avatar', 'courseSlots', 'id', 'name']);
      expect(JSON.stringify(o)).not.toContain(PRIVATE.phone);
      expect(JSON.stringify(o)).not.toContain('@university.edu');
    }
  });
});

describe('sync feed', () => {
  it('sends each user record as the viewer may receive it', async () => {
    const adminFeed = await syncedUsers(a.admin);
    expect(isPublic(adminFeed.get(superadminId)!)).toBe(true);
    expect(isFull(adminFeed.get(a.ids.faculty)!)).toBe(true);

    const observerFeed = await syncedUsers(a.observer);
    expect(isFull(observerFeed.get(a.ids.observer)!)).toBe(true);
    expect(isPublic(observerFeed.get(a.ids.faculty)!)).toBe(true);
    expect(isPublic(observerFeed.get(a.ids.hod)!)).toBe(true);

    const hodFeed = await syncedUsers(a.hod);
    expect(isFull(hodFeed.get(a.ids.faculty)!)).toBe(true);

    const saFeed = await syncedUsers(a.superadmin);
    expect([...saFeed.values()].every(isFull)).toBe(true);
  });
});
