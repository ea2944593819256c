/**
 * Observer calibration in the real app against the real server (docs/adr/2026-11-28-calibration.md):
 *   a HOD creates a session in the browser — a small published rubric of the department, the lesson an uploaded
 *   video (tests/fixtures/calibration/lesson.mp4: 8 s of VP9 in MP4, made once with
 *   `ffmpeg -f lavfi -i testsrc=duration=8:size=160x120:rate=10 -c:v libvpx-vp9 -b:v 40k -movflags +faststart`),
 *   three new observers of the department, an expert's reference — → three observers score it blind in the
 *   browser; the first writes a note at a point of the video and clicking the note seeks the video back there
 *   (a first visit may come before the service worker controls the page: then the page fetches the video with
 *   the token); the second plays it under the service worker, which streams the route with byte ranges (206);
 *   the third scores, notes and submits OFFLINE and, back online, the outbox drains exactly once → the last
 *   submission closes the session (checked through the API) → a participant reads its results: per item the
 *   distribution, the expert's reference with its rationale and their own score → the HOD's certification page
 *   shows who of the three is calibrated on the version → the HOD initiates an observation with an observer who is
 *   not and is warned, before and after. axe finds no serious or critical violation on these pages.
 *
 * The scores against the reference (Q1 2, Q2 2, F1 3): the first observer matches it (certified), the second is
 * exact on one item of three and the third on none (both below the 50 % exact threshold: not certified).
 * The session, its version and the people stay in describe-scope variables shared by the tests, which run in order.
 * tests/e2e/calibration-results.spec.ts keeps what this journey does not cover (severity, dark tablet captures).
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import type { CalibrationSession } from '../../src/shared/contract/calibration.js';
import { runTag } from './support/admin-api.js';
import type { ServerApi } from './support/api.js';
import { axeClean, CALIBRATION_PASSWORD as PASSWORD, certificationTable, facultyOfDepartment, initiateWarns, versionLabel } from './support/calibration.js';
import { newDesktop } from './support/cycle.js';
import { demo, DOMAIN } from './support/demo.js';
import { expect, test } from './support/fixtures.js';
import { goOffline, goOnline } from './support/network.js';
import { expectAllSynced, serviceWorkerReady, signIn } from './support/session.js';

const VIDEO = path.resolve(import.meta.dirname, '../fixtures/calibration/lesson.mp4');
const LEVELS = ['Low', 'Mid', 'High'];
const once = () => ({ 'idempotency-key': randomUUID() });

interface Person {
  id: string;
  name: string;
  email: string;
  token: string;
}

/** The expert's reference per item (title → level): see the header for how each observer's scores sit against it. */
const REFERENCE: [string, string, number][] = [
  ['Q1', 'Open questions', 2],
  ['Q2', 'Wait time', 2],
  ['F1', 'Specific feedback', 3],
];

/** Taps level `value` (1–3) of every item of the group, then saves the group. */
async function scoreGroup(page: Page, name: string, value: number, opts: { save?: boolean } = {}) {
  const group = page.getByRole('region', { name, exact: true });
  const items = group.getByRole('radiogroup');
  const n = await items.count();
  for (let i = 0; i < n; i++) {
    const radio = items.nth(i).getByRole('radio', { name: `${value} ${LEVELS[value - 1]}`, exact: true });
    await radio.locator('xpath=ancestor::label[1]').click();
    await expect(radio).toBeChecked();
  }
  if (opts.save === false) return;
  await group.getByRole('button', { name: `Save ${name}` }).click();
  await expect(group.getByTestId('group-state')).toHaveText('Saved');
}

async function submitScores(page: Page) {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit your calibration scores?' });
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(/Your scores are submitted and can no longer change/)).toBeVisible();
}

/** Opens the session from the list once the device holds it (it arrives with a pull after the creation). */
async function openFromList(page: Page, title: string) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Calibration' }).click();
  await expect(page).toHaveURL(/\/calibration$/);
  const toScore = page.getByRole('region', { name: 'To score' });
  await expect(async () => {
    if (!(await toScore.getByRole('link', { name: title }).isVisible())) {
      await page.reload();
      await expect(toScore.getByRole('link', { name: title })).toBeVisible({ timeout: 3_000 });
    }
  }).toPass({ timeout: 45_000 });
  await toScore.getByRole('link', { name: title }).click();
  await expect(page.getByRole('region', { name: 'G1 Questioning', exact: true })).toBeVisible({ timeout: 20_000 });
}

const serverSession = (api: ServerApi, token: string, id: string) => api.request<CalibrationSession>('GET', `/calibration/sessions/${id}`, { token });

test.describe.serial('observer calibration', () => {
  // Kept for steps appended after the last test (results, certification).
  let hod: Person & { departmentId: number };
  const observers: Person[] = [];
  let version: { id: string; name: string; label: string };
  let sessionId = '';
  let title = '';
  let hodContext: BrowserContext;
  const contexts: BrowserContext[] = [];
  let tag = '';

  test.afterAll(async () => {
    for (const c of [hodContext, ...contexts]) await c?.close();
  });

  test('a HOD creates a video session; three observers score it blind, one offline; the last submission closes it', async ({ browser, api, baseURL }) => {
    test.setTimeout(300_000);
    tag = runTag();
    title = `Calibration ${tag}`;
    const login = await api.login(demo('Head_of_Department').email);
    hod = { id: login.id, name: login.name, email: login.email, token: login.token, departmentId: Number(login.department!.id) };

    // Through the API: three observers of the department and a small published rubric of it (2 groups, 3 levels).
    for (let i = 1; i <= 3; i++) {
      const email = `calib${i}.${tag}@${DOMAIN}`;
      const name = `Calibration Observer ${i} ${tag}`;
      await api.request('POST', '/auth/create', { token: hod.token, headers: once(), body: { name, email, password: PASSWORD, confirmPassword: PASSWORD, role: 'Observer' } });
      const me = await api.login(email, PASSWORD);
      observers.push({ id: me.id, name, email, token: me.token });
    }
    const definition = {
      name: `Calibration rubric ${tag}`,
      groups: [
        { code: 'G1', title: 'Questioning', items: [{ code: 'Q1', title: 'Open questions' }, { code: 'Q2', title: 'Wait time' }] },
        { code: 'G2', title: 'Feedback', items: [{ code: 'F1', title: 'Specific feedback' }] },
      ],
      scale: LEVELS.map((label, i) => ({ value: i + 1, label })),
    };
    const draft = await api.request<{ id: string }>('POST', '/rubrics', { token: hod.token, headers: once(), body: { definition } });
    const published = await api.request<{ id: string; number: number }>('POST', `/rubrics/versions/${draft.id}/publish`, { token: hod.token, headers: once() });
    version = { id: published.id, name: `${definition.name} — version ${published.number}`, label: versionLabel(definition.name, published.number) };

    hodContext = await newDesktop(browser, baseURL!);
    const hodPage = await hodContext.newPage();
    await signIn(hodPage, hod.email);

    await test.step('the HOD creates the session with the uploaded video', async () => {
      await hodPage.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Calibration' }).click();
      await expect(hodPage).toHaveURL(/\/calibration$/);
      await expect(hodPage.getByRole('status', { name: 'Loading sessions' })).toHaveCount(0);
      await expect(hodPage.getByRole('link', { name: 'New session' })).toBeVisible();
      await axeClean(hodPage, 'calibration list');
      await hodPage.getByRole('link', { name: 'New session' }).click();
      const form = hodPage.getByRole('form', { name: 'New calibration session' });
      // An empty form names each field it needs.
      await form.getByRole('button', { name: 'Create session' }).click();
      await expect(form.getByText('Title: must not be empty')).toBeVisible();
      await expect(form.getByText('Observers: choose at least one observer')).toBeVisible();
      await axeClean(hodPage, 'calibration create form with its messages');

      await form.getByRole('textbox', { name: /^Title/ }).fill(title);
      // The version and the new observers reach the HOD's device with the first sync.
      await expect(async () => {
        await form.getByLabel(/^Rubric version/).click();
        await hodPage.getByRole('option', { name: version.name }).click({ timeout: 2_000 });
      }).toPass({ timeout: 45_000 });
      await form.locator('input[type="file"]').setInputFiles(VIDEO);
      await expect(form.getByText('lesson.mp4 uploaded')).toBeVisible({ timeout: 30_000 });
      for (const o of observers) {
        await expect(async () => {
          await form.locator('[data-field="participantIds"] input').first().click();
          await hodPage.getByRole('option', { name: new RegExp(o.name) }).click({ timeout: 2_000 });
        }).toPass({ timeout: 45_000 });
      }
      await hodPage.keyboard.press('Escape');
      const deadline = new Date(Date.now() + 3 * 86_400_000);
      const local = new Date(deadline.getTime() - deadline.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
      await form.getByLabel(/^Deadline/).fill(local);
      await form.getByRole('checkbox', { name: 'Add an expert’s reference scores' }).check();
      await form.getByRole('textbox', { name: /^Expert/ }).fill('Dr Amara Expert');
      for (const [code, item, level] of REFERENCE) {
        await form.getByLabel(new RegExp(`^${code} ${item}: reference level`)).click();
        await hodPage.getByRole('option', { name: `${level} ${LEVELS[level - 1]}`, exact: true }).click();
        await form.getByRole('textbox', { name: new RegExp(`^${code} ${item}: rationale`) }).fill(`Rationale for ${item.toLowerCase()}`);
      }
      await form.getByRole('button', { name: 'Create session' }).click();
      await expect(hodPage).toHaveURL(/\/calibration\/[0-9a-f-]{36}$/, { timeout: 20_000 });
      sessionId = /\/calibration\/([0-9a-f-]{36})$/.exec(hodPage.url())![1]!;
      // The organiser sees who takes part, no score control.
      const roster = hodPage.getByRole('region', { name: 'Participants' });
      for (const o of observers) await expect(roster.getByRole('row', { name: new RegExp(o.name) })).toContainText('Not yet');
      await expect(hodPage.getByRole('radiogroup')).toHaveCount(0);
      const doc = await serverSession(api, hod.token, sessionId);
      expect(doc.lesson.kind).toBe('video');
      expect(doc.reference?.expertName).toBe('Dr Amara Expert');
      expect(doc.participants).toEqual({ total: 3, submitted: 0 });
    });

    const pages: Page[] = [];
    for (const o of observers) {
      const context = await newDesktop(browser, baseURL!);
      contexts.push(context);
      const page = await context.newPage();
      await signIn(page, o.email, PASSWORD);
      pages.push(page);
    }

    await test.step('the first observer scores, notes a moment of the video and seeks back to it', async () => {
      const page = pages[0]!;
      await openFromList(page, title);
      const video = page.getByTestId('lesson-video');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && v.duration > 5), { timeout: 20_000 }).toBe(true);
      await axeClean(page, 'calibration scoring');
      await video.evaluate((v: HTMLVideoElement) => new Promise<void>((resolve) => {
        v.addEventListener('seeked', () => resolve(), { once: true });
        v.currentTime = 4.2;
      }));
      await page.getByRole('textbox', { name: /Evidence note/ }).fill('Questions answered by the same two students');
      await page.getByRole('button', { name: 'Add note' }).click();
      const note = page.getByRole('button', { name: 'Go to 0:04: Questions answered by the same two students' });
      await expect(note).toBeVisible();
      await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 0));
      await note.click();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(4, 0);
      await scoreGroup(page, 'G1 Questioning', 2);
      await scoreGroup(page, 'G2 Feedback', 3);
      await submitScores(page);
      await expectAllSynced(page);
    });

    await test.step('the second observer scores and submits', async () => {
      const page = pages[1]!;
      await openFromList(page, title);
      // Under the service worker the <video> streams the route itself with byte ranges (206), seekable. Only ranged
      // requests count: the first visit's whole-file fetch with the token (before the worker controlled the page)
      // may still answer after this listener is attached.
      const videoAnswers: string[] = [];
      contexts[1]!.on('response', (r) => {
        const range = r.request().headers()['range'];
        if (r.url().endsWith(`/api/calibration/sessions/${sessionId}/video`) && range) videoAnswers.push(`${r.status()} ${range}`);
      });
      await serviceWorkerReady(page);
      await page.reload();
      const video = page.getByTestId('lesson-video');
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && v.duration > 5), { timeout: 20_000 }).toBe(true);
      expect(await page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
      await expect(video).toHaveAttribute('src', `/api/calibration/sessions/${sessionId}/video`);
      await video.evaluate((v: HTMLVideoElement) => new Promise<void>((resolve) => {
        v.addEventListener('seeked', () => resolve(), { once: true });
        v.currentTime = 6;
      }));
      expect(videoAnswers.length).toBeGreaterThan(0);
      expect(videoAnswers.filter((answer) => !answer.startsWith('206 '))).toEqual([]);
      await scoreGroup(page, 'G1 Questioning', 3);
      // The last group goes with the submission.
      await scoreGroup(page, 'G2 Feedback', 3, { save: false });
      await submitScores(page);
      await expectAllSynced(page);
    });

    await test.step('the third observer scores, notes and submits offline; back online the outbox drains once', async () => {
      const page = pages[2]!;
      const context = contexts[2]!;
      await openFromList(page, title);
      await goOffline(context);
      await scoreGroup(page, 'G1 Questioning', 1);
      await scoreGroup(page, 'G2 Feedback', 2);
      await page.getByRole('textbox', { name: /Evidence note/ }).fill('Scored offline');
      await page.getByRole('button', { name: 'Add note' }).click();
      await expect(page.getByTestId('calibration-notes')).toContainText('Scored offline');
      await submitScores(page);
      await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
      let mine = await serverSession(api, observers[2]!.token, sessionId);
      expect(mine.mine!.submittedAt).toBeNull();
      expect(mine.mine!.notes).toEqual([]);
      await goOnline(context);
      await expectAllSynced(page, 45_000);
      mine = await serverSession(api, observers[2]!.token, sessionId);
      expect(mine.mine!.submittedAt).not.toBeNull();
      expect(mine.mine!.notes.map((n) => n.body)).toEqual(['Scored offline']);
      expect(Object.keys(mine.mine!.scores)).toHaveLength(3);
    });

    await test.step('the last submission closed the session', async () => {
      const doc = await serverSession(api, hod.token, sessionId);
      expect(doc.status).toBe('closed');
      expect(doc.closedAt).not.toBeNull();
      expect(doc.participants).toEqual({ total: 3, submitted: 3 });
      expect(doc.roster!.every((p) => p.submitted)).toBe(true);
      // The first observer's note is theirs only and was written once.
      const first = await serverSession(api, observers[0]!.token, sessionId);
      expect(first.mine!.notes.map((n) => [n.body, n.offsetSeconds])).toEqual([['Questions answered by the same two students', 4]]);
      // On the participant's device the list moves it to Closed, linking to its results.
      const page = pages[1]!;
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Calibration' }).click();
      await expect(async () => {
        await page.reload();
        await expect(page.getByRole('region', { name: 'Closed' }).getByRole('link', { name: title })).toHaveAttribute('href', `/calibration/${sessionId}/results`, { timeout: 3_000 });
      }).toPass({ timeout: 45_000 });
    });
  });

  test('a participant reads the results: distribution per item, the reference and its rationale, their own position', async () => {
    test.setTimeout(120_000);
    // The second observer (scores 3, 3, 3): one of three exact against the reference, so not certified.
    const page = contexts[1]!.pages()[0]!;
    await page.getByRole('region', { name: 'Closed' }).getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(new RegExp(`/calibration/${sessionId}/results$`));
    const q1 = page.getByRole('region', { name: 'Q1 Open questions' });
    await expect(q1.getByRole('figure')).toBeVisible();
    const rows = q1.getByRole('table').getByRole('row');
    // Header, then one row per level: the three observers scored 2, 3 and 1; the reference is 2.
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toHaveText(/^1 Low\s*1$/);
    await expect(rows.nth(2)).toHaveText(/^2 Mid\s*1\s*Reference$/);
    await expect(rows.nth(3)).toHaveText(/^3 High\s*1\s*Your score$/);
    await expect(q1.getByText('Rationale for open questions')).toBeVisible();
    const f1 = page.getByRole('region', { name: 'F1 Specific feedback' });
    await expect(f1.getByRole('table').getByRole('row').nth(3)).toHaveText(/^3 High\s*2\s*Reference, Your score$/);
    await expect(f1.getByText('Rationale for specific feedback')).toBeVisible();
    const agreement = page.getByRole('region', { name: 'Agreement with the reference' });
    await expect(agreement.getByRole('row', { name: /^You / })).toContainText('Not certified');
    await expect(agreement.getByRole('row', { name: /^Participant \d/ })).toHaveCount(2);
    await expect(page.getByTestId('my-certification')).toContainText('You are not certified on this version');
    await expect(page.locator('body')).not.toContainText('NaN');
    await axeClean(page, 'results');
  });

  test('the HOD’s certification page shows which of the three is calibrated on the version', async () => {
    test.setTimeout(120_000);
    const page = hodContext.pages()[0]!;
    const table = await certificationTable(page, version.label);
    await expect(table.getByRole('row', { name: new RegExp(`^${observers[0]!.name} Calibrated`) })).toBeVisible({ timeout: 20_000 });
    await expect(table.getByRole('row', { name: new RegExp(`^${observers[1]!.name} Never calibrated`) })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(`^${observers[2]!.name} Never calibrated`) })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Adjacent agreement (%)' })).toHaveValue('80');
    await axeClean(page, 'certification');
  });

  test('initiating an observation with the observer who is not calibrated warns, before and after', async ({ api }) => {
    test.setTimeout(120_000);
    const faculty = await facultyOfDepartment(api, hod.token, hod.departmentId, tag);
    await initiateWarns(hodContext.pages()[0]!, { label: version.label, observer: observers[2]!.name, faculty });
  });
});
