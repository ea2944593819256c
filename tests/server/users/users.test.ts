import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { departments, observations } from '../../../src/server/db/schema.js';
import { MSG } from '../../../src/shared/messages.js';
import { DEMO, useTestApp } from '../support/helpers.js';

const t = useTestApp();

describe('GET /api/user/:id', () => {
  it('needs a token', async () => {
    expect((await t.get(`/api/user/${await t.userId('faculty')}`)).statusCode).toBe(401);
  });

  it('returns oneself with course slots and their course', async () => {
    const token = await t.login('faculty');
    const res = await t.get(`/api/user/${await t.userId('faculty')}`, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.email).toBe(DEMO.faculty);
    expect(body.courseSlots).toHaveLength(2);
    expect(body.courseSlots[0]).toMatchObject({ sectionCode: expect.any(String), day: expect.any(String), time: expect.stringMatching(/^\d\d:\d\d-\d\d:\d\d$/), course: { courseCode: expect.any(String), name: expect.any(String) } });
    expect(res.body).not.toMatch(/scrypt|passwordHash/);
  });

  it('lets Super_Admin, Admin and Campus_Director see anyone', async () => {
    const target = await t.userId('faculty.math');
    for (const who of ['superadmin', 'admin', 'director']) {
      const res = await t.get(`/api/user/${target}`, await t.login(who));
      expect(res.statusCode, who).toBe(200);
    }
  });

  it('lets a HOD see their department only', async () => {
    const token = await t.login('hod');
    expect((await t.get(`/api/user/${await t.userId('faculty2')}`, token)).statusCode).toBe(200);
    const other = await t.get(`/api/user/${await t.userId('faculty.math')}`, token);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ error: MSG.forbidden });
  });

  it('lets observers and faculty see only themselves and people they share an observation with', async () => {
    const faculty = await t.userId('faculty');
    const observer = await t.userId('observer');
    const facultyToken = await t.login('faculty');
    const observerToken = await t.login('observer');
    expect((await t.get(`/api/user/${observer}`, facultyToken)).statusCode).toBe(403);
    expect((await t.get(`/api/user/${faculty}`, observerToken)).statusCode).toBe(403);
    expect((await t.get(`/api/user/${await t.userId('faculty2')}`, facultyToken)).statusCode).toBe(403);

    const [cs] = await t.db.select().from(departments).where(eq(departments.name, 'Computer Science'));
    const [obs] = await t.db
      .insert(observations)
      .values({ facultyId: faculty, observerId: observer, hodId: await t.userId('hod'), departmentId: cs.id, semester: 'Fall' })
      .returning();
    expect((await t.get(`/api/user/${observer}`, facultyToken)).statusCode).toBe(200);
    const seen = await t.get(`/api/user/${faculty}`, observerToken);
    expect(seen.statusCode).toBe(200);
    // A co-participant gets the public projection (least data: tests/server/users/least-data.test.ts).
    expect(seen.json()).toMatchObject({ id: faculty, facultyObs: [], phone: null });
    expect(obs.id).toBeTruthy();
    expect((await t.get(`/api/user/${await t.userId('hod')}`, facultyToken)).statusCode).toBe(200);
    expect((await t.get(`/api/user/${await t.userId('faculty2')}`, observerToken)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const token = await t.login('superadmin');
    expect((await t.get('/api/user/00000000-0000-4000-8000-000000000000', token)).statusCode).toBe(404);
    const bad = await t.get('/api/user/not-a-uuid', token);
    expect(bad.statusCode).toBe(404);
    expect(bad.json()).toEqual({ error: MSG.notFound });
  });
});

describe('PUT /api/user/update/:id', () => {
  const profile = { phone: '+1 555 0199', dateOfBirth: '1990-01-02', designation: 'Senior Lecturer', institute: 'MIT', degree: 'PhD', starting: '2015', ending: '2020' };

  it('updates the own profile and returns the updated user document', async () => {
    const token = await t.login('faculty');
    const id = await t.userId('faculty');
    const res = await t.put(`/api/user/update/${id}`, profile, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, email: DEMO.faculty, ...profile });
    expect(res.json().courseSlots).toHaveLength(2);
    expect((await t.get('/api/auth/me', token)).json()).toMatchObject(profile);
  });

  it('turns empty values into null and leaves absent fields alone', async () => {
    const token = await t.login('faculty');
    const id = await t.userId('faculty');
    const res = await t.put(`/api/user/update/${id}`, { phone: '', designation: '  ' }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone: null, designation: null, institute: 'University of Melbourne' });
  });

  it("refuses a degree end before its start, also against the stored other date (year-only or a day)", async () => {
    const token = await t.login('faculty');
    const id = await t.userId('faculty'); // seeded with starting '2011', ending '2013' (year-only)
    const both = await t.put(`/api/user/update/${id}`, { starting: '2015-09-01', ending: '2015-06-30' }, token);
    expect(both.statusCode).toBe(400);
    expect(both.json().error).toBe(`ending: ${MSG.degreeEndBeforeStart}`);
    const endOnly = await t.put(`/api/user/update/${id}`, { ending: '2010-06-30' }, token); // before the stored 2011
    expect(endOnly.statusCode).toBe(400);
    expect(endOnly.json().error).toBe(MSG.degreeEndBeforeStart);
    const startOnly = await t.put(`/api/user/update/${id}`, { starting: '2014' }, token); // after the stored 2013
    expect(startOnly.statusCode).toBe(400);
    expect((await t.get('/api/auth/me', token)).json()).toMatchObject({ starting: '2011', ending: '2013' });
    // A change of other fields leaves the year-only dates as they are; a day in the same year as the start is fine.
    expect((await t.put(`/api/user/update/${id}`, { phone: '+1 555 0111' }, token)).statusCode).toBe(200);
    expect((await t.put(`/api/user/update/${id}`, { ending: '2011-12-01' }, token)).statusCode).toBe(200);
    expect((await t.get('/api/auth/me', token)).json()).toMatchObject({ phone: '+1 555 0111', starting: '2011', ending: '2011-12-01' });
  });

  it('accepts only the editable fields', async () => {
    const token = await t.login('faculty');
    const id = await t.userId('faculty');
    for (const field of ['role', 'email', 'name', 'departmentId', 'passwordHash']) {
      const res = await t.put(`/api/user/update/${id}`, { phone: '1', [field]: 'x' }, token);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error).toBe(`${field}: unknown field`);
    }
    const tooLong = await t.put(`/api/user/update/${id}`, { phone: 'x'.repeat(201) }, token);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatch(/^phone: /);
    expect((await t.get('/api/auth/me', token)).json()).toMatchObject({ role: 'Faculty', phone: '+1 555 0103' });
  });

  it("refuses someone else's profile, even for Super_Admin", async () => {
    const target = await t.userId('faculty');
    for (const who of ['hod', 'superadmin', 'faculty2']) {
      const res = await t.put(`/api/user/update/${target}`, { phone: '123' }, await t.login(who));
      expect(res.statusCode, who).toBe(403);
    }
    expect((await t.put(`/api/user/update/${target}`, { phone: '123' })).statusCode).toBe(401);
  });

  it('applies a repeated Idempotency-Key once and replays the same answer', async () => {
    const token = await t.login('observer');
    const id = await t.userId('observer');
    const headers = { 'idempotency-key': 'profile-1' };
    const first = await t.put(`/api/user/update/${id}`, { phone: '111' }, token, headers);
    await t.put(`/api/user/update/${id}`, { phone: '222' }, token); // a later change
    const replay = await t.put(`/api/user/update/${id}`, { phone: '111' }, token, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replay']).toBe('true');
    // The replay did not re-apply the old value over the later change.
    expect((await t.get('/api/auth/me', token)).json().phone).toBe('222');
    // Same key on another path is a client bug: 422.
    const misuse = await t.put(`/api/notifications/00000000-0000-4000-8000-000000000000/open`, {}, token, headers);
    expect(misuse.statusCode).toBe(422);
  });
});

describe('GET /api/department', () => {
  it('lists departments by name for signed-in users', async () => {
    expect((await t.get('/api/department')).statusCode).toBe(401);
    const res = await t.get('/api/department', await t.login('faculty'));
    expect(res.statusCode).toBe(200);
    const names = (res.json() as { name: string }[]).map((d) => d.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['Computer Science', 'Mathematics', 'Physics']));
  });
});
