/**
 * The rubric builder and a rubric version in use, in the real app against the real server
 * (docs/adr/2026-11-28-rubric-versions.md). In the Mathematics department, which no other journey initiates in:
 *   the HOD builds a 5-level rubric (values 1–5) in the builder — a field refused at once names itself, items are
 *   reordered by drag and by keyboard — publishes it (the dialog says a published version never changes) and makes it the
 *   department's default → the initiate form offers it preselected → scheduling through the API (the class is
 *   today) → the observer scores offline (the group waits on the device, then reaches the server), the faculty
 *   member scores, the observer locks → the agreement view shows that version's items and "/ 10.0" → the
 *   department's analytics average that version's items on its 1–5 scale. axe finds no serious or critical violation on the builder and the rubric screen.
 */
import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { Observation } from '../../src/shared/contract/observations.js';
import { MSG } from '../../src/shared/messages.js';
import { expect, test } from './support/fixtures.js';
import { runTag } from './support/admin-api.js';
import { newDesktop, newPhone, untilServer } from './support/cycle.js';
import { DOMAIN } from './support/demo.js';
import { goOffline, goOnline } from './support/network.js';
import { settled } from './support/pages.js';
import { expectAllSynced, serviceWorkerReady, signIn } from './support/session.js';

const HOD = `hod.math@${DOMAIN}`;
const PASSWORD = 'e2e-password-1';
const CLASS_TIME = '13:00-14:30';
const LEVELS = ['Beginning', 'Developing', 'Proficient', 'Exemplary', 'Outstanding'];

/** Today in the contexts' zone (the class is held today, so the rubric may be submitted and locked). */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const weekday = new Date(`${today}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });

async function axeClean(page: Page, where: string): Promise<void> {
  // The pointer off any control: axe checks the page at rest, as the accessibility journey does (not a hover state).
  await page.mouse.move(1, 790);
  await settled(page);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious).toEqual([]);
}

/** Taps a level's tile (the native radio is visually hidden) in the group's `item`-th item. */
async function tap(page: Page, group: string, item: number, value: number) {
  const radio = page.getByRole('region', { name: group, exact: true }).getByRole('radiogroup').nth(item).getByRole('radio', { name: `${value} ${LEVELS[value - 1]}`, exact: true });
  await radio.locator('xpath=ancestor::label[1]').click();
  await expect(radio).toBeChecked();
}

test('a HOD builds and publishes a 5-level rubric; an observation initiated on it is scored (offline too), locked and compared on its own scale', async ({ browser, api, baseURL }) => {
  test.setTimeout(300_000);
  const tag = runTag();
  const rubricName = `Seminar rubric ${tag}`;
  const hod = await api.login(HOD);
  const dept = Number(hod.department!.id);
  const once = () => ({ 'idempotency-key': randomUUID() });

  // People and a course of the Mathematics department, through the API: an observer, and a faculty member teaching today.
  const observerEmail = `obs.${tag}@${DOMAIN}`;
  const facultyEmail = `fac.${tag}@${DOMAIN}`;
  const create = (body: object) => api.request<{ id: string }>('POST', '/auth/create', { token: hod.token, headers: once(), body: { password: PASSWORD, confirmPassword: PASSWORD, ...body } });
  await create({ name: `Rubric Observer ${tag}`, email: observerEmail, role: 'Observer' });
  const { course } = await api.request<{ course: { id: string; slots: { id: string }[] } }>('POST', '/course', {
    token: hod.token,
    headers: once(),
    body: { courseCode: `MTH-${tag.slice(-5).toUpperCase()}`, name: `Seminar ${tag}`, credits: 3, departments: [dept], slots: [{ sectionCode: 'A', day: weekday, time: CLASS_TIME, location: 'Room M-1' }] },
  });
  const faculty = await create({ name: `Rubric Faculty ${tag}`, email: facultyEmail, role: 'Faculty', course: course.id, courses: course.slots.map((s) => s.id) });

  const hodContext = await newDesktop(browser, baseURL!);
  const hodPage = await hodContext.newPage();
  await signIn(hodPage, HOD);

  await test.step('the HOD builds a 5-level rubric in the builder', async () => {
    await hodPage.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Rubrics' }).click();
    await expect(hodPage).toHaveURL(/\/rubrics\/list-rubrics$/);
    await expect(hodPage.getByRole('region', { name: 'SPEC rubric', exact: true })).toBeVisible();
    await axeClean(hodPage, 'rubric list');
    await hodPage.getByRole('button', { name: 'New rubric' }).click();
    const dialog = hodPage.getByRole('dialog', { name: 'New rubric' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(rubricName);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(hodPage).toHaveURL(/\/rubrics\/edit-rubric\/[0-9a-f-]+$/);
    await expect(hodPage.getByText('Draft version 1')).toBeVisible();

    // The scale: the blank rubric's four levels 1–4, a fifth added, all renamed.
    await hodPage.getByRole('button', { name: 'Add level' }).click();
    for (const [i, label] of LEVELS.entries()) await hodPage.getByRole('textbox', { name: `Level ${i + 1} label` }).fill(label);
    await hodPage.getByRole('textbox', { name: 'Group 1 title' }).fill('Facilitation');
    await hodPage.getByRole('textbox', { name: 'Item 1 title' }).fill('Opens with a question');
    await hodPage.getByRole('button', { name: 'Add item to A' }).click();
    await hodPage.getByRole('textbox', { name: 'Item 2 title' }).fill('Every student speaks');

    // A wrong field is refused at once, at that field.
    const code = hodPage.getByRole('textbox', { name: 'Item 2 code' });
    await code.fill('A1');
    await expect(code).toHaveAttribute('aria-invalid', 'true');
    await expect(hodPage.getByText('duplicate item code A1')).toBeVisible();
    await code.fill('A2');
    await expect(code).not.toHaveAttribute('aria-invalid', 'true');

    // Reordered by drag (the handle of the second item onto the first), then by keyboard alone.
    const firstTitle = hodPage.getByRole('textbox', { name: 'Item 1 title' });
    await hodPage.getByTestId('item-editor').nth(1).getByTitle('Drag to move').dragTo(hodPage.getByTestId('item-editor').nth(0));
    await expect(firstTitle).toHaveValue('Every student speaks');
    await hodPage.getByRole('button', { name: 'Move down item A2' }).focus();
    await hodPage.keyboard.press('Enter');
    await expect(firstTitle).toHaveValue('Opens with a question');
    // The focus stayed with the item: now last, its Move up has it, so Enter again moves it back.
    await expect(hodPage.getByRole('button', { name: 'Move up item A2' })).toBeFocused();
    await hodPage.keyboard.press('Enter');
    await expect(firstTitle).toHaveValue('Every student speaks');
    await axeClean(hodPage, 'rubric editor');
    // On a phone and a tablet the editor fits the width (fields wrap; nothing scrolls sideways).
    for (const size of [{ width: 390, height: 844 }, { width: 768, height: 1024 }]) {
      await hodPage.setViewportSize(size);
      await expect.poll(() => hodPage.evaluate(() => document.documentElement.scrollWidth), { message: `editor width at ${size.width} px` }).toBeLessThanOrEqual(size.width);
    }
    await hodPage.setViewportSize({ width: 1280, height: 800 });

    await hodPage.getByRole('button', { name: 'Save draft' }).click();
    await expect(hodPage.getByText('Draft saved')).toBeVisible();
    await hodPage.getByRole('tab', { name: 'Preview' }).click();
    await expect(hodPage.getByTestId('preview-total')).toHaveText('0.0 / 10.0');
    await expect(hodPage.getByRole('region', { name: 'A Facilitation', exact: true }).getByRole('radiogroup').first().getByRole('radio')).toHaveCount(5);

    await hodPage.getByRole('button', { name: 'Publish', exact: true }).click();
    const publish = hodPage.getByRole('dialog', { name: 'Publish this version?' });
    await expect(publish).toContainText('A published version never changes');
    await publish.getByRole('button', { name: 'Publish' }).click();
    await expect(hodPage).toHaveURL(/\/rubrics\/list-rubrics$/);
    const card = hodPage.getByRole('region', { name: rubricName, exact: true });
    await expect(card.getByTestId('version-row')).toHaveAttribute('data-status', 'published');
    await card.getByRole('button', { name: `Make ${rubricName} the department default` }).click();
    await expect(card.getByText('Default for Mathematics')).toBeVisible();
  });

  let id = '';
  await test.step('the initiate form offers the published version, the department default preselected', async () => {
    // A fresh load pulls the new version onto the device.
    await hodPage.goto('/observations/create-observation');
    await expectAllSynced(hodPage);
    await expect(hodPage.getByRole('combobox', { name: 'Rubric' })).toHaveValue(`${rubricName} · version 1 (department default)`);
    await hodPage.getByRole('combobox', { name: 'Observer' }).click();
    await hodPage.getByRole('option', { name: `Rubric Observer ${tag} (${observerEmail})` }).click();
    await hodPage.getByRole('combobox', { name: 'Faculty' }).click();
    await hodPage.getByRole('option', { name: new RegExp(`^Rubric Faculty ${tag}`) }).click();
    await hodPage.keyboard.press('Escape');
    await hodPage.getByRole('combobox', { name: 'Semester' }).click();
    await hodPage.getByRole('option', { name: 'Fall', exact: true }).click();
    await hodPage.getByRole('button', { name: 'Initiate', exact: true }).click();
    await expect(hodPage.getByText(MSG.observationsInitiated)).toBeVisible();
    await expect
      .poll(async () => {
        const list = await api.request<Observation[]>('GET', '/observations', { token: hod.token });
        id = list.find((o) => o.facultyId === faculty.id)?.id ?? '';
        return id;
      }, { message: 'the initiated observation reached the server' })
      .not.toBe('');
  });

  const observer = await api.login(observerEmail, PASSWORD);
  const fac = await api.login(facultyEmail, PASSWORD);
  // Fixed on the observation at initiation: the new version, its maximum 2 items × 5.
  const initiated = await api.request<Observation>('GET', `/observation/${id}`, { token: hod.token });
  const versionDoc = await api.request<{ name: string; maximum: number }>('GET', `/rubrics/versions/${initiated.rubricVersionId}`, { token: hod.token });
  expect(versionDoc).toMatchObject({ name: rubricName, maximum: 10 });

  await test.step('scheduling through the API: the class is today', async () => {
    const put = (token: string, body: object) => api.request('PUT', '/observation/scheduling', { token, headers: once(), body: { observationsId: id, ...body } });
    await api.request('POST', '/observation/scheduling', { token: observer.token, headers: once(), body: { observationsId: id, facultyId: faculty.id, courseId: course.id } });
    const doc = await api.request<Observation>('GET', `/observation/${id}`, { token: fac.token });
    const steps = doc.obsRequest!.teachingPlan!.steps as { id: string; name: string }[];
    await put(fac.token, { templateResponse: steps.map((s) => ({ id: s.id, response: `${s.name}: a seminar on proofs.` })) });
    await put(fac.token, { timeSlotsByFaculty: [{ day: weekday, time: CLASS_TIME }] });
    await put(observer.token, { timeSlotByObserver: [{ day: weekday, time: CLASS_TIME }], scheduledOn: `${today}T17:00:00.000Z` });
    await put(fac.token, { facultyAccepted: true });
    await put(observer.token, { observerAccepted: true });
    await put(observer.token, { status: 'Completed', informedId: randomUUID() });
  });

  const rubricUrl = `/observations/observation-rubric/${id}`;
  const group = 'A Facilitation';
  await test.step('the observer scores on the version’s five levels, offline: the group waits on the device, then reaches the server', async () => {
    const context = await newPhone(browser, baseURL!);
    const page = await context.newPage();
    await signIn(page, observerEmail, PASSWORD);
    await page.goto(rubricUrl);
    await expect(page.getByRole('region', { name: group, exact: true }).getByRole('radiogroup')).toHaveCount(2);
    await expect(page.getByLabel('Scores').getByText('0.0 / 10.0')).toBeVisible();
    await axeClean(page, 'rubric screen');
    // The version's screen at phone, tablet and desktop sizes: 14 px labels, 44 px targets, no sideways scroll.
    for (const size of [{ width: 390, height: 844 }, { width: 768, height: 1024 }, { width: 1280, height: 800 }]) {
      await page.setViewportSize(size);
      const tiles = await page.locator('.score-tile').evaluateAll((els) =>
        els.map((e) => ({ w: e.getBoundingClientRect().width, h: e.getBoundingClientRect().height, label: parseFloat(getComputedStyle(e.querySelector('.score-l')!).fontSize) })),
      );
      expect(tiles.length, `score targets at ${size.width} px`).toBe(10); // 2 items × 5 levels
      for (const t of tiles) {
        expect(t.label, `label size at ${size.width} px`).toBeGreaterThanOrEqual(14);
        expect(Math.min(t.w, t.h), `target size at ${size.width} px`).toBeGreaterThanOrEqual(44);
      }
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `rubric width at ${size.width} px` }).toBeLessThanOrEqual(size.width);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    // As in the classroom journey (rubric-field.spec.ts): the app is installed and synced before the network goes.
    await serviceWorkerReady(page);
    await expectAllSynced(page);
    await goOffline(context);
    await tap(page, group, 0, 5);
    await tap(page, group, 1, 3);
    await expect(page.getByRole('region', { name: group, exact: true }).getByTestId('group-state')).toHaveText('Complete — sending');
    await expect(page.getByLabel('Scores').getByText('8.0 / 10.0')).toBeVisible();
    await goOnline(context);
    await expect(page.getByRole('region', { name: group, exact: true }).getByTestId('group-state')).toHaveText('Saved', { timeout: 30_000 });
    await untilServer(api, observer.token, id, (o) => (o.meetings.informedObservation?.rubrics ?? []).map((r) => r.observerScore), [5, 3], 'the offline scores reach the server');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await untilServer(api, observer.token, id, (o) => o.meetings.informedObservation?.observerScore ?? null, 8, 'the observer submitted');
    await context.close();
  });

  await test.step('the faculty member scores and submits', async () => {
    const context = await newDesktop(browser, baseURL!);
    const page = await context.newPage();
    await signIn(page, facultyEmail, PASSWORD);
    await page.goto(rubricUrl);
    await tap(page, group, 0, 4);
    await tap(page, group, 1, 3);
    await expect(page.getByRole('region', { name: group, exact: true }).getByTestId('group-state')).toHaveText('Saved', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await untilServer(api, fac.token, id, (o) => o.meetings.informedObservation?.facultyScore ?? null, 7, 'the faculty member submitted');
    await context.close();
  });

  await test.step('the observer locks; the agreement view shows the version’s items and totals over its maximum', async () => {
    const context = await newDesktop(browser, baseURL!);
    const page = await context.newPage();
    await signIn(page, observerEmail, PASSWORD);
    await page.goto(rubricUrl);
    await expectAllSynced(page);
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await page.getByRole('dialog', { name: 'Lock the scores?' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Locked', { exact: true })).toBeVisible();
    await untilServer(api, observer.token, id, (o) => o.meetings.informedObservation?.status ?? null, 'Completed', 'locked on the server');

    await page.goto(`/observations/detail-observation/${id}`);
    const agreement = page.getByRole('region', { name: 'Agreement · Informed observation' });
    await expect(agreement.getByTestId('agreement-rubric')).toHaveText(`${rubricName} · version 1`);
    await expect(agreement.getByTestId('observer-total')).toHaveText('8.0 / 10.0');
    await expect(agreement.getByTestId('faculty-total')).toHaveText('7.0 / 10.0');
    await expect(agreement.getByRole('row', { name: /Every student speaks/ })).toContainText('-1');
    await expect(agreement.getByRole('row', { name: /Opens with a question/ })).toBeVisible();
    await context.close();
  });

  await test.step('the department’s analytics read that version: its items and its 1–5 scale', async () => {
    await hodPage.goto('/analytics');
    const main = hodPage.getByRole('main');
    await expect(main.getByText('Completion funnel').first()).toBeVisible({ timeout: 30_000 });
    // The version picker shows only when the department's observations use several versions.
    const pick = main.getByRole('combobox', { name: 'Rubric' });
    if (await pick.count()) await pick.selectOption({ label: `${rubricName} v1 (1)` });
    await expect(main.getByText('Average observer score (1–5) per rubric item', { exact: false })).toBeVisible();
    await expect(main.getByText('Opens with a question').first()).toBeAttached();
  });
  await hodContext.close();
});
