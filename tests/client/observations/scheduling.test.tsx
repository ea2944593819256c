// @vitest-environment jsdom
/**
 * The scheduling screen's role-dependent controls for several document states (SPEC §2 Scheduling, §4, §5),
 * the teaching plan step form, and the plan exports as real CSV / PDF bytes.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { Observation } from '../../../src/shared/contract/observations.js';
import { MSG } from '../../../src/shared/messages.js';
import { getDb } from '../../../src/client/sync/index.js';
import { META, setMeta } from '../../../src/client/sync/meta.js';
import { SchedulingScreen } from '../../../src/client/features/scheduling/scheduling-screen.js';
import { schedulingView } from '../../../src/client/features/scheduling/scheduling-state.js';
import { planCsv, planPdf } from '../../../src/client/features/scheduling/plan-export.js';
import { FACULTY, OBS_ID, observation, OBSERVER, scheduling, teachingPlan } from './fixtures.js';
import { renderRouted } from './render-routed.js';
import { localDay, nextDayOn } from '../../../src/shared/class-dates.js';

const db = getDb();
const picked = { timeSlotsByFaculty: [{ day: 'Monday', time: '09:00-10:30' }], timeSlotByObserver: [{ day: 'Monday', time: '09:00-10:30' }], scheduledOn: '2026-12-03T12:00:00.000Z' };

function show(obs: Observation, side: 'observer' | 'faculty' | 'viewer') {
  const viewerId = side === 'observer' ? OBSERVER.id : side === 'faculty' ? FACULTY.id : 'u-hod';
  return renderRouted(() => <SchedulingScreen obs={obs} side={side} viewerId={viewerId} />);
}
const button = (name: string) => screen.queryByRole('button', { name });

beforeEach(async () => {
  localStorage.clear(); // plan drafts
  await Promise.all([db.observations.clear(), db.outbox.clear(), db.meta.clear()]);
});
afterEach(() => {
  cleanup();
  // Toasts live in a global store: start every test without the previous one's.
  notifications.clean();
});

describe('schedulingView', () => {
  it('maps each state and side to its controls', () => {
    expect(schedulingView(observation(), 'observer')).toMatchObject({ stage: 'notStarted', selectCourse: true });
    expect(schedulingView(observation(), 'faculty')).toMatchObject({ stage: 'notStarted', selectCourse: false });
    const plan = scheduling({ teachingPlan: teachingPlan(null) });
    expect(schedulingView(plan, 'faculty')).toMatchObject({ stage: 'plan', planForm: true, facultySlots: false });
    expect(schedulingView(plan, 'observer')).toMatchObject({ planForm: false, waitingForPlan: true, observerPick: false });
    const dated = scheduling(picked);
    expect(schedulingView(dated, 'faculty')).toMatchObject({ facultyConfirm: true, observerNotConfirmed: false });
    expect(schedulingView(dated, 'observer')).toMatchObject({ observerConfirm: false, observerUpdateDisabled: false, done: false });
    const fa = scheduling({ ...picked, facultyAccepted: true });
    expect(schedulingView(fa, 'faculty')).toMatchObject({ facultyConfirm: false, observerNotConfirmed: true });
    expect(schedulingView(fa, 'observer')).toMatchObject({ observerConfirm: true, observerUpdateDisabled: true, facultyAcceptedLabel: true });
    const both = scheduling({ ...picked, facultyAccepted: true, observerAccepted: true });
    expect(schedulingView(both, 'observer')).toMatchObject({ done: true, observerConfirm: false });
    expect(schedulingView(both, 'faculty')).toMatchObject({ done: false, observerNotConfirmed: false });
    expect(schedulingView(scheduling({ ...picked, status: 'Completed' }), 'observer')).toMatchObject({ stage: 'completed', observerPick: false, done: false });
    expect(schedulingView(dated, 'viewer')).toMatchObject({ facultySlots: false, observerPick: false, facultyConfirm: false, observerConfirm: false });
  });
});

describe('scheduling screen', () => {
  it('says who must act: the person whose turn it is reads it, the other side reads whom they wait for', async () => {
    const dated = scheduling(picked);
    show(dated, 'faculty');
    expect(await screen.findByText('Your turn: Confirm the class date')).toBeTruthy();
    cleanup();
    show(dated, 'observer');
    expect(await screen.findByText(`Waiting for ${FACULTY.name} to confirm the class date`)).toBeTruthy();
    expect(screen.getByText('Faculty accepted: Not yet')).toBeTruthy();
    cleanup();
    show(scheduling({ ...picked, facultyAccepted: true }), 'viewer');
    expect(await screen.findByText(`Waiting for ${OBSERVER.name} to confirm the class date`)).toBeTruthy();
  });

  it('observer before scheduling: Select Course + Start Scheduling queues the request', async () => {
    await setMeta(db, META.userId, OBSERVER.id);
    await db.observations.put(observation() as never);
    show(observation(), 'observer');
    fireEvent.click(await screen.findByRole('button', { name: 'Start Scheduling' }));
    expect(await screen.findByText(MSG.provideAllFields)).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Select Course' }));
    fireEvent.click(await screen.findByRole('option', { name: 'CSC-101 Introduction to Programming', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Start Scheduling' }));
    expect(await screen.findByText(MSG.savedOnDevice)).toBeTruthy();
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ name: 'scheduling.create', args: { observationsId: OBS_ID, facultyId: FACULTY.id, courseId: 'c-101' } });
    expect(((await db.observations.get(OBS_ID)) as unknown as Observation).obsRequest?.status).toBe('Ongoing');
  });

  it('faculty with an unanswered plan get the step form with its sections, 5-row areas, word counts and the required message', async () => {
    show(scheduling({ teachingPlan: teachingPlan(null) }), 'faculty');
    expect(await screen.findByText('Provide Teaching Plan Details')).toBeTruthy();
    expect(screen.getByText('Teacher Perspective')).toBeTruthy();
    expect(screen.getByText('Teaching Context')).toBeTruthy();
    expect(screen.getByText('Student Learning')).toBeTruthy();
    const area = screen.getByRole('textbox', { name: /ProgramOutcomes/ }) as HTMLTextAreaElement;
    expect(area.getAttribute('rows')).toBe('5');
    fireEvent.change(area, { target: { value: 'one two three' } });
    expect(screen.getByText('3 / 500 words')).toBeTruthy();
    // Next checks the step first and names the unanswered question; it stays on the step.
    fireEvent.click(screen.getByRole('button', { name: 'Next' })); // step 1 is answered: on to step 2
    const second = await screen.findByRole('textbox', { name: /TeachingSummary/ });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MSG.stepIncomplete('TeachingSummary'))).toBeTruthy();
    expect(button('Submit')).toBeNull();
    expect(screen.getByRole('textbox', { name: /TeachingSummary/ })).toBe(second);
    expect(button('Update')).toBeNull();
  });

  it('observer picking a date: refused when it is in the past or not on the slot weekday', async () => {
    await setMeta(db, META.userId, OBSERVER.id);
    show(scheduling({ timeSlotsByFaculty: picked.timeSlotsByFaculty }), 'observer');
    fireEvent.click(await screen.findByLabelText('Monday 09:00-10:30', { exact: false }));
    const date = screen.getByLabelText('Date', { exact: false }) as HTMLInputElement;
    fireEvent.change(date, { target: { value: '2020-01-06' } }); // a Monday, long past
    expect(await screen.findByText(MSG.classDateInPast)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.getAllByText(MSG.classDateInPast).length).toBeGreaterThan(1)); // field + toast
    const tuesday = nextDayOn(localDay(new Date(Date.now() + 86_400_000)), 'Tuesday');
    fireEvent.change(date, { target: { value: tuesday } });
    expect(await screen.findByText(MSG.classDateNotSlotDay('Monday', 'Tuesday'))).toBeTruthy();
    const monday = nextDayOn(localDay(new Date(Date.now() + 86_400_000)), 'Monday');
    fireEvent.change(date, { target: { value: monday } });
    await waitFor(() => expect(screen.queryByText(MSG.classDateNotSlotDay('Monday', 'Tuesday'))).toBeNull());
    expect(await db.outbox.count()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((r) => r.name)).toEqual(['scheduling.update']));
    expect((await db.outbox.toArray())[0].args).toMatchObject({ scheduledOn: `${monday}T12:00:00.000Z` });
  });

  it('faculty offering slots: Update needs one; Confirm appears once a date exists', async () => {
    show(scheduling(), 'faculty');
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByText(MSG.provideSlots)).toBeTruthy();
    expect(button('Confirm')).toBeNull();
    cleanup();
    show(scheduling(picked), 'faculty');
    expect(await screen.findByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.getByText('Monday 09:00-10:30 on December 3, 2026', { exact: false })).toBeTruthy();
  });

  it('faculty offering slots: Update queues the chosen slots with the reasons, then clears the reasons', async () => {
    await setMeta(db, META.userId, FACULTY.id);
    await db.observations.put(scheduling() as never);
    show(scheduling(), 'faculty');
    fireEvent.click(await screen.findByRole('checkbox', { name: /^Monday 09:00-10:30/ }));
    const reasons = screen.getByRole('textbox', { name: 'Reasons (optional)' }) as HTMLTextAreaElement;
    fireEvent.change(reasons, { target: { value: '  Mondays suit me best.  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(MSG.savedOnDevice)).toBeTruthy();
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({
      name: 'scheduling.update',
      args: { observationsId: OBS_ID, timeSlotsByFaculty: [{ day: 'Monday', time: '09:00-10:30' }], reasons: 'Mondays suit me best.' },
    });
    await waitFor(() => expect(reasons.value).toBe(''));
  });

  it('observer picking: Update needs a slot and a date; no Confirm before faculty accepted', async () => {
    show(scheduling({ timeSlotsByFaculty: picked.timeSlotsByFaculty }), 'observer');
    fireEvent.click(await screen.findByRole('radio', { name: 'Monday 09:00-10:30' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(MSG.provideAllFields)).toBeTruthy();
    expect(button('Confirm')).toBeNull();
    expect(button('Done')).toBeNull();
  });

  it('after faculty accepted: observer Update disabled with the label, Confirm shown; faculty wait', async () => {
    const fa = scheduling({ ...picked, facultyAccepted: true });
    show(fa, 'observer');
    expect(await screen.findByText(MSG.facultyAlreadyAccepted)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Update' }) as HTMLButtonElement).disabled).toBe(true);
    expect(button('Confirm')).toBeTruthy();
    cleanup();
    show(fa, 'faculty');
    expect(await screen.findByText(MSG.observerNotConfirmed)).toBeTruthy();
    expect(button('Confirm')).toBeNull();
  });

  it('both accepted: the observer gets Done, which completes scheduling and announces it', async () => {
    await setMeta(db, META.userId, OBSERVER.id);
    const both = scheduling({ ...picked, facultyAccepted: true, observerAccepted: true });
    await db.observations.put(both as never);
    show(both, 'observer');
    fireEvent.click(await screen.findByRole('button', { name: 'Done' }));
    expect(await screen.findByText(MSG.savedOnDevice)).toBeTruthy();
    await waitFor(async () => expect(((await db.observations.get(OBS_ID)) as unknown as Observation).obsRequest!.status).toBe('Completed'));
    expect((await db.outbox.toArray()).map((r) => r.name)).toEqual(['scheduling.done']);
  });

  it('Show Faculty Schedule lists the course slots', async () => {
    show(scheduling(), 'viewer');
    fireEvent.click(await screen.findByRole('button', { name: 'Show Faculty Schedule' }));
    const table = await screen.findByRole('table', { name: 'Faculty schedule' });
    expect(table.textContent).toContain('Wednesday');
    expect(table.textContent).toContain('Room B-102');
    expect(button('Update')).toBeNull();
  });
});

describe('plan export', () => {
  it('CSV has the fields field and response; PDF is a real PDF', async () => {
    const plan = teachingPlan(FACULTY.id);
    const csv = await planCsv(plan);
    expect(csv.split(/\r?\n/)[0]).toBe('field,response');
    expect(csv).toContain('Question about Feedback?,Answer 2');
    // A typed answer starting like a formula is exported as text.
    const risky = { ...plan, steps: plan.steps.map((st, i) => (i === 0 ? { ...st, response: '=HYPERLINK("http://x.test","y")' } : st)) };
    expect(await planCsv(risky)).toContain(`,"'=HYPERLINK(""http://x.test"",""y"")"`);
    const pdf = await planPdf(plan, 'Teaching Plan');
    const head = new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5));
    expect(head).toBe('%PDF-');
  });

  it('PDF: a header naming faculty, course, observer, semester and date; bold questions, wrapped answers, page numbers', async () => {
    const base = teachingPlan(FACULTY.id);
    const long = 'A considered answer about the lesson and its students. '.repeat(40);
    const plan = { ...base, steps: Array.from({ length: 8 }, (_, i) => ({ ...base.steps[0], id: `s${i}`, field: `Question ${i + 1} about the class?`, response: long })) };
    const header = { faculty: 'Fatima Rahman', course: 'CSC-101 Introduction to Programming', observer: 'Olivia Brennan', semester: 'Fall', date: '2026-12-03T12:00:00.000Z' };
    const pdf = await planPdf(plan, 'Teaching Plan', header, new Date('2026-12-01T10:00:00Z'));
    // jsPDF writes text operators uncompressed: the header and the page numbers are readable in the bytes.
    const text = new TextDecoder('latin1').decode(new Uint8Array(await pdf.arrayBuffer()));
    for (const s of ['(Faculty:)', '(Fatima Rahman)', '(CSC-101 Introduction to Programming)', '(Observer:)', '(Olivia Brennan)', '(Semester:)', '(Fall)', '(Date:)', '(December 3, 2026)']) {
      expect(text).toContain(s);
    }
    const pages = Number(/\/Count (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`(Page 1 of ${pages})`);
    expect(text).toContain(`(Page ${pages} of ${pages})`);
    expect(text).toContain('(1. Question 1 about the class?)');
    // Questions are set in Helvetica-Bold, answers in Helvetica, answers wrapped to many lines.
    expect(text).toMatch(/Helvetica-Bold/);
    const shown = [...text.matchAll(/\(([^)]*)\) Tj/g)].map((m) => m[1]).filter((l) => l.includes('answer') || l.includes('lesson'));
    expect(shown.length).toBeGreaterThan(8 * 10);
    expect(Math.max(...shown.map((l) => l.length))).toBeLessThan(110);
  });
});
