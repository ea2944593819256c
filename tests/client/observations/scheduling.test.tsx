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

const db = getDb();
const picked = { timeSlotsByFaculty: [{ day: 'Monday', time: '09:00-10:30' }], timeSlotByObserver: [{ day: 'Monday', time: '09:00-10:30' }], scheduledOn: '2026-12-03T12:00:00.000Z' };

function show(obs: Observation, side: 'observer' | 'faculty' | 'viewer') {
  return renderRouted(() => <SchedulingScreen obs={obs} side={side} />);
}
const button = (name: string) => screen.queryByRole('button', { name });

beforeEach(async () => {
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
  it('observer before scheduling: Select Course + Start Scheduling queues the request', async () => {
    await setMeta(db, META.userId, OBSERVER.id);
    await db.observations.put(observation() as never);
    show(observation(), 'observer');
    fireEvent.click(await screen.findByRole('button', { name: 'Start Scheduling' }));
    expect(await screen.findByText(MSG.provideAllFields)).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Select Course' }));
    fireEvent.click(await screen.findByRole('option', { name: 'CSC-101 Introduction to Programming', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Start Scheduling' }));
    expect(await screen.findByText(MSG.schedulingCreated)).toBeTruthy();
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
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MSG.provideAllDetails)).toBeTruthy();
    expect(button('Update')).toBeNull();
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
    expect(await screen.findByText(MSG.observationUpdated)).toBeTruthy();
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
    expect(await screen.findByText(MSG.schedulingCompleted)).toBeTruthy();
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
});
