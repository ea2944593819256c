import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, courses, emailOutbox, slots, users } from '../../../src/server/db/schema.js';
import { MSG } from '../../../src/shared/messages.js';
import { createTestApp, DEMO, TEST_DOMAIN, type TestApp } from '../support/helpers.js';

const delivered: { to: string; subject: string; body: string }[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: { deliver: async (m) => void delivered.push(m) } });
});
beforeEach(async () => {
  delivered.length = 0;
  await t.reset();
});
afterAll(() => t?.close());

const base = { name: 'New Person', email: `new.person@${TEST_DOMAIN}`, password: 'long-enough', confirmPassword: 'long-enough' };

async function freeSlots(courseCode: string) {
  const [course] = await t.db.select().from(courses).where(eq(courses.courseCode, courseCode));
  const free = await t.db.select().from(slots).where(and(eq(slots.courseId, course.id), isNull(slots.facultyId)));
  return { course, free };
}

describe('POST /api/auth/create', () => {
  it('needs a token', async () => {
    const res = await t.post('/api/auth/create', { ...base, role: 'Observer' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MSG.notSignedIn });
  });

  it('lets a HOD create an Observer in the HOD department and campus, and records an email and an audit row', async () => {
    const token = await t.login('hod');
    const res = await t.post('/api/auth/create', { ...base, role: 'Observer', campus: 'Main_Campus', department: 999 }, token);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: 'New Person', email: base.email, role: 'Observer', campus: 'Main_Campus', department: { name: 'Computer Science' } });
    expect(res.body).not.toMatch(/scrypt|passwordHash|long-enough/);
    // The new account can sign in.
    expect(await t.login(base.email, 'long-enough')).toBeTruthy();
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, base.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ templateType: 'CreateUser', subject: 'Your Observa account' });
    expect(mails[0].body).toContain('Dear New Person');
    expect(mails[0].body).toContain('http://localhost:3000');
    const log = await t.db.select().from(auditLog).where(eq(auditLog.entityId, body.id));
    expect(log.map((l) => l.action)).toEqual(['user.create']);
  });

  it('delivers the queued email after the response through the mailer', async () => {
    const token = await t.login('hod');
    await t.post('/api/auth/create', { ...base, role: 'Observer' }, token);
    await t.app.mailFlusher!.flush();
    expect(delivered.map((m) => m.to)).toContain(base.email);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, base.email));
    expect(mail.sentAt).toBeInstanceOf(Date);
  });

  it('HTML-escapes values put into the email', async () => {
    const token = await t.login('hod');
    const res = await t.post('/api/auth/create', { ...base, name: '<b>Tom & "Jerry"</b>', role: 'Observer' }, token);
    expect(res.statusCode).toBe(201);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, base.email));
    expect(mail.body).toContain('&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;');
    expect(mail.body).not.toContain('<b>Tom');
  });

  it.each([
    [{ ...base, name: '', role: 'Observer' }, MSG.requiredData],
    [{ ...base, email: '', role: 'Observer' }, MSG.requiredData],
    [{ ...base, role: 'Select' }, MSG.requiredData],
    [{ ...base }, MSG.requiredData],
    [{ ...base, email: 'not-an-email', role: 'Observer' }, MSG.invalidEmail],
    [{ ...base, email: 'someone@gmail.com', role: 'Observer' }, MSG.domainOnly(TEST_DOMAIN)],
    [{ ...base, password: 'short', confirmPassword: 'short', role: 'Observer' }, MSG.passwordMin],
    [{ ...base, confirmPassword: 'different-one', role: 'Observer' }, MSG.passwordsSame],
    [{ ...base, role: 'Faculty' }, MSG.facultyNeedsCourse],
  ])('answers 400 with the §5 message (%#)', async (body, message) => {
    const token = await t.login('hod');
    const res = await t.post('/api/auth/create', body, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });

  it('requires slots for Faculty, and only unassigned slots of the chosen course', async () => {
    const token = await t.login('hod');
    const { course, free } = await freeSlots('CSC-101');
    const noSlot = await t.post('/api/auth/create', { ...base, role: 'Faculty', course: course.id, courses: [] }, token);
    expect(noSlot.json()).toEqual({ error: MSG.facultyNeedsSlot });
    const [assigned] = await t.db.select().from(slots).where(and(eq(slots.courseId, course.id)));
    const taken = (await t.db.select().from(slots).where(eq(slots.courseId, course.id))).find((s) => s.facultyId)!;
    expect(assigned).toBeDefined();
    const takenRes = await t.post('/api/auth/create', { ...base, role: 'Faculty', course: course.id, courses: [taken.id] }, token);
    expect(takenRes.statusCode).toBe(400);
    expect(takenRes.json()).toEqual({ error: MSG.noSlotsForCourse });
    const other = await freeSlots('CSC-201');
    const wrongCourse = await t.post('/api/auth/create', { ...base, role: 'Faculty', course: course.id, courses: [other.free[0].id] }, token);
    expect(wrongCourse.json()).toEqual({ error: MSG.noSlotsForCourse });
    const garbage = await t.post('/api/auth/create', { ...base, role: 'Faculty', course: 'nope', courses: ['nope'] }, token);
    expect(garbage.json()).toEqual({ error: MSG.noSlotsForCourse });

    const ok = await t.post('/api/auth/create', { ...base, role: 'Faculty', course: course.id, courses: [free[0].id] }, token);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().courseSlots.map((s: { id: string }) => s.id)).toEqual([free[0].id]);
    const [slot] = await t.db.select().from(slots).where(eq(slots.id, free[0].id));
    expect(slot.facultyId).toBe(ok.json().id);
  });

  it('refuses slots of a course outside the HOD department', async () => {
    const token = await t.login('hod');
    const { course, free } = await freeSlots('PHY-110');
    const res = await t.post('/api/auth/create', { ...base, role: 'Faculty', course: course.id, courses: [free[0].id] }, token);
    expect(res.statusCode).toBe(403);
  });

  it('enforces who may create which role (SPEC §6)', async () => {
    const cases: [string, string, number][] = [
      ['hod', 'Head_of_Department', 403],
      ['hod', 'Admin', 403],
      ['hod', 'Super_Admin', 403],
      ['director', 'Admin', 403],
      ['admin', 'Super_Admin', 403],
      ['superadmin', 'Super_Admin', 403],
      ['observer', 'Observer', 403],
      ['faculty', 'Observer', 403],
    ];
    for (const [who, role, status] of cases) {
      const token = await t.login(who);
      const res = await t.post('/api/auth/create', { ...base, role }, token);
      expect(res.statusCode, `${who} → ${role}`).toBe(status);
      expect(res.json().error).toMatch(/not allowed|may not create/);
    }
    const admin = await t.login('admin');
    const director = await t.post('/api/auth/create', { ...base, role: 'Campus_Director' }, admin);
    expect(director.statusCode).toBe(201);
    expect(director.json().department).toBeNull();
  });

  it('makes creators without a department name one for department-bound roles', async () => {
    const token = await t.login('superadmin');
    const missing = await t.post('/api/auth/create', { ...base, role: 'Head_of_Department' }, token);
    expect(missing.json()).toEqual({ error: MSG.selectDepartment });
    const unknown = await t.post('/api/auth/create', { ...base, role: 'Head_of_Department', department: 9999 }, token);
    expect(unknown.json()).toEqual({ error: MSG.unknownDepartment });
    const depts = (await t.get('/api/department', token)).json() as { id: number; name: string }[];
    const physics = depts.find((d) => d.name === 'Physics')!;
    const ok = await t.post('/api/auth/create', { ...base, role: 'Head_of_Department', department: physics.id }, token);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().department).toEqual({ id: physics.id, name: physics.name });
    const admin = await t.post('/api/auth/create', { ...base, email: `second.admin@${TEST_DOMAIN}`, role: 'Admin' }, token);
    expect(admin.statusCode).toBe(201);
  });

  it('answers 409 for an email already in use (any case)', async () => {
    const token = await t.login('hod');
    const res = await t.post('/api/auth/create', { ...base, email: DEMO.faculty.toUpperCase(), role: 'Observer' }, token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: MSG.emailTaken });
  });

  it('honours a client-chosen id', async () => {
    const token = await t.login('hod');
    const id = randomUUID();
    const res = await t.post('/api/auth/create', { ...base, id, role: 'Observer' }, token);
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toBe(id);
    expect((await t.get(`/api/user/${id}`, token)).statusCode).toBe(200);
    const again = await t.post('/api/auth/create', { ...base, email: `other@${TEST_DOMAIN}`, id, role: 'Observer' }, token);
    expect(again.statusCode).toBe(409);
  });

  it('applies a repeated Idempotency-Key once and replays the stored answer', async () => {
    const token = await t.login('hod');
    const headers = { 'idempotency-key': 'create-1' };
    const first = await t.post('/api/auth/create', { ...base, role: 'Observer' }, token, headers);
    const second = await t.post('/api/auth/create', { ...base, role: 'Observer' }, token, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replay']).toBe('true');
    expect(first.headers['idempotent-replay']).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.email, base.email))).toHaveLength(1);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, base.email))).toHaveLength(1);
  });

  it('applies a concurrent pair with one Idempotency-Key once', async () => {
    const token = await t.login('hod');
    const headers = { 'idempotency-key': 'create-twins' };
    const { course, free } = await freeSlots('CSC-101');
    const body = { ...base, role: 'Faculty', course: course.id, courses: [free[0].id] };
    const [a, b] = await Promise.all([
      t.post('/api/auth/create', body, token, headers),
      t.post('/api/auth/create', body, token, headers),
    ]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(a.json()).toEqual(b.json());
    expect([a.headers['idempotent-replay'], b.headers['idempotent-replay']]).toContain('true');
    expect(await t.db.select().from(users).where(eq(users.email, base.email))).toHaveLength(1);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, base.email))).toHaveLength(1);
  });

  it('stores nothing for a refusal, so a corrected retry with the same key is judged afresh', async () => {
    const token = await t.login('hod');
    const headers = { 'idempotency-key': 'create-fix' };
    const bad = await t.post('/api/auth/create', { ...base, password: 'short', confirmPassword: 'short', role: 'Observer' }, token, headers);
    expect(bad.statusCode).toBe(400);
    const good = await t.post('/api/auth/create', { ...base, role: 'Observer' }, token, headers);
    expect(good.statusCode).toBe(201);
  });
});
