/**
 * Administration journeys through the real UI (Debian Chromium, real server with the demo seed):
 *   1. a HOD creates a course with two slots, creates a Faculty member on one slot and assigns the other slot to
 *      an existing faculty member; the server holds each record exactly once and the course list shows who
 *      teaches which slot;
 *   2. the Super_Admin edits the New User email template (word count, insert buttons, escaped preview), updates
 *      it, then prompts a department; the department's HOD gets the notification (API and bell);
 *   3. every role's dashboard shows the counts GET /dashboard gives at the same moment, and non-faculty roles see
 *      the observation stream chart with bars.
 * Each journey creates its own records under unique names and never relies on global totals, so other specs
 * may run against the same server. Screenshots are kept under tests/e2e/.artifacts/admin/ to be looked at.
 */
import { MSG } from '../../src/shared/messages.js';
import type { Page } from '@playwright/test';
import { ServerApi, serverUrl, type ApiUser } from './support/api.js';
import {
  courses,
  createCourse,
  createFaculty,
  dashboard,
  emailTemplate,
  freeCourseCode,
  initiateObservation,
  notifications,
  runTag,
  superData,
  updateEmailTemplate,
  type DashboardCounts,
} from './support/admin-api.js';
import { demo } from './support/demo.js';
import { expect, test } from './support/fixtures.js';
import { expectAllSynced, signIn } from './support/session.js';

const SHOTS = 'tests/e2e/.artifacts/admin';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, animations: 'disabled' });

/** Picks `option` in the Mantine Select (a combobox) labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).click();
}

/** Picks one option of the slot MultiSelect (placeholder "Select slots") and closes its dropdown. */
async function chooseSlot(page: Page, option: RegExp) {
  await page.locator('input[placeholder="Select slots"]').click();
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('HOD creates a course with two slots, a faculty member on one slot, assigns the other; the server holds each once', async ({ page, api }) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  const admin = await api.login(demo('Super_Admin').email);
  const hod = await api.login(demo('Head_of_Department').email);
  const code = await freeCourseCode(api, hod.token);
  const tag = runTag();
  const courseName = `Compilers ${tag}`;
  const newName = `Nadia Newcomer ${tag}`;
  const newEmail = `nadia.${tag}@university.edu`;
  const felix = (await superData(api, admin.token)).users.find((u) => u.email === 'faculty2@university.edu');
  expect(felix, 'demo faculty2 exists').toBeTruthy();

  await signIn(page, demo('Head_of_Department'));
  await expectAllSynced(page);

  // 1. Create the course with slots A and B.
  await page.goto('/courses/create-courses');
  await page.getByRole('textbox', { name: 'Course code' }).fill(code);
  await page.getByRole('textbox', { name: 'Course name' }).fill(courseName);
  await page.getByRole('textbox', { name: 'Credit hours' }).fill('3');
  for (const [section, day, time, location] of [
    ['A', 'Monday', '09:00-10:30', 'Room E-1'],
    ['B', 'Wednesday', '13:00 - 14:30', 'Room E-2'],
  ]) {
    await page.getByRole('textbox', { name: 'Slot code' }).fill(section);
    await choose(page, 'Slot day', day);
    await page.getByRole('textbox', { name: 'Slot timing' }).fill(time);
    await page.getByRole('textbox', { name: 'Slot location' }).fill(location);
    await page.getByRole('button', { name: 'Save and Add Slot' }).click();
    await expect(page.getByRole('cell', { name: location, exact: true })).toBeVisible();
  }
  await shot(page, '1-create-course-filled');
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page.getByText('Course created successfully!')).toBeVisible();
  await expectAllSynced(page);

  // 2. A new Faculty member on slot A.
  await page.goto('/users/create-user');
  await page.getByRole('textbox', { name: 'Name' }).fill(newName);
  await page.getByRole('textbox', { name: 'Email' }).fill(newEmail);
  // No password to type: the new member is emailed an invitation to set their own.
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveCount(0);
  await choose(page, 'Role', 'Faculty');
  await choose(page, 'Course', `${code} ${courseName}`);
  await chooseSlot(page, /^A · Monday 09:00-10:30/);
  await shot(page, '1-create-user-filled');
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText(MSG.userInvited)).toBeVisible();
  await expectAllSynced(page);

  // 3. Slot B to an existing faculty member (only B is still offered).
  await page.goto('/courses/assign-courses');
  await choose(page, 'Faculty', /^Felix Moreau/);
  await choose(page, 'Course', `${code} ${courseName}`);
  await page.locator('input[placeholder="Select slots"]').click();
  await expect(page.getByRole('option', { name: /^A · / })).toHaveCount(0);
  await page.getByRole('option', { name: /^B · Wednesday 13:00-14:30/ }).click();
  await page.keyboard.press('Escape');
  await shot(page, '1-assign-filled');
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByText('Course slots assigned successfully!')).toBeVisible();
  await expectAllSynced(page);

  // The server: the course once, the user once, each slot assigned once to the right person.
  const data = await superData(api, admin.token);
  const mine = data.courses.filter((c) => c.courseCode === code);
  expect(mine).toHaveLength(1);
  const users = data.users.filter((u) => u.email === newEmail);
  expect(users).toHaveLength(1);
  const nadia = users[0];
  expect(nadia).toMatchObject({ name: newName, role: 'Faculty', campus: 'Main_Campus' });
  expect(nadia.department?.name).toBe(demo('Head_of_Department').department);
  const course = mine[0];
  expect(course).toMatchObject({ name: courseName, credits: 3, campus: 'Main_Campus' });
  expect(course.slots.map((s) => [s.sectionCode, s.day, s.time, s.location, s.facultyId])).toEqual([
    ['A', 'Monday', '09:00-10:30', 'Room E-1', nadia.id],
    ['B', 'Wednesday', '13:00-14:30', 'Room E-2', felix!.id],
  ]);
  // The HOD sees the same through GET /courses.
  expect((await courses(api, hod.token)).filter((c) => c.courseCode === code)).toHaveLength(1);

  // The course list shows both slots with their faculty.
  await page.goto('/courses/list-courses');
  await page.getByRole('button', { name: `Show slots of ${code}` }).click();
  const slotsTable = page.getByRole('table', { name: `Slots of ${code}` });
  await expect(slotsTable.getByRole('row')).toHaveCount(3);
  await expect(slotsTable.getByRole('row').filter({ hasText: 'Room E-1' })).toContainText(newName);
  await expect(slotsTable.getByRole('row').filter({ hasText: 'Room E-2' })).toContainText('Felix Moreau');
  await slotsTable.scrollIntoViewIfNeeded();
  await shot(page, '1-course-list');
  expect(errors, 'uncaught errors in the page').toEqual([]);
});

test('Super_Admin edits the New User email template with an escaped preview, then prompts a department and its HOD is notified', async ({ page, browser, api }) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  const admin = await api.login(demo('Super_Admin').email);
  const hodAccount = demo('Head_of_Department');
  const hod = await api.login(hodAccount.email);
  const original = await emailTemplate(api, admin.token, 'CreateUser');
  const tag = runTag();

  try {
    await signIn(page, demo('Super_Admin'));
    await expectAllSynced(page);
    await page.goto('/email/new-user');
    const body = page.getByRole('textbox', { name: /Email body/ });
    await expect(body).toHaveValue(original.email);
    const update = page.getByRole('button', { name: 'Update', exact: true });
    await expect(update).toBeDisabled();

    const count = page.locator('#email-word-count');
    await body.fill(`Welcome aboard ${tag}`);
    await expect(count).toHaveText('3 / 500 words');
    // Insert {{name}} at the cursor (the end), then markup that must stay text.
    await body.press('End');
    await body.pressSequentially(' dear ');
    await page.getByRole('toolbar', { name: 'Insert' }).getByRole('button', { name: 'Receiver name' }).click();
    await expect(body).toHaveValue(`Welcome aboard ${tag} dear {{name}}`);
    await body.press('End');
    await body.pressSequentially(' <b>x</b>');
    const text = `Welcome aboard ${tag} dear {{name}} <b>x</b>`;
    await expect(body).toHaveValue(text);
    await expect(count).toHaveText('6 / 500 words');

    const preview = page.getByTestId('email-preview');
    // {{name}} becomes the sample name; <b>x</b> is shown literally and no <b> element exists.
    await expect(preview).toHaveText(`Welcome aboard ${tag} dear Receiver Name <b>x</b>`);
    await expect(preview.locator('b')).toHaveCount(0);
    // Shown exactly as it is sent: the sample value is plain text, as in the email (no bold the email lacks).
    await expect(preview.locator('strong')).toHaveCount(0);
    await shot(page, '2-email-template');

    await expect(update).toBeEnabled();
    await update.click();
    await expect(page.getByText('Updated Successfully!')).toBeVisible();
    await expectAllSynced(page);
    expect((await emailTemplate(api, admin.token, 'CreateUser')).email).toBe(text);
    // Unchanged again: Update is disabled.
    await expect(update).toBeDisabled();

    // Prompt the HOD's department.
    const before = new Set((await notifications(api, hod.token)).map((n) => n.id));
    await page.goto('/observations/prompt-observation');
    await choose(page, 'Campus', 'Main Campus');
    await choose(page, 'Department', hodAccount.department!);
    await page.getByRole('textbox', { name: 'Observation Threshold' }).fill('60');
    await shot(page, '2-prompt-filled');
    await page.getByRole('button', { name: 'Generate Prompt' }).click();
    // Before anything is sent: who receives what (the HOD, the rendered subject and body); nothing sent yet.
    const ask = page.getByRole('dialog', { name: 'Before sending: who receives what' });
    await expect(ask.getByText(`To: ${hodAccount.name} <${hodAccount.email}>`)).toBeVisible();
    await expect(ask.getByText(/^Subject: /).first()).toBeVisible();
    await expect(ask.locator('iframe').first()).toBeVisible();
    await shot(page, '2-prompt-preview');
    expect((await notifications(api, hod.token)).filter((n) => !before.has(n.id) && n.title === 'Observation prompt')).toEqual([]);
    await ask.getByRole('button', { name: /^Send prompt to \d+$/ }).click();
    // Online the server's answer is shown (the "Observation prompting..." toast before it may last only a moment).
    await expect(page.getByRole('status', { name: 'Prompt sent' })).toContainText(/Observation prompt sent: \d+ faculty member\(s\) listed; 1 email\(s\) sent to /);
    await expectAllSynced(page);

    let prompt: Awaited<ReturnType<typeof notifications>>[number] | undefined;
    await expect(async () => {
      const fresh = (await notifications(api, hod.token)).filter((n) => !before.has(n.id) && n.title === 'Observation prompt');
      expect(fresh).toHaveLength(1);
      prompt = fresh[0];
    }).toPass({ timeout: 15_000 });
    expect(prompt!.message).toContain(`${hodAccount.department} scored below 60%`);
    expect(prompt!.route).toBe('/observations/create-observation');

    // The HOD sees it under the bell.
    const ctx = await browser.newContext();
    try {
      const hodPage = await ctx.newPage();
      const hodErrors = collectErrors(hodPage);
      await signIn(hodPage, hodAccount);
      await expectAllSynced(hodPage);
      await hodPage.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      await expect(hodPage.getByRole('button', { name: /^Observation prompt \(unread\)/ }).first()).toBeVisible();
      await hodPage.screenshot({ path: `${SHOTS}/2-hod-bell.png`, animations: 'disabled' });
      expect(hodErrors, 'uncaught errors in the HOD page').toEqual([]);
    } finally {
      await ctx.close();
    }
  } finally {
    // Leave the template as the seed had it for any later journey.
    await updateEmailTemplate(api, admin.token, 'CreateUser', original.email).catch(() => undefined);
  }
  expect(errors, 'uncaught errors in the page').toEqual([]);
});

test.describe('dashboards', () => {
  // One observation of this run (a new faculty member on a new course, observed by observer@) so that every
  // non-faculty dashboard has at least one bar in the current month.
  test.beforeAll(async () => {
    const api = new ServerApi(serverUrl());
    const hod = await api.login(demo('Head_of_Department').email);
    const observer = await api.login(demo('Observer').email);
    const code = await freeCourseCode(api, hod.token);
    const course = await createCourse(api, hod, code, ['A']);
    const tag = runTag();
    const faculty = await createFaculty(api, hod, {
      name: `Dash Faculty ${tag}`,
      email: `dash.${tag}@university.edu`,
      course: course.id,
      slots: [course.slots[0].id],
    });
    await initiateObservation(api, hod, faculty.id, observer.id);
  });

  const LABELS: Record<keyof DashboardCounts, string> = {
    observers: 'Observers',
    faculty: 'Faculty',
    headsOfDepartment: 'Heads of Department',
    observations: 'Observations',
    slots: 'Assigned Slots',
  };

  for (const role of ['Super_Admin', 'Head_of_Department', 'Faculty', 'Observer'] as const) {
    test(`${role} dashboard shows the server's counts${role === 'Faculty' ? '' : ' and the stream chart'}`, async ({ page, api }) => {
      const errors = collectErrors(page);
      const account = demo(role);
      const me: ApiUser & { token: string } = await api.login(account.email);
      await signIn(page, account);
      await expectAllSynced(page);

      // The cards are exactly the keys GET /dashboard returns for this role, each with the server's value now.
      const keys = Object.keys(await dashboard(api, me.token)) as (keyof DashboardCounts)[];
      const cards = page.getByRole('list', { name: 'Counts' }).getByRole('listitem');
      await expect(cards).toHaveCount(keys.length);
      await expect(async () => {
        const server = await dashboard(api, me.token);
        for (const k of keys) {
          await expect(page.getByTestId(`count-${k}`), `${LABELS[k]} count`).toHaveText(String(server[k]), { timeout: 1_000 });
        }
      }).toPass({ timeout: 20_000 });
      for (const k of keys) await expect(cards.filter({ hasText: LABELS[k] })).toHaveCount(1);

      const stream = page.getByRole('region', { name: 'Observation Stream' });
      if (role === 'Faculty') {
        await expect(stream).toHaveCount(0);
        await expect(page.getByRole('region', { name: /Your Courses/i })).toBeVisible();
      } else {
        await expect(stream).toBeVisible();
        // The chart loads when it comes near the screen (below the next steps).
        await stream.scrollIntoViewIfNeeded();
        const svg = stream.locator('svg.recharts-surface').first();
        await expect(svg).toBeVisible();
        // At least one bar with a height (this run's observation is Pending in the current month).
        const bar = stream.locator('.recharts-bar-rectangle path').first();
        await expect(bar).toBeVisible();
        expect((await bar.boundingBox())?.height ?? 0).toBeGreaterThan(0);
        const counts = await dashboard(api, me.token);
        expect(counts.observations).toBeGreaterThan(0);
      }
      // No hover tooltip in the picture (the pointer is left where the login button was), and let the chart's
      // entry animation settle.
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      await shot(page, `3-dashboard-${role}`);
      expect(errors, 'uncaught errors in the page').toEqual([]);
    });
  }
});
