import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { emailOutbox, observationPlanSteps, observationPlans, observations } from '../../../src/server/db/schema.js';
import { MSG } from '../../../src/shared/messages.js';
import { useTestApp } from '../support/helpers.js';
import { deptId } from '../support/admin-fixtures.js';

const t = useTestApp();

describe('GET/PUT /template/:id (master plans)', () => {
  it('reads a plan by type or id with its ordered steps', async () => {
    const token = await t.login('faculty');
    const teaching = await t.get('/api/template/Teaching', token);
    expect(teaching.statusCode).toBe(200);
    const doc = teaching.json();
    expect(doc.type).toBe('Teaching');
    expect(doc.steps.map((s: { key: string }) => s.key)).toEqual([
      'ProgramOutcomes', 'LearningOutcomes', 'LearningResources', 'TeachingSummary', 'PreTeaching', 'PostTeaching', 'Feedback',
    ]);
    expect(doc.steps.every((s: { templateId: string }) => s.templateId === doc.id)).toBe(true);
    const byId = await t.get(`/api/template/${doc.id}`, token);
    expect(byId.json()).toEqual(doc);
    const reflection = (await t.get('/api/template/Reflection', token)).json();
    expect(reflection.steps).toHaveLength(13);
    expect((await t.get('/api/template/Nope', token)).statusCode).toBe(404);
    expect((await t.get(`/api/template/${randomUUID()}`, token)).statusCode).toBe(404);
    expect((await t.get('/api/template/Teaching')).statusCode).toBe(401);
  });

  it('Super_Admin and Admin edit a step name and text; the key, section and order stay', async () => {
    for (const who of ['superadmin', 'admin']) {
      const token = await t.login(who);
      const doc = (await t.get('/api/template/Teaching', token)).json();
      const step = doc.steps[2];
      const res = await t.put(`/api/template/${doc.id}`, { stepId: step.id, name: `Resources (${who})`, field: 'What will you use?' }, token);
      expect(res.statusCode).toBe(200);
      const updated = res.json().steps[2];
      expect(updated).toEqual({ ...step, name: `Resources (${who})`, field: 'What will you use?' });
      expect((await t.get('/api/template/Teaching', token)).json().steps[2].name).toBe(`Resources (${who})`);
    }
  });

  it('nobody else edits a plan (403) and nothing changes', async () => {
    const sa = await t.login('superadmin');
    const doc = (await t.get('/api/template/Reflection', sa)).json();
    for (const who of ['director', 'hod', 'observer', 'faculty']) {
      const res = await t.put('/api/template/Reflection', { stepId: doc.steps[0].id, name: 'X', field: 'Y' }, await t.login(who));
      expect(res.statusCode, who).toBe(403);
    }
    expect((await t.get('/api/template/Reflection', sa)).json()).toEqual(doc);
  });

  it('validates the step: name and text required, the step must belong to the template', async () => {
    const sa = await t.login('superadmin');
    const teaching = (await t.get('/api/template/Teaching', sa)).json();
    const reflection = (await t.get('/api/template/Reflection', sa)).json();
    let res = await t.put('/api/template/Teaching', { stepId: teaching.steps[0].id, name: ' ', field: 'x' }, sa);
    expect([res.statusCode, res.json().error]).toEqual([400, MSG.planStepDetails]);
    res = await t.put('/api/template/Teaching', { stepId: teaching.steps[0].id, name: 'x', field: '' }, sa);
    expect([res.statusCode, res.json().error]).toEqual([400, MSG.planStepDetails]);
    res = await t.put('/api/template/Teaching', { stepId: reflection.steps[0].id, name: 'x', field: 'y' }, sa);
    expect(res.statusCode).toBe(404);
    res = await t.put('/api/template/Teaching', { stepId: 'garbage', name: 'x', field: 'y' }, sa);
    expect(res.statusCode).toBe(404);
  });

  it('editing the master never changes a plan already copied into an observation', async () => {
    const sa = await t.login('superadmin');
    const teaching = (await t.get('/api/template/Teaching', sa)).json();
    // A plan copied into an observation, as scheduling does.
    const [obs] = await t.db
      .insert(observations)
      .values({
        facultyId: await t.userId('faculty'),
        observerId: await t.userId('observer'),
        hodId: await t.userId('hod'),
        departmentId: await deptId(t, 'Computer Science'),
        semester: 'Spring',
      })
      .returning();
    const [plan] = await t.db.insert(observationPlans).values({ observationId: obs.id, type: 'Teaching', templateId: teaching.id }).returning();
    await t.db.insert(observationPlanSteps).values(
      teaching.steps.map((s: { id: string; position: number; key: string; code: string; name: string; field: string }) => ({
        planId: plan.id, templateStepId: s.id, position: s.position, key: s.key, code: s.code, name: s.name, field: s.field,
      })),
    );
    const res = await t.put('/api/template/Teaching', { stepId: teaching.steps[0].id, name: 'Renamed', field: 'New text' }, sa);
    expect(res.statusCode).toBe(200);
    const copied = await t.db.select().from(observationPlanSteps).where(eq(observationPlanSteps.templateStepId, teaching.steps[0].id));
    expect(copied[0]).toMatchObject({ name: teaching.steps[0].name, field: teaching.steps[0].field });
  });

  it('a replayed Idempotency-Key answers the stored template', async () => {
    const sa = await t.login('superadmin');
    const doc = (await t.get('/api/template/Teaching', sa)).json();
    const key = { 'idempotency-key': randomUUID() };
    const a = await t.put('/api/template/Teaching', { stepId: doc.steps[0].id, name: 'First', field: 'F' }, sa, key);
    await t.put('/api/template/Teaching', { stepId: doc.steps[0].id, name: 'Second', field: 'S' }, sa);
    const b = await t.put('/api/template/Teaching', { stepId: doc.steps[0].id, name: 'First', field: 'F' }, sa, key);
    expect(b.headers['idempotent-replay']).toBe('true');
    expect(b.json()).toEqual(a.json());
    // The replay did not re-apply "First" over "Second".
    expect((await t.get('/api/template/Teaching', sa)).json().steps[0].name).toBe('Second');
  });
});

describe('GET/PUT /email/:id (email templates)', () => {
  it('Super_Admin and Admin read each template by type or id', async () => {
    for (const who of ['superadmin', 'admin']) {
      const token = await t.login(who);
      for (const type of ['CreateUser', 'InitiateObs', 'UpdateObs', 'ObsPrompt']) {
        const res = await t.get(`/api/email/${type}`, token);
        expect(res.statusCode, type).toBe(200);
        expect(res.json()).toMatchObject({ type, email: expect.any(String), subject: expect.any(String) });
        const byId = await t.get(`/api/email/${res.json().id}`, token);
        expect(byId.json()).toEqual(res.json());
      }
    }
    expect((await t.get('/api/email/Nope', await t.login('superadmin'))).statusCode).toBe(404);
  });

  it('updates the body, which the server then uses for its emails', async () => {
    const sa = await t.login('superadmin');
    const text = 'Hello {{name}},<br>your account {{email}} is ready: {{link}}';
    const res = await t.put('/api/email/CreateUser', { email: text }, sa);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ type: 'CreateUser', email: text });
    expect((await t.get('/api/email/CreateUser', sa)).json().email).toBe(text);
    const created = await t.post(
      '/api/auth/create',
      { name: 'Nora Quinn', email: 'nora.quinn@university.edu', password: 'longenough1', role: 'Observer' },
      await t.login('hod'),
    );
    expect(created.statusCode).toBeLessThan(300);
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'nora.quinn@university.edu'));
    expect(mail.body).toBe(
      'Hello Nora Quinn,<br>your account nora.quinn@university.edu is ready: <a href="http://localhost:3000">http://localhost:3000</a>',
    );
  });

  it('enforces the 500-word limit (400) and a non-empty body', async () => {
    const sa = await t.login('superadmin');
    const exactly500 = Array.from({ length: 500 }, (_, i) => `w${i}`).join(' ');
    expect((await t.put('/api/email/UpdateObs', { email: exactly500 }, sa)).statusCode).toBe(200);
    const res = await t.put('/api/email/UpdateObs', { email: `${exactly500} one-more` }, sa);
    expect([res.statusCode, res.json().error]).toEqual([400, MSG.templateTooLong]);
    const empty = await t.put('/api/email/UpdateObs', { email: '   ' }, sa);
    expect([empty.statusCode, empty.json().error]).toEqual([400, MSG.provideAllRequired]);
    expect((await t.get('/api/email/UpdateObs', sa)).json().email).toBe(exactly500);
  });

  it('nobody else reads or edits email templates (403)', async () => {
    for (const who of ['director', 'hod', 'observer', 'faculty']) {
      const token = await t.login(who);
      expect((await t.get('/api/email/CreateUser', token)).statusCode, who).toBe(403);
      expect((await t.put('/api/email/CreateUser', { email: 'hijack' }, token)).statusCode, who).toBe(403);
    }
  });
});
