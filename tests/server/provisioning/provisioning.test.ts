/**
 * Provisioning from CSV files (services/provisioning): the preview names every row's outcome and every error by
 * row and column; an apply with any error writes nothing; applying the same file twice changes nothing the second
 * time; a Head of Department imports only within their own department; 20 000 users import in under a minute.
 * Runs on PGlite and (OBSERVA_TEST_DB=postgres) PostgreSQL.
 */
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { courses, emailOutbox, slots, userInvitations, users } from '../../../src/server/db/schema.js';
import { importTemplate } from '../../../src/shared/contract/provisioning.js';
import { MSG } from '../../../src/shared/messages.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { key } from '../support/observations-fixture.js';

let t: TestApp;
let admin: string;
let hod: string;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  admin = await t.login('admin');
  hod = await t.login('hod');
});
afterAll(() => t?.close());

const preview = (kind: string, csv: string, token: string) => t.post(`/api/provisioning/${kind}/preview`, { csv }, token);
const apply = (kind: string, csv: string, token: string) => t.post(`/api/provisioning/${kind}/apply`, { csv }, token, key());
const userCount = async () => Number((await t.db.select({ n: count() }).from(users))[0].n);
/** Every users row as it is (a second apply must leave each exactly so). */
const snapshot = async () => JSON.stringify(await t.db.select().from(users).orderBy(users.email));

describe('users file', () => {
  const file = [
    'name,email,role,department',
    'New Faculty,new.faculty@university.edu,Faculty,Computer Science', // 2 create
    'Omar Haddad,observer2@university.edu,Observer,Computer Science', // 3 unchanged (the demo observer2)
    'Olivia B. Brennan,OBSERVER@university.edu,Observer,', // 4 update (name), address in another case
    'Bad Address,not-an-address,Faculty,Computer Science', // 5 email
    'Some Admin,some.admin@university.edu,Admin,', // 6 role (a HOD creates no Admin)
    'Math Person,math.person@university.edu,Faculty,Mathematics', // 7 department
    'Twice,new.faculty@university.edu,Faculty,', // 8 email again
    'Marcus Chen,faculty.math@university.edu,Faculty,', // 9 another department's account
    ',nameless@university.edu,Observer,', // 10 name
    'Other Domain,someone@example.com,Observer,', // 11 domain
    'Role Less,role.less@university.edu,Janitor,', // 12 role
  ].join('\n');

  it('previews each row as create, update, unchanged or error, naming row and column of every error (a HOD, own department)', async () => {
    const res = await preview('users', file, hod);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const action = (row: number) => body.rows.find((r: { row: number }) => r.row === row)?.action;
    expect([2, 3, 4].map(action)).toEqual(['create', 'unchanged', 'update']);
    expect(body.rows.find((r: { row: number }) => r.row === 4).changes).toEqual(['name']);
    for (const row of [5, 6, 7, 8, 9, 10, 11, 12]) expect(action(row), `row ${row}`).toBe('error');
    const at = (row: number) => body.errors.filter((e: { row: number }) => e.row === row).map((e: { column: string; message: string }) => `${e.column}: ${e.message}`);
    expect(at(5)).toEqual([`email: ${MSG.invalidEmail}`]);
    expect(at(6)).toEqual([`role: ${MSG.roleNotAllowed}`]);
    expect(at(7)[0]).toMatch(/^department: you import users of your own department only/);
    expect(at(8)).toEqual(['email: This address is already on row 2.']);
    expect(at(9)).toEqual(['email: this account exists and is not one you may change']);
    expect(at(10)).toEqual([`name: ${MSG.requiredData}`]);
    expect(at(11)).toEqual([`email: ${MSG.domainOnly('university.edu')}`]);
    expect(at(12)[0]).toMatch(/^role: one of /);
    expect(body.counts).toEqual({ create: 1, update: 1, unchanged: 1, error: 8 });
  });

  it('applies nothing of a file with an error (400 naming the first), everything of a clean one, and nothing more the second time', async () => {
    const before = await snapshot();
    const refused = await apply('users', file, hod);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/^Nothing was imported: 8 errors, the first on row 5, column email/);
    expect(await snapshot()).toBe(before);

    const clean = file.split('\n').slice(0, 5).filter((l) => !l.startsWith('Bad')).join('\n');
    const res = await apply('users', clean, hod);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counts).toEqual({ create: 1, update: 1, unchanged: 1, error: 0 });
    const [made] = await t.db.select().from(users).where(eq(users.email, 'new.faculty@university.edu'));
    expect(made).toMatchObject({ name: 'New Faculty', role: 'Faculty', createdBy: await t.userId('hod') });
    expect(made.departmentId).toBe((await t.db.select().from(users).where(eq(users.email, 'hod@university.edu')))[0].departmentId);
    // Invited as a user created without a password is: an invitation and the New User email with its link.
    expect(await t.db.select().from(userInvitations).where(eq(userInvitations.userId, made.id))).toHaveLength(1);
    const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, made.email));
    expect(mail).toHaveLength(1);
    expect(mail[0].body).toContain('/accept-invitation?token=');
    expect((await t.db.select().from(users).where(eq(users.email, 'observer@university.edu')))[0].name).toBe('Olivia B. Brennan');

    const after = await snapshot();
    const again = await apply('users', clean, hod);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
    expect(await snapshot()).toBe(after);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, made.email))).toHaveLength(1);
  });

  it('refuses a header without the kind’s columns, unknown kinds, and roles that may not import', async () => {
    const res = await preview('users', 'name,mail,role\nA,a@university.edu,Faculty', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { row: 1, column: 'email', message: expect.stringMatching(/missing/) },
        { row: 1, column: 'department', message: expect.stringMatching(/missing/) },
        { row: 1, column: 'mail', message: expect.stringMatching(/not a column/) },
      ]),
    );
    expect((await apply('users', 'name,mail,role\nA,a@university.edu,Faculty', admin)).statusCode).toBe(400);
    expect((await preview('people', 'x', admin)).statusCode).toBe(404);
    expect((await preview('users', importTemplate('users'), await t.login('observer'))).statusCode).toBe(403);
    expect((await preview('courses', importTemplate('courses'), await t.login('director'))).statusCode).toBe(403);
    // The template itself previews clean for an Admin (who names the department).
    const template = await preview('users', importTemplate('users'), admin);
    expect(template.json()).toMatchObject({ counts: { create: 1, error: 0 } });
  });

  it('imports 20 000 users in under a minute (preview and apply), and the same file again changes nothing', async () => {
    const lines = ['name,email,role,department'];
    for (let i = 0; i < 20_000; i++) lines.push(`Bulk Person ${i},bulk.${i}@university.edu,${i % 10 ? 'Faculty' : 'Observer'},${i % 2 ? 'Computer Science' : 'Mathematics'}`);
    const csv = lines.join('\n');
    const before = await userCount();
    const t0 = performance.now();
    const p = await preview('users', csv, admin);
    const t1 = performance.now();
    expect(p.statusCode).toBe(200);
    expect(p.json().counts).toEqual({ create: 20_000, update: 0, unchanged: 0, error: 0 });
    const res = await apply('users', csv, admin);
    const t2 = performance.now();
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(await userCount()).toBe(before + 20_000);
    const again = await apply('users', csv, admin);
    const t3 = performance.now();
    expect(again.json().counts).toEqual({ create: 0, update: 0, unchanged: 20_000, error: 0 });
    const engine = process.env.OBSERVA_TEST_DB === 'postgres' ? 'PostgreSQL' : 'PGlite';
    console.log(`20 000-user import on ${engine}: preview ${((t1 - t0) / 1000).toFixed(1)} s, apply ${((t2 - t1) / 1000).toFixed(1)} s, re-apply (unchanged) ${((t3 - t2) / 1000).toFixed(1)} s`);
    expect(t2 - t0).toBeLessThan(60_000);
  }, 180_000);
});

describe('an apply replayed with its Idempotency-Key', () => {
  it('gets the stored answer and writes nothing more', async () => {
    const csv = 'name,email,role,department\nReplay Person,replay.person@university.edu,Observer,Computer Science';
    const headers = key();
    const first = await t.post('/api/provisioning/users/apply', { csv }, admin, headers);
    expect(first.statusCode, first.body).toBe(200);
    const before = await snapshot();
    const replay = await t.post('/api/provisioning/users/apply', { csv }, admin, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(replay.json().counts.create).toBe(1);
    expect(await snapshot()).toBe(before);
  });
});

describe('courses and assignments files', () => {
  const coursesFile = [
    'course_code,name,credits,departments,section_code,day,time,location',
    'CSC-900,Compilers,3,Computer Science,A,Monday,09:00-10:30,Room 1',
    'CSC-900,Compilers,3,Computer Science,B,Wednesday,11:00,Room 2',
    'CSC-901,Type Systems,4,Computer Science;Mathematics,A,Friday,14:00-15:00,Room 3',
  ].join('\n');

  it('creates courses with their slots, finds a second apply unchanged, updates a changed slot, and names row and column of errors', async () => {
    const res = await apply('courses', coursesFile, hod);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counts).toEqual({ create: 3, update: 0, unchanged: 0, error: 0 });
    const [c900] = await t.db.select().from(courses).where(eq(courses.courseCode, 'CSC-900'));
    expect(await t.db.select().from(slots).where(eq(slots.courseId, c900.id))).toHaveLength(2);
    expect((await apply('courses', coursesFile, hod)).json().counts).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });

    const changed = coursesFile.replace('11:00,Room 2', '12:00,Room 2');
    const p = await preview('courses', changed, hod);
    expect(p.json().rows[1]).toMatchObject({ row: 3, action: 'update', changes: ['time'] });
    expect((await apply('courses', changed, hod)).json().counts).toEqual({ create: 0, update: 1, unchanged: 2, error: 0 });

    const bad = [
      'course_code,name,credits,departments,section_code,day,time,location',
      'CSC-902,Bad Day,3,Computer Science,A,Someday,09:00,Room 1',
      'CSC-902,Bad Day,3,Computer Science,A,Monday,09:00,Room 1',
      'CSC-903,Credits,9,Computer Science,A,Monday,25:00,Room 1',
      'CSC-904,Elsewhere,3,Mathematics,A,Monday,09:00,Room 1',
      'CSC-905,Unknown,3,Astrology,A,Monday,09:00,Room 1',
    ].join('\n');
    const errors = (await preview('courses', bad, hod)).json().errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`);
    expect(errors).toEqual(expect.arrayContaining(['2:day', '3:section_code', '4:credits', '5:departments', '6:departments']));
    const before = await t.db.select({ n: count() }).from(courses);
    expect((await apply('courses', bad, hod)).statusCode).toBe(400);
    expect(await t.db.select({ n: count() }).from(courses)).toEqual(before);
    // The Mathematics HOD may not change a Computer Science course.
    const math = await preview('courses', coursesFile, await t.login('hod.math'));
    expect(math.json().errors.map((e: { column: string }) => e.column)).toContain('departments');
  });

  it('assigns sections to faculty, unchanged the second time, refusing a section held by someone else and another department’s faculty', async () => {
    expect((await apply('courses', coursesFile, hod)).statusCode).toBe(200);
    const file = ['course_code,section_code,faculty_email', 'CSC-900,A,faculty2@university.edu', 'csc-900,b,faculty3@university.edu'].join('\n');
    const res = await apply('assignments', file, hod);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().counts).toEqual({ create: 2, update: 0, unchanged: 0, error: 0 });
    const held = await t.db.select({ f: slots.facultyId }).from(slots).innerJoin(courses, eq(courses.id, slots.courseId)).where(sql`${courses.courseCode} = 'CSC-900'`);
    expect(held.map((h) => h.f).sort()).toEqual([await t.userId('faculty2'), await t.userId('faculty3')].sort());
    expect((await apply('assignments', file, hod)).json().counts).toEqual({ create: 0, update: 0, unchanged: 2, error: 0 });

    const bad = ['course_code,section_code,faculty_email', 'CSC-900,A,faculty@university.edu', 'CSC-901,A,faculty.math@university.edu', 'CSC-999,A,faculty@university.edu', 'CSC-901,Z,faculty@university.edu', 'CSC-901,A,observer@university.edu'].join('\n');
    const errors = (await preview('assignments', bad, hod)).json().errors.map((e: { row: number; column: string }) => `${e.row}:${e.column}`);
    expect(errors).toEqual(expect.arrayContaining(['2:section_code', '3:faculty_email', '4:course_code', '5:section_code', '6:faculty_email']));
    expect((await apply('assignments', bad, hod)).statusCode).toBe(400);
  });
});
