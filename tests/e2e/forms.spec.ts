/**
 * Forms that wait for the server and field-ready forms in real Chromium against the real server:
 *   1. a write online shows the server's answer: success when applied, the server's message when refused (the
 *      form keeps what was typed, no success, nothing left in the queue), and offline "Saved on this device —
 *      will sync", never the success message;
 *   2. the teaching-plan stepper checks each step before Next and ticks only complete steps, and what was typed
 *      is a local draft that survives a reload and is gone once the plan is sent.
 */
import { randomUUID } from 'node:crypto';
import { MSG } from '../../src/shared/messages.js';
import { TEACHING_STEPS } from '../../src/server/seed/plans.js';
import { createCourse, createFaculty, freeCourseCode, initiateObservation, runTag } from './support/admin-api.js';
import type { Observation } from '../../src/shared/contract/observations.js';
import { demo, demoAccount, DOMAIN } from './support/demo.js';
import { expect, test } from './support/fixtures.js';
import { goOffline, goOnline } from './support/network.js';
import { expectAllSynced, serviceWorkerReady, signIn, syncStatus } from './support/session.js';

test('online a write shows the server answer (success or its refusal); offline it says it is saved on this device', async ({ page, context, api }) => {
  // Online success: a profile edit of an account no other journey edits.
  const account = demoAccount('faculty3');
  await signIn(page, account);
  await page.goto('/settings/edit-profile');
  await serviceWorkerReady(page);
  await expectAllSynced(page);
  const { token, id } = await api.login(account.email);
  const phone = `+1 555 ${String(Date.now()).slice(-7)}`;
  await page.getByLabel('Phone').fill(phone);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(MSG.profileUpdated)).toBeVisible();
  await expect(page.getByText(MSG.savedOnDevice)).toHaveCount(0);
  expect((await api.getUser(id, token)).phone, 'applied on the server before the success was shown').toBe(phone);

  // Offline: queued, and said so — never the success message.
  await goOffline(context);
  await expect(syncStatus(page)).toHaveAccessibleName(/Offline/);
  const offlinePhone = `${phone}9`;
  await page.getByLabel('Phone').fill(offlinePhone);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText(MSG.savedOnDevice)).toBeVisible();
  await expect(page.getByText(MSG.profileUpdated)).toHaveCount(0);
  expect((await api.getUser(id, token)).phone).toBe(phone);
  await goOnline(context);
  await expectAllSynced(page, 45_000);
  await expect.poll(async () => (await api.getUser(id, token)).phone).toBe(offlinePhone);
});

test('a write the server refuses shows its message on the same screen, keeps the form and never shows success', async ({ page }) => {
  // The HOD's replica holds only their department's users, so the email of a Mathematics member passes the
  // form's own checks; the server knows it and refuses (409).
  await signIn(page, demo('Head_of_Department'));
  await page.goto('/users/create-user');
  await expectAllSynced(page);
  const form = page.getByRole('form', { name: 'Create user' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Duplicate Person');
  await form.getByRole('textbox', { name: 'Email' }).fill(`faculty.math@${DOMAIN}`);
  await form.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Observer', exact: true }).click();
  await form.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText(MSG.emailTaken)).toBeVisible();
  await expect(page.getByText(MSG.userCreated)).toHaveCount(0);
  await expect(page.getByText(MSG.userInvited)).toHaveCount(0);
  await expect(page.getByText(MSG.savedOnDevice)).toHaveCount(0);
  // The form keeps what was typed, and nothing is left in the queue (the message was shown where it was sent).
  await expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue(`faculty.math@${DOMAIN}`);
  await expect(form.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('Duplicate Person');
  await expect(syncStatus(page)).not.toHaveAccessibleName(/attention/i);
  await expectAllSynced(page);
});

test('the plan stepper checks each step before Next, ticks only complete steps, and keeps a draft across a reload', async ({ page, api }) => {
  test.setTimeout(120_000);
  // A faculty member of their own with an observation in scheduling, waiting for the teaching plan.
  const hod = await api.login(demo('Head_of_Department').email);
  const observer = await api.login(demo('Observer').email);
  const course = await createCourse(api, hod, await freeCourseCode(api, hod.token), ['A']);
  const tag = runTag();
  const email = `plan.${tag}@${DOMAIN}`;
  const faculty = await createFaculty(api, hod, { name: `Plan Faculty ${tag}`, email, course: course.id, slots: [course.slots[0].id] });
  await initiateObservation(api, hod, faculty.id, observer.id);
  const list = await api.request<Observation[]>('GET', '/observations', { token: observer.token });
  const obs = list.find((o) => o.facultyId === faculty.id)!;
  await api.request('POST', '/observation/scheduling', { token: observer.token, headers: { 'idempotency-key': randomUUID() }, body: { observationsId: obs.id, facultyId: faculty.id, courseId: course.id } });

  await signIn(page, email, 'e2e-password-1');
  await page.goto(`/observations/observation-scheduling/${obs.id}`);
  await expectAllSynced(page);
  await expect(page.getByRole('heading', { name: 'Provide Teaching Plan Details' })).toBeVisible();
  const sections = [...new Set(TEACHING_STEPS.map((s) => s.code))];
  const stepsOf = (code: string) => TEACHING_STEPS.filter((s) => s.code === code);
  const stepButton = (code: string) => page.locator('button[data-complete]').filter({ hasText: code });

  // Step 1 partly answered: Next names the missing question and stays.
  const [first, ...rest] = stepsOf(sections[0]);
  await page.getByRole('textbox', { name: first.name }).fill(`${first.name}: a draft answer.`);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  if (rest.length) {
    await expect(page.getByText(MSG.stepIncomplete(rest[0].name))).toBeVisible();
    await expect(page.getByRole('textbox', { name: rest[0].name })).toBeVisible();
    await expect(stepButton(sections[0])).toHaveAttribute('data-complete', 'false');
    for (const s of rest) await page.getByRole('textbox', { name: s.name }).fill(`${s.name}: a draft answer.`);
    await expect(stepButton(sections[0])).toHaveAttribute('data-complete', 'true');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await expect(page.getByRole('textbox', { name: stepsOf(sections[1])[0].name })).toBeVisible();
  await expect(stepButton(sections[1])).toHaveAttribute('data-complete', 'false');

  // A reload (or closing the tab) keeps the draft.
  await page.reload();
  await expect(page.getByText(MSG.draftRestored)).toBeVisible();
  await expect(page.getByRole('textbox', { name: first.name })).toHaveValue(`${first.name}: a draft answer.`);
  await expect(stepButton(sections[0])).toHaveAttribute('data-complete', 'true');

  // Fill the rest and send: the server's answer is shown and the draft is gone.
  for (const [n, code] of sections.entries()) {
    for (const s of stepsOf(code)) {
      const box = page.getByRole('textbox', { name: s.name });
      if (!(await box.inputValue())) await box.fill(`${s.name}: an answer.`);
    }
    await page.getByRole('button', { name: n === sections.length - 1 ? 'Submit' : 'Next', exact: true }).click();
  }
  await expect(page.getByText(MSG.observationUpdated).first()).toBeVisible();
  await expect
    .poll(async () => (await api.request<Observation>('GET', `/observation/${obs.id}`, { token: observer.token })).obsRequest?.teachingPlan?.steps.filter((s) => s.response).length)
    .toBe(TEACHING_STEPS.length);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('observa:draft:')))).toEqual([]);
});
