/**
 * Observer calibration's reports beyond the journey of tests/e2e/calibration.spec.ts (which creates a session in the
 * browser, scores it, reads its results, the certification page and the initiate warning): here a session with an
 * expert reference is seeded and closed through the API in Computer Science, with people of its own (a tag in every
 * name) → from the certification page the HOD opens the severity of the observer who is not calibrated (fewer than
 * 10 locked observations, as the server says); the results page and the certification page are captured in the dark
 * theme at tablet width (768 px) for a person to look at. axe finds no serious or critical violation on these pages.
 * docs/adr/2026-11-28-calibration.md
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures.js';
import { runTag } from './support/admin-api.js';
import { axeClean, CALIBRATION_PASSWORD as PASSWORD, certificationTable, versionLabel } from './support/calibration.js';
import { CONTEXT_DEFAULTS, newDesktop } from './support/cycle.js';
import { DOMAIN } from './support/demo.js';
import { settled } from './support/pages.js';
import { expectAllSynced, signIn } from './support/session.js';

const HOD = `hod@${DOMAIN}`;
const LEVELS = ['Emerging', 'Developing', 'Secure', 'Leading'];
const REFERENCE = [3, 2, 4, 1];
/** Against the reference: matches (certified), one level off on two items (certified), far off (not). */
const SCORES = [
  [3, 2, 4, 1],
  [2, 2, 3, 1],
  [1, 4, 2, 3],
];

test('a closed calibration session: severity from the certification page, dark tablet captures', async ({ browser, api, baseURL }) => {
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
  const label = versionLabel(rubricName, 1);

  // Three observers of the department.
  const people: { id: string; email: string; name: string; token: string }[] = [];
  for (const n of [1, 2, 3]) {
    const email = `calib${n}.${tag}@${DOMAIN}`;
    const name = `Calibration Observer ${n} ${tag}`;
    await post('/auth/create', { name, email, role: 'Observer', password: PASSWORD, confirmPassword: PASSWORD });
    const me = await api.login(email, PASSWORD);
    people.push({ id: me.id, email, name, token: me.token });
  }
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

  // Captured for a person to look at (tests/e2e/.artifacts/calibration/).
  await test.step('the results in the dark theme at tablet width', async () => {
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

  await test.step('from the certification page to the severity of the observer who is not calibrated', async () => {
    const table = await certificationTable(hodPage, label);
    await expect(table.getByRole('row', { name: new RegExp(`^${people[2].name} Never calibrated`) })).toBeVisible();
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
    await tp.getByRole('option', { name: label }).click();
    await expect(tp.getByRole('table', { name: `Observers and their calibration on ${label}` })).toBeVisible();
    await settled(tp);
    await tp.screenshot({ path: 'tests/e2e/.artifacts/calibration/due-dark-tablet.png', fullPage: true, animations: 'disabled' });
    await axeClean(tp, 'certification (dark, tablet)');
    await tablet.close();
  });

  await hodContext.close();
});
