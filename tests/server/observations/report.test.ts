/**
 * The observation report (GET /api/observation/{id}/report), read back with pdftotext (poppler-utils), on PGlite
 * and PostgreSQL: the reader's copy shows only what they may see (the faculty member's never carries the observer's
 * scores), the teaching and reflection plans, the artifacts, the acknowledgement and response; A4 and Letter; the
 * document's title and language set; who may not see the observation gets no report; a bad paper names the field.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { observations } from '../../../src/server/db/schema.js';
import { useTestApp } from '../support/helpers.js';
import { completedCycle } from '../support/completed-cycle.js';
import { actors, doc, put } from '../support/observations-fixture.js';

const t = useTestApp(() => ({ config: { dataDir: mkdtempSync(path.join(tmpdir(), 'observa-report-')) } }));
const scratch = mkdtempSync(path.join(tmpdir(), 'observa-report-pdf-'));

/** The PDF's text (layout kept) and its metadata, by poppler's own tools. */
function readPdf(bytes: Buffer, name: string): { text: string; info: string } {
  const file = path.join(scratch, `${name}.pdf`);
  writeFileSync(file, bytes);
  return { text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }), info: execFileSync('pdfinfo', [file], { encoding: 'utf8' }) };
}

describe('observation report', () => {
  it('is the reader’s copy: the faculty member’s has no observer scores; plans, artifacts and the closing steps are in it', async () => {
    const a = await actors(t);
    const id = await completedCycle(t, a);
    const name = (await t.loginUser('faculty')).name as string;
    expect((await put(t, 'acknowledge', { observationsId: id, fullName: name }, a.faculty)).statusCode).toBe(200);
    expect((await put(t, 'response', { observationsId: id, response: 'I will try the think-pair-share next term.' }, a.faculty)).statusCode).toBe(200);
    const d = await doc(t, id, a.observer);

    const asObserver = await t.get(`/api/observation/${id}/report`, a.observer);
    expect(asObserver.statusCode, asObserver.body.slice(0, 300)).toBe(200);
    expect(asObserver.headers['content-type']).toBe('application/pdf');
    expect(asObserver.headers['content-disposition']).toMatch(/^attachment; filename="observation-.*\.pdf"$/);
    const observerCopy = readPdf(asObserver.rawPayload, 'observer');
    expect(observerCopy.text).toContain('Observation report');
    expect(observerCopy.text).toContain(name);
    expect(observerCopy.text).toContain(d.observer.name);
    expect(observerCopy.text).toContain('Observer total: 60.0');
    expect(observerCopy.text).toContain('Faculty total: 80.0');
    expect(observerCopy.text).toContain('Teaching plan');
    expect(observerCopy.text).toContain('Reflection plan');
    expect(observerCopy.text).toContain('evidence.pdf');
    expect(observerCopy.text).toContain(`Acknowledged by ${name}`);
    expect(observerCopy.text).toContain('I will try the think-pair-share next term.');
    expect(observerCopy.text).toContain('Not signed off yet');
    expect(observerCopy.info).toMatch(/Title:\s+Observation report/);
    expect(observerCopy.info).toMatch(/Page size:\s+595\.2[0-9]* x 841\.8[0-9]* pts \(A4\)/);

    const asFaculty = await t.get(`/api/observation/${id}/report?paper=Letter`, a.faculty);
    expect(asFaculty.statusCode).toBe(200);
    const facultyCopy = readPdf(asFaculty.rawPayload, 'faculty');
    expect(facultyCopy.text).toContain('Faculty total: 80.0');
    expect(facultyCopy.text).not.toContain('Observer total');
    expect(facultyCopy.text).not.toMatch(/Observer\s+Faculty/);
    expect(facultyCopy.text).not.toContain('Final score');
    expect(facultyCopy.info).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);

    // The PDF's language is set (pdfkit writes /Lang into the catalogue).
    expect(asFaculty.rawPayload.toString('latin1')).toContain('/Lang (en-US)');

    // After sign-off the report says it is final.
    // The response window has closed (no response needed for sign-off then).
    await t.db.update(observations).set({ responseDueAt: new Date(Date.now() - 86_400_000) }).where(eq(observations.id, id));
    expect((await put(t, 'sign-off', { observationsId: id }, a.hod)).statusCode).toBe(200);
    expect(readPdf((await t.get(`/api/observation/${id}/report`, a.hod)).rawPayload, 'final').text).toContain('This report is final.');
  });

  it('no report for who may not see the observation; a bad paper names the field', async () => {
    const a = await actors(t);
    const id = await completedCycle(t, a);
    expect((await t.get(`/api/observation/${id}/report`, a.faculty2)).statusCode).toBe(403);
    expect((await t.get(`/api/observation/${id}/report`, a.hodMath)).statusCode).toBe(403);
    expect((await t.get(`/api/observation/${id}/report`)).statusCode).toBe(401);
    const bad = await t.get(`/api/observation/${id}/report?paper=A3`, a.observer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'paper: A4 or Letter' });
  });

  it('dossier: the faculty member’s final reports of a period in one PDF with a contents page; the faculty member or their HOD only', async () => {
    const a = await actors(t);
    const id = await completedCycle(t, a);
    const name = (await t.loginUser('faculty')).name as string;
    expect((await put(t, 'acknowledge', { observationsId: id, fullName: name }, a.faculty)).statusCode).toBe(200);
    await t.db.update(observations).set({ responseDueAt: new Date(Date.now() - 86_400_000) }).where(eq(observations.id, id));
    const today = new Date().toISOString().slice(0, 10);
    const url = (q: string) => `/api/reports/dossier?${q}`;
    // Not final yet: the period holds no report.
    let empty = readPdf((await t.get(url(`from=2026-01-01&to=${today}`), a.faculty)).rawPayload, 'dossier-empty');
    expect(empty.text).toContain('No observation of this faculty member was completed and signed off in this period.');
    expect((await put(t, 'sign-off', { observationsId: id }, a.hod)).statusCode).toBe(200);

    const mine = await t.get(url(`from=2026-01-01&to=${today}`), a.faculty);
    expect(mine.statusCode).toBe(200);
    const own = readPdf(mine.rawPayload, 'dossier-own');
    expect(own.text).toContain(`Observation dossier — ${name}`);
    expect(own.text).toContain('Contents');
    expect(own.text).toContain('1 final report of observations completed in the period.');
    expect(own.text).toContain('This report is final.');
    expect(own.text).not.toContain('Observer total');
    expect(own.info).toMatch(/Pages:\s+[2-9]/);
    // The HOD's copy carries the observer's scores.
    const hod = await t.get(url(`facultyId=${a.ids.faculty}&from=2026-01-01&to=${today}&paper=Letter`), a.hod);
    expect(hod.statusCode).toBe(200);
    expect(readPdf(hod.rawPayload, 'dossier-hod').text).toContain('Observer total');
    // Nobody else; bad periods name the field.
    expect((await t.get(url(`facultyId=${a.ids.faculty}&from=2026-01-01&to=${today}`), a.faculty2)).statusCode).toBe(403);
    expect((await t.get(url(`facultyId=${a.ids.faculty}&from=2026-01-01&to=${today}`), a.hodMath)).statusCode).toBe(403);
    expect((await t.get(url(`facultyId=${a.ids.faculty}&from=2026-01-01&to=${today}`), a.observer)).statusCode).toBe(403);
    expect((await t.get(url(`from=2026-13-01&to=${today}`), a.faculty)).json()).toEqual({ error: 'from: a day such as 2026-01-31' });
    expect((await t.get(url('from=2026-06-01&to=2026-01-01'), a.faculty)).json()).toEqual({ error: 'to: the period ends before it starts' });
    empty = readPdf((await t.get(url('from=2025-01-01&to=2025-12-31'), a.faculty)).rawPayload, 'dossier-2025');
    expect(empty.text).toContain('No observation of this faculty member was completed and signed off in this period.');
  });
});
