import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../../src/server/db/schema.js';
import type { AuthUser } from '../../../src/server/http/types.js';
import { ADMIN_SOURCES, coursesSource, emailTemplatesSource, planTemplatesSource } from '../../../src/server/sync/sources/admin.js';
import { USER_PAGE_SIZE } from '../../../src/shared/constants.js';
import type { Role } from '../../../src/shared/enums.js';
import { useTestApp } from '../support/helpers.js';
import { courseByCode, deptId, slotOf } from '../support/admin-fixtures.js';

const t = useTestApp();

describe('GET /data/super-data', () => {
  it('gives Super_Admin users (no Super_Admin rows), observations, courses and departments, never password material', async () => {
    const res = await t.get('/api/data/super-data', await t.login('superadmin'));
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data.users).toHaveLength(10);
    expect(data.users.some((u: { role: string }) => u.role === 'Super_Admin')).toBe(false);
    expect(data.courses).toHaveLength(5);
    expect(data.departments.map((d: { name: string }) => d.name).sort()).toEqual(['Computer Science', 'Electrical Engineering', 'Mathematics', 'Physics']);
    expect(data.observations).toEqual([]);
    expect(res.body).not.toMatch(/password|hash|token/i);
  });

  it('is Super_Admin only', async () => {
    for (const who of ['admin', 'director', 'hod', 'observer', 'faculty']) {
      expect((await t.get('/api/data/super-data', await t.login(who))).statusCode, who).toBe(403);
    }
    expect((await t.get('/api/data/super-data')).statusCode).toBe(401);
  });
});

describe('GET /data/:role/:departmentId', () => {
  it("gives a HOD their own department's users and courses", async () => {
    const cs = await deptId(t, 'Computer Science');
    const res = await t.get(`/api/data/Head_of_Department/${cs}`, await t.login('hod'));
    expect(res.statusCode).toBe(200);
    const { users: list, courses } = res.json();
    expect(list.map((u: { email: string }) => u.email.split('@')[0]).sort()).toEqual(['faculty', 'faculty2', 'faculty3', 'hod', 'observer', 'observer2']);
    expect(courses.map((c: { courseCode: string }) => c.courseCode)).toEqual(['CSC-101', 'CSC-201', 'CSC-340', 'MTH-210']);
    expect(res.body).not.toMatch(/password|hash/i);
  });

  it("refuses another department, a role that is not the caller's, and roles without a department view", async () => {
    const math = await deptId(t, 'Mathematics');
    const cs = await deptId(t, 'Computer Science');
    const hod = await t.login('hod');
    expect((await t.get(`/api/data/Head_of_Department/${math}`, hod)).statusCode).toBe(403);
    expect((await t.get(`/api/data/Super_Admin/${cs}`, hod)).statusCode).toBe(403);
    expect((await t.get(`/api/data/Observer/${cs}`, await t.login('observer'))).statusCode).toBe(403);
    expect((await t.get(`/api/data/Faculty/${cs}`, await t.login('faculty'))).statusCode).toBe(403);
    expect((await t.get('/api/data/Head_of_Department/abc', hod)).statusCode).toBe(400);
    expect((await t.get(`/api/data/Super_Admin/${math}`, await t.login('superadmin'))).statusCode).toBe(200);
  });
});

describe('GET /users', () => {
  async function addFaculty(n: number) {
    const cs = await deptId(t, 'Computer Science');
    await t.db.insert(users).values(
      Array.from({ length: n }, (_, i) => ({
        name: `Zed Extra ${String(i).padStart(2, '0')}`,
        email: `zed${i}@university.edu`,
        passwordHash: 'x',
        role: 'Faculty',
        departmentId: cs,
      })),
    );
  }

  it('pages everyone but Super_Admin rows, 10 a page, sorted by name', async () => {
    await addFaculty(5);
    const sa = await t.login('superadmin');
    const p1 = (await t.get('/api/users', sa)).json();
    expect(p1).toMatchObject({ total: 15, page: 1, pageSize: USER_PAGE_SIZE });
    expect(p1.users).toHaveLength(10);
    const p2 = (await t.get('/api/users?page=2', sa)).json();
    expect(p2.users.map((u: { name: string }) => u.name)).toEqual(['Zed Extra 00', 'Zed Extra 01', 'Zed Extra 02', 'Zed Extra 03', 'Zed Extra 04']);
    const names = [...p1.users, ...p2.users].map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    expect(names).not.toContain('Sara Admin');
    expect((await t.get('/api/users?page=3', sa)).json().users).toEqual([]);
    const body = (await t.get('/api/users', sa)).body;
    expect(body).not.toMatch(/password|hash/i);
  });

  it('filters by role (the /user/:slug lists)', async () => {
    const admin = await t.login('admin');
    const byRole = async (role: Role) => (await t.get(`/api/users?role=${role}`, admin)).json();
    expect((await byRole('Faculty')).total).toBe(4);
    expect((await byRole('Observer')).total).toBe(2);
    expect((await byRole('Head_of_Department')).total).toBe(2);
    expect((await byRole('Campus_Director')).users.map((u: { name: string }) => u.name)).toEqual(['Diana Castillo']);
    expect((await byRole('Super_Admin')).total).toBe(0);
    expect((await t.get('/api/users?role=Wizard', admin)).statusCode).toBe(400);
    expect((await t.get('/api/users?page=0', admin)).statusCode).toBe(400);
  });

  it('shows a HOD only their department; Observer and Faculty get 403', async () => {
    const list = (await t.get('/api/users', await t.login('hod.math'))).json();
    expect(list.users.map((u: { name: string }) => u.name)).toEqual(['Helena Petrova', 'Marcus Chen']);
    expect(list.total).toBe(2);
    expect((await t.get('/api/users?role=Faculty', await t.login('hod'))).json().total).toBe(3);
    expect((await t.get('/api/users', await t.login('director'))).json().total).toBe(10);
    expect((await t.get('/api/users', await t.login('observer'))).statusCode).toBe(403);
    expect((await t.get('/api/users', await t.login('faculty'))).statusCode).toBe(403);
  });
});

describe('GET /dashboard', () => {
  it('answers the counts of SPEC §6 per role', async () => {
    const counts = async (who: string) => (await t.get('/api/dashboard', await t.login(who))).json();
    expect(await counts('superadmin')).toEqual({ role: 'Super_Admin', counts: { observers: 2, faculty: 4, headsOfDepartment: 2, observations: 0 } });
    expect(await counts('hod')).toEqual({ role: 'Head_of_Department', counts: { observers: 2, faculty: 3, observations: 0 } });
    expect(await counts('hod.math')).toEqual({ role: 'Head_of_Department', counts: { observers: 0, faculty: 1, observations: 0 } });
    expect(await counts('faculty')).toEqual({ role: 'Faculty', counts: { observations: 0, slots: 2 } });
    expect(await counts('observer')).toEqual({ role: 'Observer', counts: { observations: 0 } });
  });
});

describe('sync sources (courses, planTemplates, emailTemplates)', () => {
  const MAX = Number.MAX_SAFE_INTEGER;
  async function authUser(local: string): Promise<AuthUser> {
    const [u] = await t.db.select().from(users).where(eq(users.email, `${local}@university.edu`));
    return { id: u.id, name: u.name, email: u.email, role: u.role as Role, campus: u.campus, departmentId: u.departmentId, sessionId: 'test' };
  }
  async function pull(local: string, since = 0, limit = 1000) {
    const user = await authUser(local);
    const all = [];
    for (const source of ADMIN_SOURCES) all.push(...(await source.changedSince(t.db, user, since, MAX, limit)));
    return all;
  }
  const of = (changes: Awaited<ReturnType<typeof pull>>, entity: string) => changes.filter((c) => c.entity === entity);

  it('sends each role the documents it may see', async () => {
    const hod = await pull('hod');
    expect(of(hod, 'courses').map((c) => c.data?.courseCode).sort()).toEqual(['CSC-101', 'CSC-201', 'CSC-340', 'MTH-210']);
    expect(of(hod, 'planTemplates').map((c) => c.data?.type).sort()).toEqual(['Reflection', 'Teaching']);
    expect(of(hod, 'emailTemplates')).toEqual([]);
    const sa = await pull('superadmin');
    expect(of(sa, 'courses')).toHaveLength(5);
    expect(of(sa, 'emailTemplates').map((c) => c.data?.type).sort()).toEqual(['CreateUser', 'InitiateObs', 'ObsPrompt', 'UpdateObs']);
    expect(of(await pull('faculty3'), 'courses').map((c) => c.data?.courseCode)).toEqual(['CSC-340']);
    const teaching = of(hod, 'planTemplates').find((c) => c.data?.type === 'Teaching')!;
    expect((teaching.data?.steps as unknown[]).length).toBe(7);
  });

  it('orders by version and respects the limit', async () => {
    const page = await ADMIN_SOURCES[0].changedSince(t.db, await authUser('superadmin'), 0, MAX, 2);
    expect(page).toHaveLength(2);
    expect(page[0].version).toBeLessThan(page[1].version);
    const rest = await ADMIN_SOURCES[0].changedSince(t.db, await authUser('superadmin'), page[1].version, MAX, 100);
    expect(rest).toHaveLength(3);
    const upTo = await ADMIN_SOURCES[0].changedSince(t.db, await authUser('superadmin'), 0, page[0].version, 100);
    expect(upTo.map((c) => c.id)).toEqual([page[0].id]);
  });

  it('a slot assignment re-sends the course, and a newly assigned faculty member starts to see it', async () => {
    const before = await pull('faculty3');
    const cursor = Math.max(...before.map((c) => c.version));
    const csc101 = await courseByCode(t, 'CSC-101');
    const res = await t.put(`/api/course/user/${await t.userId('faculty3')}`, { slots: [slotOf(csc101, 'C').id] }, await t.login('hod'));
    expect(res.statusCode).toBe(200);
    const after = of(await pull('faculty3', cursor), 'courses');
    expect(after.map((c) => c.data?.courseCode)).toEqual(['CSC-101']);
    expect((after[0].data?.slots as { sectionCode: string; faculty: string }[]).find((s) => s.sectionCode === 'C')?.faculty).toBe('Grace Lindqvist');
    // The HOD sees the change too, past their own cursor.
    const hodCursor = Math.max(...(await pull('hod')).map((c) => c.version));
    expect(hodCursor).toBeGreaterThanOrEqual(after[0].version);
  });

  it('a plan step edit re-sends its template; an email edit re-sends only to template editors', async () => {
    const sa = await t.login('superadmin');
    const cursor = Math.max(...(await pull('superadmin')).map((c) => c.version));
    const doc = (await t.get('/api/template/Reflection', sa)).json();
    await t.put('/api/template/Reflection', { stepId: doc.steps[4].id, name: 'Renamed', field: 'Text' }, sa);
    await t.put('/api/email/InitiateObs', { email: 'New body {{name}}' }, sa);
    const changes = await pull('superadmin', cursor);
    expect(changes.map((c) => [c.entity, c.data?.type])).toEqual([
      ['planTemplates', 'Reflection'],
      ['emailTemplates', 'InitiateObs'],
    ]);
    expect((of(changes, 'planTemplates')[0].data?.steps as { name: string }[])[4].name).toBe('Renamed');
    expect(of(await pull('observer', cursor), 'emailTemplates')).toEqual([]);
    expect(of(await pull('observer', cursor), 'planTemplates')).toHaveLength(1);
  });

  it('byIds answers the current visible documents of the asked ids (re-pull after a refused change)', async () => {
    const csc101 = await courseByCode(t, 'CSC-101');
    const phy = await courseByCode(t, 'PHY-110');
    const hod = await authUser('hod');
    const got = await coursesSource.byIds(t.db, hod, [csc101.id, phy.id, 'not-a-uuid'], MAX);
    expect(got.map((c) => c.data?.courseCode)).toEqual(['CSC-101']);
    const all = await coursesSource.changedSince(t.db, hod, 0, MAX, 100);
    expect(got[0]).toEqual(all.find((c) => c.id === csc101.id));
    expect(await coursesSource.byIds(t.db, hod, [csc101.id], got[0].version - 1)).toEqual([]);
    const tpl = (await planTemplatesSource.changedSince(t.db, hod, 0, MAX, 10))[0];
    expect(await planTemplatesSource.byIds(t.db, hod, [tpl.id], MAX)).toEqual([tpl]);
    const email = (await emailTemplatesSource.changedSince(t.db, await authUser('admin'), 0, MAX, 10))[0];
    expect(await emailTemplatesSource.byIds(t.db, await authUser('admin'), [email.id], MAX)).toEqual([email]);
    expect(await emailTemplatesSource.byIds(t.db, hod, [email.id], MAX)).toEqual([]);
  });

  it('reaches clients through GET /api/sync/changes', async () => {
    const res = await t.get('/api/sync/changes?since=0&limit=2000', await t.login('hod'));
    expect(res.statusCode).toBe(200);
    const changes: { entity: string; data: { courseCode?: string } | null }[] = res.json().changes;
    expect(changes.filter((c) => c.entity === 'courses').map((c) => c.data?.courseCode).sort()).toEqual(['CSC-101', 'CSC-201', 'CSC-340', 'MTH-210']);
    expect(changes.filter((c) => c.entity === 'planTemplates')).toHaveLength(2);
    expect(changes.filter((c) => c.entity === 'emailTemplates')).toHaveLength(0);
  });
});
