/**
 * Formative or summative (src/shared/observation-mode.ts), on PGlite and PostgreSQL: an Admin chooses per
 * department; initiation copies the choice onto the observation for good; in a formative observation only its
 * faculty member and observer read its content — the HOD (and Admin, Super_Admin) see where it stands only, in
 * the REST document, the sync feed, notes, agenda and audit trail, the report, the dossier, the analytics and the
 * CSV export. A summative observation is read as before.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { observations, users } from '../../../src/server/db/schema.js';
import { MODE_MSG } from '../../../src/shared/observation-mode.js';
import { useTestApp, type TestApp } from '../support/helpers.js';
import { completedCycle } from '../support/completed-cycle.js';
import { actors, doc, initiate, key, put, type Actors } from '../support/observations-fixture.js';

const t = useTestApp(() => ({ config: { dataDir: mkdtempSync(path.join(tmpdir(), 'observa-formative-')) } }));
const scratch = mkdtempSync(path.join(tmpdir(), 'observa-formative-pdf-'));

function pdfText(bytes: Buffer, name: string): string {
  const file = path.join(scratch, `${name}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function departmentOf(t: TestApp, userId: string): Promise<number> {
  const [row] = await t.db.select({ d: users.departmentId }).from(users).where(eq(users.id, userId));
  return row.d!;
}

const setMode = (t: TestApp, dept: number, mode: unknown, token: string) => t.put(`/api/department/${dept}/observation-mode`, { mode }, token, key());

async function formativeCycle(t: TestApp, a: Actors): Promise<string> {
  expect((await setMode(t, await departmentOf(t, a.ids.hod), 'formative', a.admin)).statusCode).toBe(200);
  return completedCycle(t, a);
}

describe('formative or summative: the choice', () => {
  it('Admin and Super_Admin set it per department; others are refused; bad input names the field', async () => {
    const a = await actors(t);
    const dept = await departmentOf(t, a.ids.hod);
    const res = await setMode(t, dept, 'formative', a.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: dept, observationMode: 'formative' });
    const listed = (await t.get('/api/department', a.faculty)).json() as { id: number; observationMode: string }[];
    expect(listed.find((d) => d.id === dept)?.observationMode).toBe('formative');
    expect((await setMode(t, dept, 'summative', a.superadmin)).statusCode).toBe(200);
    for (const token of [a.hod, a.observer, a.faculty]) expect((await setMode(t, dept, 'formative', token)).statusCode).toBe(403);
    const bad = await setMode(t, dept, 'evaluative', a.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/^mode: /);
    expect((await setMode(t, 999_999, 'formative', a.admin)).statusCode).toBe(404);
    expect((await t.put('/api/department/abc/observation-mode', { mode: 'formative' }, a.admin, key())).statusCode).toBe(404);
  });

  it('is copied onto each observation at initiation and never changes afterwards', async () => {
    const a = await actors(t);
    const dept = await departmentOf(t, a.ids.hod);
    const before = await initiate(t, a);
    expect((await doc(t, before, a.faculty)).mode).toBe('summative');
    await setMode(t, dept, 'formative', a.admin);
    // The observation under way keeps its mode; the next one takes the new one.
    expect((await doc(t, before, a.faculty)).mode).toBe('summative');
    const after = await initiate(t, a, a.ids.faculty2);
    expect((await doc(t, after, a.faculty2)).mode).toBe('formative');
    const [row] = await t.db.select({ mode: observations.mode }).from(observations).where(eq(observations.id, after));
    expect(row.mode).toBe('formative');
  });
});

describe('a formative observation', () => {
  it('the faculty member and the observer read its content; the HOD, Admin and Super_Admin see where it stands only', async () => {
    const a = await actors(t);
    const id = await formativeCycle(t, a);
    const own = await doc(t, id, a.faculty);
    expect(own.mode).toBe('formative');
    expect(own.obsRequest.teachingPlan.steps.length).toBeGreaterThan(0);
    expect(own.meetings.informedObservation.facultyScore).toBe(80);
    expect(own.meetings.postObservation.artifacts).toHaveLength(1);
    const observer = await doc(t, id, a.observer);
    expect(observer.meetings.informedObservation.observerScore).toBe(60);
    expect(observer.meetings.informedObservation.percentage).not.toBeNull();

    for (const token of [a.hod, a.admin, a.superadmin]) {
      const d = await doc(t, id, token);
      expect(d.status).toBe('Completed');
      expect(d.observationProgress).toBe(100);
      expect(d.meetings.informedObservation.status).toBe('Completed');
      expect(d.obsRequest.teachingPlan).toBeNull();
      for (const m of [d.meetings.informedObservation, d.meetings.uninformedObservation]) {
        expect([m.observerScore, m.facultyScore, m.finalScore, m.percentage]).toEqual([null, null, null, null]);
        expect(m.rubrics.every((r: { observerScore: unknown; facultyScore: unknown }) => r.observerScore === null && r.facultyScore === null)).toBe(true);
      }
      expect(d.meetings.postObservation.artifacts).toEqual([]);
      expect(d.meetings.postObservation.reflectionPlan).toBeNull();
      expect(d.closing.responseDueAt).not.toBeNull();
    }

    // The sync feed carries the same: the HOD's replica never receives the content.
    const feed = (await t.get('/api/sync/changes?since=0&limit=2000', a.hod)).json() as { changes: { entity: string; id: string; data: { obsRequest: { teachingPlan: unknown } | null; meetings: { informedObservation: { facultyScore: unknown } } } }[] };
    const change = feed.changes.find((c) => c.entity === 'observations' && c.id === id);
    expect(change?.data.obsRequest?.teachingPlan).toBeNull();
    expect(change?.data.meetings.informedObservation.facultyScore).toBeNull();

    // Notes, agenda and audit trail: not for the HOD.
    for (const route of ['notes', 'agenda', 'audit']) expect((await t.get(`/api/observation/${id}/${route}`, a.hod)).statusCode, route).toBe(403);
    expect((await t.get(`/api/observation/${id}/audit`, a.observer)).statusCode).toBe(200);
  });

  it('its report is the faculty member’s and the observer’s; the HOD signs it off and their dossier leaves it out', async () => {
    const a = await actors(t);
    const id = await formativeCycle(t, a);
    const name = (await t.loginUser('faculty')).name as string;
    expect((await put(t, 'acknowledge', { observationsId: id, fullName: name }, a.faculty)).statusCode).toBe(200);
    expect((await put(t, 'response', { observationsId: id, response: 'A useful conversation.' }, a.faculty)).statusCode).toBe(200);

    const refused = await t.get(`/api/observation/${id}/report`, a.hod);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: MODE_MSG.formativeReport });
    expect((await t.get(`/api/observation/${id}/report`, a.superadmin)).statusCode).toBe(403);
    const mine = await t.get(`/api/observation/${id}/report`, a.faculty);
    expect(mine.statusCode).toBe(200);
    const text = pdfText(mine.rawPayload, 'formative-own');
    expect(text).toContain('Formative');
    expect(text).toContain('A useful conversation.');
    expect(text).toContain('Faculty total: 80.0');

    // The HOD sees completion and the acknowledgement, not the response, and signs off.
    const hodView = await doc(t, id, a.hod);
    expect(hodView.closing.acknowledgedAt).not.toBeNull();
    expect(hodView.closing.response).toBeNull();
    expect((await put(t, 'sign-off', { observationsId: id }, a.hod)).statusCode).toBe(200);

    const today = new Date().toISOString().slice(0, 10);
    const hodDossier = await t.get(`/api/reports/dossier?facultyId=${a.ids.faculty}&from=2026-01-01&to=${today}`, a.hod);
    expect(hodDossier.statusCode).toBe(200);
    const hodText = pdfText(hodDossier.rawPayload, 'formative-hod-dossier');
    expect(hodText).toContain('0 final reports of observations completed in the period.');
    expect(hodText).toContain('1 formative observation was completed in the period; formative reports belong to the faculty member');
    expect(hodText).not.toContain('A useful conversation.');
    const ownDossier = pdfText((await t.get(`/api/reports/dossier?from=2026-01-01&to=${today}`, a.faculty)).rawPayload, 'formative-own-dossier');
    expect(ownDossier).toContain('1 final report of observations completed in the period.');
    expect(ownDossier).toContain('A useful conversation.');
  });

  it('stays out of the department’s score averages and its totals out of the CSV export; a summative one counts', async () => {
    const a = await actors(t);
    const dept = await departmentOf(t, a.ids.hod);
    const summative = await completedCycle(t, a);
    const averages = async () => ((await t.get(`/api/analytics?departmentId=${dept}`, a.hod)).json() as { total: number; itemAverages: { n: number }[] });
    const withSummative = await averages();
    const n = withSummative.itemAverages.reduce((s, r) => s + r.n, 0);
    expect(n).toBeGreaterThan(0);

    await setMode(t, dept, 'formative', a.admin);
    // The same faculty member's next cycle (the first is completed), now formative.
    const formative = await completedCycle(t, a);
    const withBoth = await averages();
    expect(withBoth.total).toBe(withSummative.total + 1);
    expect(withBoth.itemAverages.reduce((s, r) => s + r.n, 0)).toBe(n);

    const csv = (await t.get(`/api/analytics/export.csv?departmentId=${dept}`, a.hod)).body;
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    const header = lines[0].split(',');
    const kind = header.indexOf('Kind');
    const informedObserver = header.indexOf('Informed: observer total');
    const rows = lines.slice(1).map((l) => l.split(','));
    const formativeRows = rows.filter((r) => r[kind] === 'Formative');
    expect(formativeRows).toHaveLength(1);
    expect(formativeRows[0][informedObserver]).toBe('');
    expect(rows.some((r) => r[kind] === 'Summative' && r[informedObserver] === '60')).toBe(true);
    expect([summative, formative].every(Boolean)).toBe(true);
  });
});
