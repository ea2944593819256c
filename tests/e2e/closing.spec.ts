/**
 * Closing the cycle in the browser: the observer agrees a growth goal at the meeting and completes it; the faculty member, on a
 * phone and offline, acknowledges with their typed full name and writes a response (both queued, shown at once);
 * back online both reach the server exactly once; the HOD signs off after confirming; the faculty member then sees
 * the observation as final and no form to change it, and downloads the report, read back with pdftotext. Uses the
 * staged Physics cycle whose meeting is scheduled (faculty.physics5); it runs last (its own Playwright project), after
 * every journey that opens that cycle at its meeting stage.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Observation } from '../../src/shared/contract/observations.js';
import { untilServer } from './support/cycle.js';
import { DOMAIN } from './support/demo.js';
import { expect, test } from './support/fixtures.js';
import { goOffline, goOnline } from './support/network.js';
import { VIEWPORTS } from './support/pages.js';
import { expectAllSynced, serviceWorkerReady, signIn } from './support/session.js';

const OBSERVER = `observer.physics@${DOMAIN}`;
const FACULTY = `faculty.physics5@${DOMAIN}`;
const HOD = `hod.physics@${DOMAIN}`;

test('complete → acknowledge and respond offline → sign-off → final → the report downloaded and read back', async ({ browser, api, baseURL }) => {
  test.setTimeout(240_000);
  const observer = await api.login(OBSERVER);
  const faculty = await api.login(FACULTY);
  const list = await api.request<Observation[]>('GET', '/observations', { token: observer.token });
  const id = list.find((o) => o.facultyId === faculty.id)!.id;

  // The observer completes the meeting (desktop).
  const oc = await browser.newContext({ baseURL, viewport: VIEWPORTS.desktop });
  const op = await oc.newPage();
  await signIn(op, OBSERVER);
  await op.goto(`/observations/post-observation-meeting/${id}`);
  // At the meeting they agree a growth goal, tied to a rubric item, with actions and a target date.
  const goals = op.getByRole('region', { name: 'Growth goals' });
  await goals.getByRole('button', { name: 'Add a goal' }).click();
  await goals.getByRole('textbox', { name: /^Goal/ }).fill('Ask open questions before pair work');
  await goals.getByRole('combobox', { name: /Rubric items/ }).click();
  await op.getByRole('option', { name: /^1-B/ }).first().click();
  await op.keyboard.press('Escape');
  await goals.getByRole('textbox', { name: /^Actions/ }).fill('Plan three open questions per lesson.');
  await goals.getByLabel(/^Target date/).fill('2027-03-01');
  await goals.getByRole('button', { name: 'Save goal' }).click();
  await expect(goals.getByRole('article', { name: 'Ask open questions before pair work' })).toBeVisible();
  await untilServer(api, observer.token, id, (o) => o.goals.map((g) => g.goal), ['Ask open questions before pair work'], 'the goal reaches the server');
  await op.getByRole('button', { name: 'Complete Observation' }).click();
  await untilServer(api, observer.token, id, (o) => o.status, 'Completed', 'the meeting is completed on the server');
  const due = (await api.request<Observation>('GET', `/observation/${id}`, { token: faculty.token })).closing?.responseDueAt;
  expect(due, 'completing opens the response window').toBeTruthy();
  await oc.close();

  // The faculty member, on a phone, loses the signal and acknowledges and responds offline.
  const fc = await browser.newContext({ baseURL, viewport: VIEWPORTS.phone });
  const fp = await fc.newPage();
  await signIn(fp, FACULTY);
  await serviceWorkerReady(fp);
  await fp.goto(`/observations/detail-observation/${id}`);
  const card = fp.getByRole('region', { name: 'Closing the cycle' });
  await expect(card.getByText('Awaiting acknowledgement')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(/does not mean that you agree/)).toBeVisible();
  await expectAllSynced(fp, 60_000);
  await goOffline(fc);
  // A wrong name is refused at once, naming the field; nothing is queued.
  await card.getByRole('textbox', { name: 'Your full name' }).fill('Somebody Else');
  await card.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(card.getByText('type your full name exactly as it appears on your profile.')).toBeVisible();
  const name = faculty.name as string;
  await card.getByRole('textbox', { name: 'Your full name' }).fill(name);
  await card.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(card.getByText(`Acknowledged by ${name}`)).toBeVisible();
  const response = 'Thank you for the visit. I see the point on questioning; the pair work was planned for the next lesson.';
  await card.getByRole('textbox', { name: /Your written response/ }).fill(response);
  await card.getByRole('button', { name: 'Save response' }).click();
  await expect(card.getByTestId('closing-response')).toHaveText(response);
  // Nothing reached the server while offline.
  expect((await api.request<Observation>('GET', `/observation/${id}`, { token: faculty.token })).closing?.acknowledgedAt).toBeNull();
  await goOnline(fc);
  await expectAllSynced(fp, 60_000);
  await untilServer(
    api,
    faculty.token,
    id,
    (o) => ({ name: o.closing?.acknowledgedName, response: o.closing?.response, responded: !!o.closing?.respondedAt }),
    { name, response, responded: true },
    'the acknowledgement and the response reach the server',
  );

  // The HOD signs off.
  const hc = await browser.newContext({ baseURL, viewport: VIEWPORTS.desktop });
  const hp = await hc.newPage();
  await signIn(hp, HOD);
  await hp.goto(`/observations/detail-observation/${id}`);
  const hodCard = hp.getByRole('region', { name: 'Closing the cycle' });
  await expect(hodCard.getByText('Awaiting sign-off')).toBeVisible({ timeout: 30_000 });
  await expect(hodCard.getByTestId('closing-response')).toHaveText(response);
  await hodCard.getByRole('button', { name: 'Sign off' }).click();
  await hp.getByRole('dialog', { name: 'Sign off this observation?' }).getByRole('button', { name: 'Sign off' }).click();
  await expect(hodCard.getByText('Final', { exact: true })).toBeVisible({ timeout: 20_000 });
  await untilServer(api, faculty.token, id, (o) => !!o.closing?.signedOffAt, true, 'the sign-off reaches the server');
  await hc.close();

  // The faculty member sees it final, with nothing left to change.
  await expect(card.getByText('Final', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(/The observation is final/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Save response' })).toHaveCount(0);

  // …and downloads the report: their copy, read back with pdftotext, without the observer's scores.
  await fp.getByRole('button', { name: 'Report (PDF)' }).click();
  const [download] = await Promise.all([fp.waitForEvent('download'), fp.getByRole('menuitem', { name: 'Download on Letter paper' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^observation-.*\.pdf$/);
  const file = path.join(test.info().outputDir, 'report.pdf');
  await download.saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text).toContain(`Acknowledged by ${name}`);
  expect(text).toContain('the pair work was planned for the next lesson');
  expect(text).toContain('This report is final.');
  expect(text).toContain('Growth goals');
  expect(text).toContain('Ask open questions before pair work');
  expect(text).toContain('Faculty total');
  expect(text).not.toContain('Observer total');
  expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+612 x 792 pts/);
  await fc.close();
});
