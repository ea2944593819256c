/**
 * The prompt generator shows who will receive what before it sends: POST /observation/prompt/preview answers the
 * listed faculty and, per Head of Department, the rendered ObsPrompt subject and body — exactly what the prompt
 * then queues — and writes nothing (no email, no notification, no audit row). Same rules as the prompt.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, notifications, users } from '../../../src/server/db/schema.js';
import { MSG } from '../../../src/shared/messages.js';
import { createTestApp, type TestApp } from '../support/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(() => t.reset());
afterAll(() => t?.close());

describe('POST /api/observation/prompt/preview', () => {
  it('answers who would receive which email, sends nothing; the prompt then queues exactly that', async () => {
    const admin = await t.login('superadmin');
    const [hod] = await t.db.select().from(users).where(eq(users.role, 'Head_of_Department')).limit(1);
    const body = { departmentId: hod.departmentId, campus: 'Main_Campus', threshold: 100 };
    const res = await t.post('/api/observation/prompt/preview', body, admin);
    expect(res.statusCode).toBe(200);
    const preview = res.json();
    expect(preview.listed).toBeGreaterThan(0);
    expect(preview.recipients.map((r: { email: string }) => r.email)).toContain(hod.email);
    const mine = preview.recipients.find((r: { email: string }) => r.email === hod.email);
    expect(mine.subject.length).toBeGreaterThan(0);
    for (const f of preview.faculty) expect(mine.body).toContain(f.name);
    // Nothing was written.
    expect(await t.db.select().from(emailOutbox)).toHaveLength(0);
    expect(await t.db.select().from(notifications).where(eq(notifications.title, 'Observation prompt'))).toHaveLength(0);
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'observation.prompt'))).toHaveLength(0);

    // The prompt sends what the preview showed.
    const sent = await t.post('/api/observation/prompt', body, admin, { 'idempotency-key': crypto.randomUUID() });
    expect(sent.statusCode).toBe(200);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, hod.email));
    expect({ subject: mail.subject, body: mail.body }).toEqual({ subject: mine.subject, body: mine.body });
  });

  it('keeps the prompt rules and roles', async () => {
    const admin = await t.login('superadmin');
    expect((await t.post('/api/observation/prompt/preview', { campus: 'Main_Campus', threshold: 60 }, admin)).json()).toEqual({ error: MSG.campusAndDepartment });
    const hod = await t.login('hod');
    expect((await t.post('/api/observation/prompt/preview', { departmentId: 1, campus: 'Main_Campus', threshold: 60 }, hod)).statusCode).toBe(403);
    expect((await t.post('/api/observation/prompt/preview', { departmentId: 1, campus: 'Main_Campus', threshold: 60 })).statusCode).toBe(401);
  });
});
