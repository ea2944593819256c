/**
 * Observer calibration's reports in the real app against the real server (docs/adr/2026-11-28-calibration.md). In
 * Computer Science, with people of its own (a tag in every name): the HOD publishes a 4-level rubric and runs a
 * session with an expert reference; three new observers score and submit through the API, so it closes →
 * a participant opens the results: per item the distribution (chart and table), the reference with its rationale
 * and their own score; their row "You", the others anonymous; certified → the HOD's certification page shows
 * who is calibrated on the version (two) and who is not (one) → the HOD initiates with the observer who is not:
 * the form warns before and after; the HOD opens that observer's severity (fewer than 10 locked observations,
 * as the server says). axe finds no serious or critical violation on these pages; the results page
 * and the certification page are captured in the dark theme at tablet width (768 px) for a person to look at.
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { MSG } from '../../src/shared/messages.js';
import { expect, test } from './support/fixtures.js';
import { runTag } from './support/admin-api.js';
import { CONTEXT_DEFAULTS, newDesktop } from './support/cycle.js';
import { DOMAIN } from './support/demo.js';
import { settled } from './support/pages.js';
import { expectAllSynced, signIn } from './support/session.js';

const HOD = `hod@${DOMAIN}`;
const PASSWORD = 'e2e-password-1';
const LEVELS = ['Emerging', 'Developing', 'Secure', 'Leading'];
const REFERENCE = [3, 2, 4, 1];
/** Against the reference: matches (certified), one level off on two items (certified), far off (not). */
const SCORES = [
  [3, 2, 4, 1],
  [2, 2, 3, 1],
  [1, 4, 2, 3],
];

async function axeClean(page: Page, where: string): Promise<void> {
  await page.mouse.move(1, 790);
  await settled(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious).toEqual([]);
}

test('a closed calibration session’s results, who is certified, and the initiate warning', async ({ browser, api, baseURL }) => {
  test.setTimeout(300_000);
  const tag = runTag();
  const hod = await api.login(HOD);
  const dept = Number(hod.department!.id);
  const once = () => ({ 'idempotency-key': randomUUID() });
  const post = <T,>(path: string, body: unknown, token = hod.token) => api.request<T>('POST', path, { token, headers: once(), body });

  // The rubric: one group of four items on four levels, the department's, published.
  const rubricName = `Calibration rubric ${tag}`;
  const draft = await post<{ id: string }>('/rubrics', {
    departmentId: dept,
    definition: { name: rubricName, groups: [{ code: 'A', title: 'Teaching', items: [1, 2, 3, 4].map((n) => ({ code: `A${n}`, title: `Practice ${n}` })) }], scale: LEVELS.map((label, i) => ({ value: i + 1, label })) },
  });
  const version = await post<{ id: string; groups: { items: { id: string }[] }[] }>(`/rubrics/versions/${draft.id}/publish`, undefined);
  const itemIds = version.groups[0].items.map((i) => i.id);
  const versionLabel = `${rubricName} · version 1`;

  // Three observers and a faculty member teaching a course of the department.
  const people: { id: string; email: string; name: string; token: string }[] = [];
  for (const n of [1, 2, 3]) {
    const email = `calib${n}.${tag}@${DOMAIN}`;
    const name = `Calibration Observer ${n} ${tag}`;
    await post('/auth/create', { name, email, role: 'Observer', password: PASSWORD, confirmPassword: PASSWORD });
    const me = await api.login(email, PASSWORD);
    people.push({ id: me.id, email, name, token: me.token });
  }
  const { course } = await post<{ course: { id: string; slots: { id: string }[] } }>('/course', {
    courseCode: `CAL-${tag.slice(-5).toUpperCase()}`,
    name: `Calibration course ${tag}`,
    credits: 3,
    departments: [dept],
    slots: [{ sectionCode: 'A', day: 'Monday', time: '09:00-10:30', location: 'Room C-1' }],
  });
  const facultyName = `Calibration Faculty ${tag}`;
  await post('/auth/create', { name: facultyName, email: `calfac.${tag}@${DOMAIN}`, role: 'Faculty', password: PASSWORD, confirmPassword: PASSWORD, course: course.id, courses: course.slots.map((s) => s.id) });

  // The session, scored and submitted by all three: the last submission closes it.
  const session = await post<{ id: string }>('/calibration/sessions', {
    title: `Calibration ${tag}`,
    rubricVersionId: draft.id,
    lesson: { kind: 'live', description: 'Year 10 geometry, period 3', date: '2026-12-01' },
    participantIds: people.map((p) => p.id),
    reference: { expertName: 'Dr Amara Expert', items: itemIds.map((itemId, i) => ({ itemId, score: REFERENCE[i], rationale: `Rationale for practice ${i + 1}` })) },
    deadline: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  for (const [i, p] of people.entries()) {
    await post(`/calibration/sessions/${session.id}/submit`, { scores: itemIds.map((id, k) => ({ id, score: SCORES[i][k] })) }, p.token);
  }

  await test.step('a participant reads the results: distribution, reference and rationale, their own position', async () => {
    const context = await newDesktop(browser, baseURL!);
    const page = await context.newPage();
    await signIn(page, people[1].email, PASSWORD);
    await page.goto(`/calibration/${session.id}/results`);
    const item = page.getByRole('region', { name: 'A1 Practice 1' });
    await expect(item.getByRole('figure')).toBeVisible();
    const rows = item.getByRole('table').getByRole('row');
    await expect(rows.nth(2)).toHaveText(/2 Developing\s*1\s*Your score/);
    await expect(rows.nth(3)).toHaveText(/3 Secure\s*1\s*Reference/);
    await expect(item.getByText('Rationale for practice 1')).toBeVisible();
    const agreement = page.getByRole('region', { name: 'Agreement with the reference' });
    await expect(agreement.getByRole('row', { name: /^You / })).toContainText('Certified');
    await expect(agreement.getByRole('row', { name: /^Participant \d/ })).toHaveCount(2);
    await expect(page.getByTestId('my-certification')).toContainText('You are certified on this version');
    await expect(page.locator('body')).not.toContainText('NaN');
    await axeClean(page, 'results');
    await context.close();

    // Dark theme at tablet width: captured for a person to look at (tests/e2e/.artifacts/calibration/).
    const tablet = await browser.newContext({ ...CONTEXT_DEFAULTS, baseURL, viewport: { width: 768, height: 1024 }, colorScheme: 'dark', hasTouch: true });
    const tp = await tablet.newPage();
    await signIn(tp, people[1].email, PASSWORD);
    await tp.goto(`/calibration/${session.id}/results`);
    await expect(tp.getByRole('region', { name: 'A4 Practice 4' }).getByRole('figure')).toBeVisible();
    await settled(tp);
    await tp.screenshot({ path: 'tests/e2e/.artifacts/calibration/results-dark-tablet.png', fullPage: true, animations: 'disabled' });
    await axeClean(tp, 'results (dark, tablet)');
    await tablet.close();
  });

  const hodContext = await newDesktop(browser, baseURL!);
  const hodPage = await hodContext.newPage();
  await signIn(hodPage, HOD);

  await test.step('the HOD sees who is certified on the version', async () => {
    await hodPage.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Observer Certification' }).click();
    await expect(hodPage).toHaveURL(/\/calibration\/due$/);
    await expectAllSynced(hodPage);
    await hodPage.getByRole('combobox', { name: 'Rubric version' }).click();
    await hodPage.getByRole('option', { name: versionLabel }).click();
    const table = hodPage.getByRole('table', { name: `Observers and their calibration on ${versionLabel}` });
    await expect(table.getByRole('row', { name: new RegExp(`^${people[0].name} Calibrated`) })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(`^${people[1].name} Calibrated`) })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(`^${people[2].name} Not calibrated`) })).toBeVisible();
    await expect(hodPage.getByRole('textbox', { name: 'Adjacent agreement (%)' })).toHaveValue('80');
    await axeClean(hodPage, 'certification');

    // From an observer's row to their severity: fewer than 10 locked observations, as the server says.
    await table.getByRole('link', { name: `Severity and drift of ${people[2].name}` }).click();
    await expect(hodPage).toHaveURL(/\/calibration\/severity\?/);
    await expect(hodPage.getByTestId('severity-too-few')).toHaveText(`Not available: ${people[2].name} has 0 locked observation(s) on this version; a severity needs at least 10.`);
    await axeClean(hodPage, 'severity');
  });

  await test.step('the certification page in the dark theme at tablet width', async () => {
    const tablet = await browser.newContext({ ...CONTEXT_DEFAULTS, baseURL, viewport: { width: 768, height: 1024 }, colorScheme: 'dark', hasTouch: true });
    const tp = await tablet.newPage();
    await signIn(tp, HOD);
    await tp.goto('/calibration/due');
    await expectAllSynced(tp);
    await tp.getByRole('combobox', { name: 'Rubric version' }).click();
    await tp.getByRole('option', { name: versionLabel }).click();
    await expect(tp.getByRole('table', { name: `Observers and their calibration on ${versionLabel}` })).toBeVisible();
    await settled(tp);
    await tp.screenshot({ path: 'tests/e2e/.artifacts/calibration/due-dark-tablet.png', fullPage: true, animations: 'disabled' });
    await axeClean(tp, 'certification (dark, tablet)');
    await tablet.close();
  });

  await test.step('initiating with the observer who is not calibrated warns, before and after', async () => {
    await hodPage.goto('/observations/create-observation');
    await expectAllSynced(hodPage);
    await hodPage.getByRole('combobox', { name: 'Rubric' }).click();
    await hodPage.getByRole('option', { name: versionLabel }).click();
    await hodPage.getByRole('combobox', { name: 'Observer' }).click();
    await hodPage.getByRole('option', { name: new RegExp(`^${people[2].name}`) }).click();
    await expect(hodPage.getByTestId('calibration-before')).toContainText(`${people[2].name} is not calibrated on ${versionLabel}.`);
    await hodPage.getByRole('combobox', { name: 'Faculty' }).click();
    await hodPage.getByRole('option', { name: new RegExp(`^${facultyName}`) }).click();
    await hodPage.keyboard.press('Escape');
    await hodPage.getByRole('combobox', { name: 'Semester' }).click();
    await hodPage.getByRole('option', { name: 'Fall', exact: true }).click();
    await axeClean(hodPage, 'initiate with a warning');
    await hodPage.getByRole('button', { name: 'Initiate', exact: true }).click();
    await expect(hodPage.getByText(MSG.observationsInitiated)).toBeVisible();
    await expect(hodPage.getByTestId('calibration-warning')).toContainText(`${people[2].name} is not calibrated on ${versionLabel}.`);
  });
  await hodContext.close();
});
