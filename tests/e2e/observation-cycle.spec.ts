/**
 * One observation cycle end to end through the real UI, three people in their own browser
 * contexts (HOD, observer, faculty on a desktop, and the faculty again on a phone for the post-observation meeting).
 *
 *   HOD gives the faculty a slot on today's weekday → HOD initiates → observer selects the course → faculty fills
 *   the teaching plan and offers that slot → observer picks it and today (past / wrong weekday refused) → faculty confirms, observer confirms, Done → the observer scores the informed rubric
 *   OFFLINE (pending in the header, nothing on the server), back online it syncs → faculty scores → observer
 *   locks → uninformed likewise → observer creates meeting slots + location → faculty (phone) fills the
 *   reflection plan, picks an artifact while OFFLINE (queued), online it uploads, chooses a slot → Mark
 *   Scheduled → Complete Observation → final scores and percentages.
 *
 * The other side's screen is refreshed with a reload once the server holds the change (polled through the API):
 * a pull runs on start-up. A numbered screenshot of every screen goes to tests/e2e/.artifacts/cycle/.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { MSG } from '../../src/shared/messages.js';
import { weekdayOf } from '../../src/shared/class-dates.js';
import { REFLECTION_STEPS, TEACHING_STEPS } from '../../src/server/seed/plans.js';
import type { Observation } from '../../src/shared/contract/observations.js';
import { demo } from './support/demo.js';
import { expect, test } from './support/fixtures.js';
import { goOffline, goOnline } from './support/network.js';
import { expectAllSynced, serviceWorkerReady, signIn, syncStatus } from './support/session.js';
import { fillPlan, newDesktop, newPhone, screenshot, scoreRubric, tinyPng, total, untilServer } from './support/cycle.js';

const hod = demo('Head_of_Department');
const observer = demo('Observer');
const faculty = demo('Faculty');

// Scores entered in the journey (4 groups × 5 items, screen order) and what the screens must then show.
const INFORMED_OBSERVER = [3, 3, 4, 2, 3, 3, 2, 3, 4, 3, 2, 3, 3, 3, 4, 3, 3, 2, 3, 3]; // 59
const INFORMED_FACULTY = [4, 4, 4, 3, 4, 4, 3, 4, 4, 4, 3, 4, 4, 4, 4, 4, 4, 3, 4, 4]; // 76
const UNINFORMED_OBSERVER = [2, 2, 3, 2, 2, 3, 2, 2, 2, 3, 2, 2, 3, 2, 2, 2, 3, 2, 2, 2]; // 45
const UNINFORMED_FACULTY = [3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4]; // 61
const sum = (s: number[]) => s.reduce((a, b) => a + b, 0);
// What the detail page must show for the locked meetings, worked out by hand (SPEC §9): final = mean of the two
// totals, percentage = (observer + faculty) / 160 × 100, one decimal.
const INFORMED_FINAL = 'Final: 67.5 / 80.0 (84.4%)'; // (59 + 76) / 2, 135 / 160 = 84.375 %
const UNINFORMED_FINAL = 'Final: 53.0 / 80.0 (66.3%)'; // (45 + 61) / 2, 106 / 160 = 66.25 %

const SENTENCE = 'Students compared their own solutions with a partner, explained the reasoning aloud, and then revised the code together';
/** A narrative of at least 60 words, no bullets (reflective write-ups). */
const narrative = (topic: string) =>
  `${topic}: ${SENTENCE}. ` +
  'The class moved from a short worked example to pair programming, and most pairs finished the exercise before the end. ' +
  'When a pair was stuck I asked them to trace the loop on paper first, which helped them see the off-by-one error. ' +
  'Next time I will leave more room for the final discussion so that every group can share what they changed and why.';

/**
 * The class is held today (the date must fall on the slot's weekday and not be in the past, and the
 * rubrics can be completed from the class day on): the journey gives the faculty member a CSC-101 slot on
 * today's weekday (in the contexts' time zone) through the API, offers it and picks today.
 */
const CLASS_TIME = '13:00-14:30';
const classDay = (() => {
  const now = new Date();
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  const long = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return { date, weekday: weekdayOf(date), long };
})();
const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

const detailUrl = (id: string) => `/observations/detail-observation/${id}`;
const schedulingUrl = (id: string) => `/observations/observation-scheduling/${id}`;
const informedUrl = (id: string) => `/observations/observation-rubric/${id}`;
const uninformedUrl = (id: string) => `/observations/uninformed-observation-rubric/${id}`;
const postUrl = (id: string) => `/observations/post-observation-meeting/${id}`;

/** Opens a screen fresh (a full load runs a sync pull first thing) and waits until nothing is left to push. */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expectAllSynced(page);
}

test('an observation cycle end to end: scheduling, rubrics offline, post-observation with an artifact queued offline on a phone', async ({ browser, api, baseURL }) => {
  // Six pages, three devices, two offline stretches and the date checks: minutes on a shared 2-core machine.
  test.setTimeout(420_000);
  const contexts: BrowserContext[] = [];
  const errors: string[] = [];
  const context = async (phone = false) => {
    const c = phone ? await newPhone(browser, baseURL!) : await newDesktop(browser, baseURL!);
    contexts.push(c);
    c.on('weberror', (e) => errors.push(e.error().message));
    return c;
  };
  const hodCtx = await context();
  const obsCtx = await context();
  const facCtx = await context();
  const [hodPage, obsPage, facPage] = await Promise.all([hodCtx.newPage(), obsCtx.newPage(), facCtx.newPage()]);
  const observerToken = (await api.login(observer.email)).token;
  const facultyToken = (await api.login(faculty.email)).token;
  let id = '';
  const onServer = <T,>(check: (o: Observation) => T, expected: T, message: string, timeout?: number) =>
    untilServer(api, observerToken, id, check, expected, message, timeout);

  try {
    await test.step("the HOD gives the faculty member a CSC-101 slot on today's weekday (the class is held today)", async () => {
      const hodToken = (await api.login(hod.email)).token;
      const me = await api.login(faculty.email);
      const courseId = (me as unknown as { courseSlots: { courseId: string; course: { courseCode: string } | null }[] }).courseSlots.find((x) => x.course?.courseCode === 'CSC-101')!.courseId;
      const slotId = crypto.randomUUID();
      await api.request('POST', `/course/${courseId}/slot`, { token: hodToken, body: { id: slotId, sectionCode: `E2E-${slotId.slice(0, 6)}`, day: classDay.weekday, time: CLASS_TIME, location: 'Room 101' } });
      await api.request('PUT', `/course/user/${me.id}`, { token: hodToken, body: { slots: [slotId] } });
    });

    await test.step('HOD initiates an observation for the observer and the faculty member', async () => {
      await signIn(hodPage, hod);
      await open(hodPage, '/observations/list-observation');
      await screenshot(hodPage, 'hod-list-before');
      await hodPage.getByRole('main').getByRole('link', { name: 'Initiate Observation' }).click();
      await expect(hodPage).toHaveURL(/\/observations\/create-observation$/);
      await hodPage.getByRole('combobox', { name: 'Observer' }).click();
      await hodPage.getByRole('option', { name: `${observer.name} (${observer.email})` }).click();
      await hodPage.getByRole('combobox', { name: 'Faculty' }).click();
      await hodPage.getByRole('option', { name: `${faculty.name} (${faculty.email})` }).click();
      await hodPage.keyboard.press('Escape');
      await hodPage.getByRole('combobox', { name: 'Semester' }).click();
      await hodPage.getByRole('option', { name: 'Fall', exact: true }).click();
      await screenshot(hodPage, 'hod-initiate-form');
      await hodPage.getByRole('button', { name: 'Initiate', exact: true }).click();
      await expect(hodPage.getByText(MSG.observationsInitiated)).toBeVisible();
      // To the list 2.5 s after success, with the new row.
      await expect(hodPage).toHaveURL(/\/observations\/list-observation$/, { timeout: 10_000 });
      await expect(hodPage.getByRole('link', { name: new RegExp(`^Open observation .*${faculty.name}$`) })).toBeVisible();
      await expectAllSynced(hodPage);
      await screenshot(hodPage, 'hod-list-after');

      await expect
        .poll(async () => {
          const list = await api.request<Observation[]>('GET', '/observations', { token: observerToken });
          id = list.find((o) => o.faculty.name === faculty.name)?.id ?? '';
          return id;
        }, { message: 'the initiated observation reached the server' })
        .not.toBe('');
    });

    await test.step('observer opens it and selects the course (Select Course, Start Scheduling)', async () => {
      await signIn(obsPage, observer);
      await open(obsPage, '/observations/list-observation');
      await obsPage.getByRole('link', { name: new RegExp(`^Open observation .*${faculty.name}$`) }).click();
      await expect(obsPage).toHaveURL(new RegExp(`${detailUrl(id)}$`));
      await expect(obsPage.getByRole('region', { name: 'Informed Observation Scheduling' })).toBeVisible();
      await screenshot(obsPage, 'observer-detail-new');
      await obsPage.getByRole('link', { name: 'Start Scheduling' }).click();
      await obsPage.getByRole('combobox', { name: 'Select Course' }).click();
      await obsPage.getByRole('option', { name: 'CSC-101 Introduction to Programming' }).click();
      await screenshot(obsPage, 'observer-select-course');
      await obsPage.getByRole('button', { name: 'Start Scheduling' }).click();
      await expect(obsPage.getByText(MSG.schedulingCreated)).toBeVisible();
      await expect(obsPage.getByText("Waiting for the faculty member's teaching plan.")).toBeVisible();
      await onServer((o) => o.obsRequest?.status ?? null, 'Ongoing', 'scheduling created on the server');
    });

    await test.step('faculty fills the teaching plan (7 answers) and offers a slot', async () => {
      await signIn(facPage, faculty);
      await open(facPage, detailUrl(id));
      await facPage.getByRole('link', { name: 'Edit Scheduling' }).click();
      await expect(facPage.getByRole('heading', { name: 'Provide Teaching Plan Details' })).toBeVisible();
      await screenshot(facPage, 'faculty-teaching-plan');
      await fillPlan(facPage, TEACHING_STEPS, (s) => `${s.name}: ${SENTENCE}.`);
      await expect(facPage.getByText(MSG.observationUpdated).first()).toBeVisible();
      await onServer((o) => o.obsRequest?.teachingPlan?.steps.filter((s) => s.response).length ?? 0, TEACHING_STEPS.length, 'teaching plan answered on the server');

      await facPage.getByRole('checkbox', { name: new RegExp(`^${classDay.weekday} ${CLASS_TIME}`) }).check();
      await screenshot(facPage, 'faculty-offers-slot');
      await facPage.getByRole('button', { name: 'Update', exact: true }).click();
      await onServer((o) => o.obsRequest?.timeSlotsByFaculty ?? [], [{ day: classDay.weekday, time: CLASS_TIME }], 'faculty slots on the server');
    });

    await test.step('observer picks the slot and a date', async () => {
      await open(obsPage, schedulingUrl(id));
      await obsPage.getByRole('radio', { name: `${classDay.weekday} ${CLASS_TIME}` }).check();
      // A date in the past, or not on the slot's weekday, is refused on the spot.
      const date = obsPage.getByLabel('Date', { exact: true });
      await date.fill(shiftDay(classDay.date, -7));
      await expect(obsPage.getByText(MSG.classDateInPast)).toBeVisible();
      await date.fill(shiftDay(classDay.date, 1));
      await expect(obsPage.getByText(MSG.classDateNotSlotDay(classDay.weekday, weekdayOf(shiftDay(classDay.date, 1))))).toBeVisible();
      await date.fill(classDay.date);
      await obsPage.getByRole('button', { name: 'Update', exact: true }).click();
      await expect(obsPage.getByText(MSG.observationUpdated).first()).toBeVisible();
      await onServer((o) => o.obsRequest?.scheduledOn?.slice(0, 10) ?? null, classDay.date, 'observer pick on the server');
      await screenshot(obsPage, 'observer-picked-slot');
    });

    await test.step('faculty confirms, observer confirms, Done', async () => {
      await open(facPage, schedulingUrl(id));
      await expect(facPage.getByText('The observer picked a day and slot')).toBeVisible();
      await expect(facPage.getByText(`${classDay.weekday} ${CLASS_TIME} on ${classDay.long}`)).toBeVisible();
      await facPage.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect(facPage.getByText(MSG.observerNotConfirmed)).toBeVisible();
      await screenshot(facPage, 'faculty-confirmed');
      await onServer((o) => o.obsRequest?.facultyAccepted, true, 'faculty accepted on the server');

      await open(obsPage, schedulingUrl(id));
      await expect(obsPage.getByText(MSG.facultyAlreadyAccepted)).toBeVisible();
      await expect(obsPage.getByRole('button', { name: 'Update', exact: true })).toBeDisabled();
      await screenshot(obsPage, 'observer-faculty-accepted');
      await obsPage.getByRole('button', { name: 'Confirm', exact: true }).click();
      await obsPage.getByRole('button', { name: 'Done', exact: true }).click();
      await expect(obsPage.getByText(MSG.schedulingCompleted).first()).toBeVisible();
      // Done → the detail page after 3 s.
      await expect(obsPage).toHaveURL(new RegExp(`${detailUrl(id)}$`), { timeout: 10_000 });
      await onServer((o) => [o.obsRequest?.status, o.meetings.informedObservation?.status ?? null], ['Completed', 'Ongoing'], 'scheduling completed on the server');
      await expectAllSynced(obsPage);
      await screenshot(obsPage, 'observer-detail-scheduled');
    });

    await test.step('observer scores the informed rubric while offline; pending, then synced', async () => {
      await open(obsPage, informedUrl(id));
      await serviceWorkerReady(obsPage);
      await expect(obsPage.getByRole('region', { name: '1-A Knowledge of Content' })).toBeVisible();
      await goOffline(obsCtx);
      await expect(syncStatus(obsPage)).toHaveAccessibleName(/Offline/);
      await scoreRubric(obsPage, INFORMED_OBSERVER, { offline: true });
      await obsPage.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(obsPage.getByLabel('Scores').getByText(total(INFORMED_OBSERVER))).toHaveCount(2); // current total + observer score
      await expect(syncStatus(obsPage)).toHaveAccessibleName(/^Sync status: Offline, [1-9]\d* pending/);
      await expect(obsPage.getByText('Saved on this device', { exact: true })).toBeVisible(); // the pending note
      await expect(obsPage.getByText(MSG.savedOnDevice).first()).toBeVisible(); // the Submit's toast
      await screenshot(obsPage, 'observer-informed-offline-pending');
      const meanwhile = await api.request<Observation>('GET', `/observation/${id}`, { token: observerToken });
      expect(meanwhile.meetings.informedObservation?.observerScore, 'nothing reached the server while offline').toBeNull();

      await goOnline(obsCtx);
      await expectAllSynced(obsPage, 45_000);
      await expect(obsPage.getByText('Saved on this device', { exact: true })).toHaveCount(0);
      // Every group now reads Saved: the server has it.
      await expect(obsPage.getByTestId('group-state')).toHaveText(['Saved', 'Saved', 'Saved', 'Saved']);
      await onServer((o) => o.meetings.informedObservation?.observerScore ?? null, sum(INFORMED_OBSERVER), 'observer informed score on the server');
      await screenshot(obsPage, 'observer-informed-synced');
    });

    await test.step('faculty scores the informed rubric', async () => {
      await open(facPage, informedUrl(id));
      // Faculty never see the observer's score.
      await expect(facPage.getByLabel('Scores').getByText('Observer score')).toHaveCount(0);
      await scoreRubric(facPage, INFORMED_FACULTY);
      await facPage.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(facPage.getByText(MSG.alreadyScored)).toBeVisible();
      await screenshot(facPage, 'faculty-informed-scored');
      await onServer((o) => o.meetings.informedObservation?.facultyScore ?? null, sum(INFORMED_FACULTY), 'faculty informed score on the server');
    });

    await test.step('observer locks the informed observation (Done, not reversible)', async () => {
      await lockRubric(obsPage, informedUrl(id), INFORMED_OBSERVER, INFORMED_FACULTY);
      await onServer((o) => o.meetings.informedObservation?.status, 'Completed', 'informed locked on the server');
      await screenshot(obsPage, 'observer-informed-locked');
    });

    await test.step('uninformed observation: observer starts and scores, faculty scores, observer locks', async () => {
      await open(obsPage, detailUrl(id));
      await obsPage.getByRole('link', { name: 'Start Uninformed Observation' }).click();
      await expect(obsPage).toHaveURL(new RegExp(`${uninformedUrl(id)}$`));
      await obsPage.getByRole('button', { name: 'Start Uninformed Observation' }).click();
      await expect(obsPage.getByRole('region', { name: '1-A Knowledge of Content' })).toBeVisible({ timeout: 20_000 });
      await scoreRubric(obsPage, UNINFORMED_OBSERVER);
      await obsPage.getByRole('button', { name: 'Submit', exact: true }).click();
      await onServer((o) => o.meetings.uninformedObservation?.observerScore ?? null, sum(UNINFORMED_OBSERVER), 'observer uninformed score on the server');
      await screenshot(obsPage, 'observer-uninformed-scored');

      await open(facPage, uninformedUrl(id));
      await scoreRubric(facPage, UNINFORMED_FACULTY);
      await facPage.getByRole('button', { name: 'Submit', exact: true }).click();
      await expect(facPage.getByText(MSG.alreadyScored)).toBeVisible();
      await onServer((o) => o.meetings.uninformedObservation?.facultyScore ?? null, sum(UNINFORMED_FACULTY), 'faculty uninformed score on the server');

      await lockRubric(obsPage, uninformedUrl(id), UNINFORMED_OBSERVER, UNINFORMED_FACULTY);
      await onServer((o) => o.meetings.uninformedObservation?.status, 'Completed', 'uninformed locked on the server');
      await screenshot(obsPage, 'observer-uninformed-locked');
    });

    await test.step('observer creates the post-observation meeting: two date-time slots and a location', async () => {
      await open(obsPage, detailUrl(id));
      await obsPage.getByRole('link', { name: 'Schedule Meeting' }).click();
      await expect(obsPage).toHaveURL(new RegExp(`${postUrl(id)}$`));
      const when = obsPage.getByLabel('Meeting date and time');
      await expect(obsPage.getByRole('button', { name: 'Add slot' })).toBeDisabled();
      await when.fill('2026-12-01T10:30');
      await obsPage.getByRole('button', { name: 'Add slot' }).click();
      await when.fill('2026-12-02T14:00');
      await obsPage.getByRole('button', { name: 'Add slot' }).click();
      await expect(obsPage.getByRole('button', { name: /^Remove slot / })).toHaveCount(2);
      await obsPage.getByLabel('Location').fill('Meeting Room B-204');
      await screenshot(obsPage, 'observer-post-create');
      await obsPage.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(obsPage.getByText(MSG.postCreated)).toBeVisible();
      const o = await onServer((x) => x.meetings.postObservation?.timeSlotsByObserver.length ?? 0, 2, 'post-observation on the server');
      // Stored in UTC with seconds and milliseconds: 10:30 in Toronto (EST) is 15:30 UTC.
      expect(o.meetings.postObservation!.timeSlotsByObserver.map((s) => s.dateTime)).toEqual(['2026-12-01T15:30:00.000Z', '2026-12-02T19:00:00.000Z']);
      expect(o.meetings.postObservation!.location).toBe('Meeting Room B-204');
    });

    await test.step('faculty on a phone: reflection plan, an artifact picked offline uploads once online, a slot chosen', async () => {
      const phoneCtx = await context(true);
      const phone = await phoneCtx.newPage();
      await signIn(phone, faculty);
      await open(phone, postUrl(id));
      await expect(phone.getByRole('heading', { name: 'Provide Reflection Plan Details' })).toBeVisible();
      await screenshot(phone, 'phone-reflection-plan');
      await fillPlan(phone, REFLECTION_STEPS, (s) => (/reflective/i.test(s.code) ? narrative(s.name) : `${s.name}: ${SENTENCE}.`));
      await expect(phone.getByText(MSG.postUpdated).first()).toBeVisible();
      await onServer((o) => o.meetings.postObservation?.reflectionPlan?.editedBy != null, true, 'reflection plan on the server');

      await expect(phone.getByText(MSG.artifactNeeded)).toBeVisible();
      await serviceWorkerReady(phone);
      await goOffline(phoneCtx);
      await expect(syncStatus(phone)).toHaveAccessibleName(/Offline/);
      await phone.getByLabel('Artifact file').setInputFiles({ name: 'board-photo.png', mimeType: 'image/png', buffer: tinyPng() });
      await phone.getByRole('button', { name: 'Upload', exact: true }).click();
      await expect(phone.getByText('Queued', { exact: true }).first()).toBeVisible();
      // Offline the form says where the file is — never that it was uploaded (the real success comes later).
      await expect(phone.getByRole('list', { name: 'Uploads' }).getByText(MSG.uploadSavedOffline)).toBeVisible();
      await expect(phone.getByText(MSG.artifactUploaded, { exact: false })).toHaveCount(0);
      // Still on the device: a progress bar at 0 % (an empty bar: attached, zero width) or the waiting note, and
      // the local preview.
      await expect(phone.getByRole('progressbar', { name: 'Upload 0%' }).or(phone.getByText(MSG.uploadSavedOffline)).first()).toBeAttached();
      await expect(phone.getByText('Your artifact is still uploading; choose a slot once it has reached the server.')).toBeVisible();
      await expect(phone.getByRole('img', { name: 'board-photo.png' })).toBeVisible();
      await expect(syncStatus(phone)).toHaveAccessibleName(/^Sync status: Offline, [1-9]\d* pending/);
      await screenshot(phone, 'phone-artifact-queued-offline');
      expect((await api.request<Observation>('GET', `/observation/${id}`, { token: facultyToken })).meetings.postObservation?.artifacts).toEqual([]);

      await goOnline(phoneCtx);
      const o = await untilServer(api, facultyToken, id, (x) => x.meetings.postObservation?.artifacts.length ?? 0, 1, 'artifact registered on the server', 45_000);
      // Then, and only then, the real success.
      await expect(phone.getByRole('list', { name: 'Uploads' }).getByText(MSG.artifactUploaded, { exact: true })).toBeVisible({ timeout: 30_000 });
      const artifact = o.meetings.postObservation!.artifacts[0]!;
      expect(artifact.name).toBe('board-photo.png');
      expect(artifact.type, 'the type the server detected from the content').toMatch(/png/);
      expect(artifact.fileURL).not.toMatch(/^pending-upload:/);
      const file = await fetch(new URL(artifact.fileURL, baseURL), { headers: { authorization: `Bearer ${facultyToken}` } });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(tinyPng()), 'the server holds the exact bytes').toBe(true);
      await expectAllSynced(phone, 45_000);

      // Update is offered once the replica holds the registered artifact (next pull).
      await open(phone, postUrl(id));
      await expect(phone.getByRole('img', { name: 'board-photo.png' }).first()).toBeVisible();
      await phone.getByRole('radio', { name: 'December 2, 2026 at 2:00 PM' }).check();
      await screenshot(phone, 'phone-slot-chosen');
      await phone.getByRole('button', { name: 'Update', exact: true }).click();
      await expect(phone.getByText(MSG.postUpdated).first()).toBeVisible();
      await expect(phone.getByText('Selected Slot').first()).toBeVisible();
      const chosen = o.meetings.postObservation!.timeSlotsByObserver.find((s) => s.dateTime === '2026-12-02T19:00:00.000Z')!.id;
      await onServer((x) => x.meetings.postObservation?.timeSlotByFaculty ?? null, chosen, 'faculty slot choice on the server');
      await screenshot(phone, 'phone-selected-slot');
    });

    await test.step('observer: Mark Scheduled, Complete Observation; final scores and percentages shown', async () => {
      await open(obsPage, postUrl(id));
      await expect(obsPage.getByRole('tab', { name: 'Scheduling Timings' })).toHaveAttribute('aria-selected', 'true');
      await expect(obsPage.getByRole('list', { name: 'Provided slots' }).getByText('Selected Slot')).toBeVisible();
      await expect(obsPage.getByRole('img', { name: 'board-photo.png' })).toBeVisible();
      await screenshot(obsPage, 'observer-post-timings');
      await obsPage.getByRole('tab', { name: 'Reflection Plan' }).click();
      await expect(obsPage.getByRole('button', { name: 'View Reflection Plan' })).toBeVisible();
      await obsPage.getByRole('tab', { name: 'Scheduling Timings' }).click();

      await obsPage.getByRole('button', { name: 'Mark Scheduled' }).click();
      await onServer((o) => o.meetings.postObservation?.status, 'Scheduled', 'post-observation Scheduled on the server');
      await obsPage.getByRole('button', { name: 'Complete Observation' }).click();
      await expect(obsPage.getByText(MSG.observationUpdated).first()).toBeVisible();
      await onServer((o) => [o.meetings.postObservation?.status, o.status, o.observationProgress], ['Completed', 'Completed', 100], 'observation completed on the server');
      await expectAllSynced(obsPage);
      await screenshot(obsPage, 'observer-post-completed');

      await open(obsPage, detailUrl(id));
      const informed = obsPage.getByRole('region', { name: 'Informed Observation', exact: true });
      const uninformed = obsPage.getByRole('region', { name: 'Uninformed Observation', exact: true });
      await expect(informed.getByText(`Observer score: ${total(INFORMED_OBSERVER)}`)).toBeVisible();
      await expect(informed.getByText(`Faculty score: ${total(INFORMED_FACULTY)}`)).toBeVisible();
      await expect(informed.getByText(INFORMED_FINAL)).toBeVisible();
      await expect(uninformed.getByText(UNINFORMED_FINAL)).toBeVisible();
      await expect(obsPage.getByRole('region', { name: 'Post Observation Meeting Scheduling' }).getByText('Completed')).toBeVisible();
      await expect(obsPage.getByRole('progressbar', { name: 'Progress 100%' })).toBeAttached();
      await expect(obsPage.getByText('100% complete · Cycle completed')).toBeVisible();
      await screenshot(obsPage, 'observer-detail-final');

      // The locked rubric screen shows the same final figures (x / 80.0 · y%).
      await open(obsPage, informedUrl(id));
      await expect(obsPage.getByLabel('Scores').getByText('67.5 / 80.0 · 84.4%')).toBeVisible();
      await expect(obsPage.getByText('Locked', { exact: true })).toBeVisible();

      // Faculty see their own totals but never the observer's (nor the combined figures built from them).
      await open(facPage, detailUrl(id));
      await expect(facPage.getByRole('region', { name: 'Informed Observation', exact: true }).getByText(`Faculty score: ${total(INFORMED_FACULTY)}`)).toBeVisible();
      await expect(facPage.getByText(/Observer score|Final:/)).toHaveCount(0);
      await screenshot(facPage, 'faculty-detail-final');

      // The HOD's list shows the observation Completed at 100 %.
      await open(hodPage, '/observations/list-observation');
      const row = hodPage.getByRole('link', { name: new RegExp(`^Open observation CSC-101 Introduction to Programming ${faculty.name}$`) });
      await expect(row.getByText('Completed', { exact: true })).toBeVisible();
      await expect(row.getByText('100%')).toBeVisible();
      await screenshot(hodPage, 'hod-list-completed');
    });

    expect(errors, 'uncaught errors in the pages').toEqual([]);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }
});

/** Observer: reopen the rubric, see both totals, Done → 'This action will not be reversed!' → Confirm → Locked. */
async function lockRubric(page: Page, url: string, observerScores: number[], facultyScores: number[]): Promise<void> {
  await open(page, url);
  const scores = page.getByLabel('Scores');
  await expect(scores.getByText(total(facultyScores))).toBeVisible();
  await expect(scores.getByText(total(observerScores)).first()).toBeVisible();
  await page.getByRole('button', { name: 'Done', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Lock the scores?' });
  await expect(dialog.getByText(MSG.notReversible)).toBeVisible();
  await screenshot(page, 'observer-lock-confirm');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Locked', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: '0 Not Demonstrating' }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Save / })).toHaveCount(0);
}
