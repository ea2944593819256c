/**
 * The staged demo observations (SEED_DEMO_OBSERVATIONS, src/server/seed/demo-cycles.ts): the Physics department
 * holds one observation at every stage, each readable by its HOD, observer and faculty member, with the milestone
 * the real cycle gives at that stage; one has artifacts (real files) and a conversation; the dashboard and lists
 * are no longer empty; and the accounts the journeys use (Computer Science) still have no observations.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { DEMO_STAGED_ACCOUNTS } from '../../../src/server/seed/demo-accounts.js';
import { STAGED } from '../../../src/server/seed/demo-cycles.js';
import { createTestApp, type TestApp } from '../support/helpers.js';

let t: TestApp;
const dataDir = mkdtempSync(path.join(tmpdir(), 'observa-demo-obs-'));

beforeAll(async () => {
  t = await createTestApp({ config: { seedDemoObservations: true, dataDir } });
});
afterAll(() => t?.close());

type Doc = { id: string; facultyId: string; status: string; observationProgress: number; cycleLabel: string; meetings: { postObservation: { artifacts: { id: string; type: string; fileURL: string }[] } | null } };

async function observationsOf(who: string): Promise<Doc[]> {
  const res = await t.get('/api/observations', await t.login(who));
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** status, progress and label of each stage, as observations-cycle.test.ts sees them along the real cycle. */
const MILESTONES: Record<string, [string, number, string]> = {
  pending: ['Pending', 0, '---'],
  scheduling: ['Ongoing', 0, 'Observation Scheduling'],
  informedDone: ['Ongoing', 50, '---'],
  uninformedDone: ['Ongoing', 80, '---'],
  postObservation: ['Ongoing', 80, 'Post Observation'],
  completed: ['Completed', 100, '---'],
};

describe('staged demo observations', () => {
  it('is on by default for the server and off unless asked in the test harness', () => {
    expect(loadConfig({}).seedDemoObservations).toBe(true);
    expect(loadConfig({ SEED_DEMO_OBSERVATIONS: 'false' }).seedDemoObservations).toBe(false);
  });

  it('one observation per stage, each opening for its HOD, observer and faculty member with that stage’s milestone', async () => {
    const all = await observationsOf('hod.physics');
    expect(all).toHaveLength(STAGED.length);
    const observerToken = await t.login('observer.physics');
    for (const s of STAGED) {
      const facultyId = await t.userId(s.faculty);
      const o = all.find((d) => d.facultyId === facultyId)!;
      expect([o.status, o.observationProgress, o.cycleLabel], s.stage).toEqual(MILESTONES[s.stage]);
      for (const token of [observerToken, await t.login(s.faculty)]) {
        expect((await t.get(`/api/observation/${o.id}`, token)).statusCode).toBe(200);
      }
    }
  });

  it('the post-observation one has downloadable artifacts (a PDF and an image) and a conversation', async () => {
    const [mine] = await observationsOf('faculty.physics5');
    const files = mine.meetings.postObservation!.artifacts;
    expect(files.map((f) => f.type).sort()).toEqual(['pdf', 'png']);
    const observer = await t.login('observer.physics');
    for (const f of files) {
      const res = await t.get(f.fileURL, observer);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeGreaterThan(50);
    }
    const chat = await t.get(`/api/observation/${mine.id}/messages`, observer);
    expect(chat.json().map((m: { authorRole: string }) => m.authorRole)).toEqual(['Observer', 'Faculty', 'Head_of_Department']);
  });

  it('the first look is not empty: dashboard counts, lists and notifications', async () => {
    const sa = await t.login('superadmin');
    expect(await observationsOf('superadmin')).toHaveLength(STAGED.length);
    expect((await t.get('/api/dashboard', sa)).json().counts.observations).toBe(STAGED.length);
    const statuses = (await observationsOf('hod.physics')).map((o) => o.status);
    for (const status of ['Pending', 'Ongoing', 'Completed']) expect(statuses).toContain(status);
    const notes = (await t.get('/api/notifications', await t.login('faculty.physics6'))).json();
    expect(notes.length).toBeGreaterThan(0);
    expect(DEMO_STAGED_ACCOUNTS.every((a) => a.department === 'Physics')).toBe(true);
  });

  it('the accounts the journeys use still have no observations (initiate needs faculty without one)', async () => {
    for (const who of ['hod', 'observer', 'observer2', 'faculty', 'faculty2', 'faculty3', 'hod.math', 'faculty.math']) {
      expect(await observationsOf(who), who).toEqual([]);
    }
  });
});
