/**
 * "Your data, exported": GET /user/{id}/export is a zip of JSON and CSV with everything Observa holds
 * about the user, as the user may see it — a faculty member's export never carries the observer's scores, even
 * when a Super_Admin downloads it. Self or Super_Admin only.
 */
import { randomUUID } from 'node:crypto';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Observation } from '../../../src/shared/contract/observations.js';
import { createTestApp, type TestApp } from '../support/helpers.js';
import { actors, bothObservationsDone, initiate, key, type Actors } from '../support/observations-fixture.js';

let t: TestApp;
let a: Actors;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  await t.reset();
  a = await actors(t);
});
afterAll(() => t?.close());

async function exportOf(id: string, token: string) {
  const res = await t.get(`/api/user/${id}/export`, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(String(res.headers['content-disposition'])).toMatch(/^attachment; filename="observa-export-[\w.-]+-\d{4}-\d{2}-\d{2}\.zip"$/);
  const files = unzipSync(new Uint8Array(res.rawPayload));
  return Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

describe('GET /user/{id}/export', () => {
  it('holds the profile, observations as the user sees them, plans, messages and notifications', async () => {
    const id = await initiate(t, a);
    await bothObservationsDone(t, a, id);
    const chat = await t.post(`/api/observation/${id}/messages`, { id: randomUUID(), body: '=HYPERLINK("http://evil")' }, a.observer, key());
    expect(chat.statusCode, chat.body).toBe(201);

    const files = await exportOf(a.ids.faculty, a.faculty);
    expect(Object.keys(files).sort()).toEqual(
      ['README.txt', 'messages.csv', 'messages.json', 'notes.csv', 'notes.json', 'notifications.csv', 'notifications.json', 'observations.csv', 'observations.json', 'plans.csv', 'profile.json'].sort(),
    );
    const profile = JSON.parse(files['profile.json']);
    expect(profile).toMatchObject({ id: a.ids.faculty, email: 'faculty@university.edu' });
    expect(JSON.stringify(profile)).not.toMatch(/password|hash/i);

    const observations = JSON.parse(files['observations.json']) as Observation[];
    expect(observations.map((o) => o.id)).toEqual([id]);
    const informed = observations[0].meetings.informedObservation!;
    expect(informed.facultyScore).toBe(80);
    // faculty never see the observer's score — not in the JSON, not in the CSV
    expect(informed.observerScore).toBeNull();
    expect(informed.percentage).toBeNull();
    expect(informed.rubrics.every((r) => r.observerScore === null)).toBe(true);
    const csvRows = Papa.parse<Record<string, string>>(files['observations.csv'], { header: true, skipEmptyLines: true }).data;
    expect(csvRows).toHaveLength(1);
    expect(csvRows[0]).toMatchObject({ id, informedFacultyScore: '80', informedObserverScore: '', informedPercentage: '' });

    const plans = Papa.parse<Record<string, string>>(files['plans.csv'], { header: true, skipEmptyLines: true }).data;
    expect(plans.length).toBeGreaterThanOrEqual(7);
    expect(plans.every((p) => p.observationId === id && p.answer.length > 0)).toBe(true);

    const messages = Papa.parse<Record<string, string>>(files['messages.csv'], { header: true, skipEmptyLines: true }).data;
    // a cell that a spreadsheet would run as a formula is escaped
    expect(messages.map((m) => m.message)).toContain(`'=HYPERLINK("http://evil")`);
    expect(JSON.parse(files['messages.json'])[0].body).toBe('=HYPERLINK("http://evil")');

    const notifications = JSON.parse(files['notifications.json']) as { title: string }[];
    expect(notifications.length).toBeGreaterThan(0);
    expect(files['README.txt']).toContain('faculty@university.edu');
  });

  it('a Super_Admin downloads anyone\'s export, still as that user sees it; nobody else may', async () => {
    const id = await initiate(t, a);
    const note = (body: string, shared: boolean) =>
      t.post(`/api/observation/${id}/notes`, { id: randomUUID(), kind: 'informed', body, offsetSeconds: 125, shared }, a.observer, key());
    await bothObservationsDone(t, a, id, async () => {
      expect((await note('Shared: clear warm-up', true)).statusCode).toBe(201);
      expect((await note('Private: check pacing', false)).statusCode).toBe(201);
    });
    const forFaculty = await exportOf(a.ids.faculty, a.superadmin);
    expect((JSON.parse(forFaculty['observations.json']) as Observation[])[0].meetings.informedObservation!.observerScore).toBeNull();
    const forObserver = await exportOf(a.ids.observer, a.superadmin);
    expect((JSON.parse(forObserver['observations.json']) as Observation[])[0].meetings.informedObservation!.observerScore).toBe(60);
    // evidence notes: the observer's export holds both, the faculty member's only the shared one (after the lock)
    expect((JSON.parse(forObserver['notes.json']) as { body: string }[]).map((n) => n.body).sort()).toEqual(['Private: check pacing', 'Shared: clear warm-up']);
    expect((JSON.parse(forFaculty['notes.json']) as { body: string }[]).map((n) => n.body)).toEqual(['Shared: clear warm-up']);
    expect(forFaculty['notes.csv']).not.toContain('Private');

    for (const token of [a.hod, a.admin, a.observer, a.faculty2]) {
      expect((await t.get(`/api/user/${a.ids.faculty}/export`, token)).statusCode).toBe(403);
    }
    expect((await t.get(`/api/user/${a.ids.faculty}/export`)).statusCode).toBe(401);
    expect((await t.get(`/api/user/${randomUUID()}/export`, a.superadmin)).statusCode).toBe(404);
    expect((await t.get(`/api/user/nope/export`, a.superadmin)).statusCode).toBe(404);
  });
});
