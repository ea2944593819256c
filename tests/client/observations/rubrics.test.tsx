// @vitest-environment jsdom
/**
 * Rubric screens on a fake-indexeddb replica through the real outbox: group validation, the 1 s save, submit
 * rules, totals as x / 80.0 with the percentage, the observer's Done with its confirmation and the lock, and
 * that faculty never see the observer's score.
 */
import { localDay, nextDayOn } from '../../../src/shared/class-dates.js';
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Observation } from '../../../src/shared/contract/observations.js';
import { MSG } from '../../../src/shared/messages.js';
import { getDb } from '../../../src/client/sync/index.js';
import { META, setMeta } from '../../../src/client/sync/meta.js';
import { RubricScreen } from '../../../src/client/features/rubrics/rubric-screen.js';
import { draftTotal, groupSaveError, rubricGroups, submitError } from '../../../src/client/features/rubrics/rubric-state.js';
import { FACULTY, meeting, OBS_ID, OBSERVER, rubricRows, scheduling } from './fixtures.js';
import { renderRouted } from './render-routed.js';

const db = getDb();
const MEETING_ID = '55555555-5555-4555-8555-555555555555';

function withInformed(over: Parameters<typeof meeting>[1] = {}): Observation {
  return scheduling({ status: 'Completed' }, { meetings: { informedObservation: meeting(MEETING_ID, over), uninformedObservation: null, postObservation: null } });
}

/** The screen reading the live replica, like the route does. */
function Live({ side }: { side: 'observer' | 'faculty' | 'viewer' }) {
  const obs = useLiveQuery(() => db.observations.get(OBS_ID)) as Observation | undefined;
  return obs ? <RubricScreen obs={obs} kind="informed" side={side} /> : null;
}

function group(code: string) {
  return screen.getByRole('region', { name: new RegExp(`^${code}`) });
}
function scoreGroup(code: string, score: number) {
  for (const rg of within(group(code)).getAllByRole('radiogroup')) {
    fireEvent.click(within(rg).getByRole('radio', { name: new RegExp(`^${score} `) }));
  }
}

beforeEach(async () => {
  await Promise.all([db.observations.clear(), db.outbox.clear(), db.meta.clear(), db.drafts.clear()]);
});
afterEach(cleanup);

describe('rubric rules', () => {
  it('groups follow the SPEC order with their titles; a group needs all five items; submit needs all four saved', () => {
    const rows = rubricRows();
    const groups = rubricGroups([...rows].reverse());
    expect(groups.map((g) => `${g.code} ${g.title}`)).toEqual(['1-A Knowledge of Content', '1-B Knowledge of Pedagogy', '1-C Student Assessment', '1-D Learning Environment']);
    const a = groups[0];
    const four = Object.fromEntries(a.items.slice(0, 4).map((i) => [i.id, 2]));
    expect(groupSaveError(a, four)).toBe(MSG.selectAllRubrics);
    expect(groupSaveError(a, { ...four, [a.items[4].id]: 0 })).toBeNull();
    expect(groupSaveError(a, { ...four, [a.items[4].id]: 5 })).toBe(MSG.selectAllRubrics);
    const draft = Object.fromEntries(rows.map((r) => [r.id, 3]));
    expect(submitError(groups, draft, 'observer')).toBe(MSG.saveAllRubrics);
    expect(submitError(rubricGroups(rubricRows(3, null)), draft, 'observer')).toBeNull();
    expect(draftTotal(draft)).toBe(60);
  });
});

describe('rubric drafts on the device', () => {
  it('keeps every tap across a remount, sends a group once complete without Save, and says where each group stands', async () => {
    await setMeta(db, META.userId, OBSERVER.id);
    await db.observations.put(withInformed() as never);
    const first = renderRouted(() => <Live side="observer" />);
    await screen.findByRole('region', { name: /^1-A Knowledge of Content/ });
    expect(within(group('1-A')).getByTestId('group-state').textContent).toBe('Not scored yet');
    const items = within(group('1-A')).getAllByRole('radiogroup');
    for (const rg of items.slice(0, 3)) fireEvent.click(within(rg).getByRole('radio', { name: /^2 / }));
    expect(within(group('1-A')).getByTestId('group-state').textContent).toBe('Draft on this device');
    await waitFor(async () => expect(await db.drafts.count()).toBe(3));
    expect(await db.outbox.count()).toBe(0); // a partial group is not sent
    first.unmount();

    // Back on the page (navigation, reload, closed tab): the three taps are there.
    renderRouted(() => <Live side="observer" />);
    await screen.findByRole('region', { name: /^1-A Knowledge of Content/ });
    await waitFor(() => expect(within(group('1-A')).getByTestId('group-state').textContent).toBe('Draft on this device'));
    const again = within(group('1-A')).getAllByRole('radiogroup');
    for (const rg of again.slice(0, 3)) expect((within(rg).getByRole('radio', { name: '2 Developing' }) as HTMLInputElement).checked).toBe(true);

    // Completing the group queues it at once; the badge follows the outbox.
    for (const rg of again.slice(3)) fireEvent.click(within(rg).getByRole('radio', { name: /^4 / }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((r) => r.name)).toEqual(['rubrics.saveGroup']), { timeout: 10_000 });
    await waitFor(() => expect(within(group('1-A')).getByTestId('group-state').textContent).toBe('Complete — sending'));
    await waitFor(async () => expect(await db.drafts.count()).toBe(0)); // the outbox holds them now
    await db.outbox.clear(); // as if the server took it
    await waitFor(() => expect(within(group('1-A')).getByTestId('group-state').textContent).toBe('Saved'));
  });

  it('a refused Save marks the items without a score and focuses the first; a refused Submit outlines the unsaved groups', async () => {
    await setMeta(db, META.userId, OBSERVER.id);
    await db.observations.put(withInformed() as never);
    renderRouted(() => <Live side="observer" />);
    await screen.findByRole('region', { name: /^1-A Knowledge of Content/ });
    const items = within(group('1-A')).getAllByRole('radiogroup');
    fireEvent.click(within(items[0]).getByRole('radio', { name: /^3 / }));
    fireEvent.click(within(group('1-A')).getByRole('button', { name: /^Save/ }));
    expect(await screen.findByText(MSG.selectAllRubrics)).toBeTruthy();
    expect(items.map((rg) => rg.getAttribute('aria-invalid'))).toEqual([null, 'true', 'true', 'true', 'true']);
    expect(within(group('1-A')).getByRole('alert').textContent).toBe('4 of 5 items still need a score.');
    expect(document.activeElement).toBe(within(items[1]).getAllByRole('radio')[0]);

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MSG.saveAllRubrics)).toBeTruthy();
    for (const code of ['1-A', '1-B', '1-C', '1-D']) expect(group(code).getAttribute('data-problem')).toBe('true');
    expect(within(group('1-B')).getByRole('alert').textContent).toBe('Not saved: 5 of 5 items still need a score.');
  });
});

describe('rubric screen', () => {
  it('observer: Save needs all items, spins 1 s, then queues and shows the saved scores; Submit needs every group', async () => {
    await setMeta(db, META.userId, OBSERVER.id);
    await db.observations.put(withInformed() as never);
    renderRouted(() => <Live side="observer" />);
    await screen.findByRole('region', { name: /^1-A Knowledge of Content/ });

    fireEvent.click(within(group('1-A')).getByRole('button', { name: /^Save/ }));
    expect(await screen.findByText(MSG.selectAllRubrics)).toBeTruthy();

    scoreGroup('1-A', 3);
    expect(screen.getByText('15.0 / 80.0')).toBeTruthy(); // the running total
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MSG.saveAllRubrics)).toBeTruthy();

    fireEvent.click(within(group('1-A')).getByRole('button', { name: /^Save/ }));
    expect(await screen.findByText(MSG.rubricsSaved, {}, { timeout: 10_000 })).toBeTruthy();
    await waitFor(async () => {
      const m = ((await db.observations.get(OBS_ID)) as unknown as Observation).meetings.informedObservation!;
      expect(m.rubrics.filter((r) => r.observerScore === 3)).toHaveLength(5);
    });
    expect((await db.outbox.toArray()).map((r) => r.name)).toEqual(['rubrics.saveGroup']);
  });

  it('totals as x / 80.0 with the percentage; Done asks for confirmation and locks; afterwards read-only', async () => {
    await setMeta(db, META.userId, OBSERVER.id);
    await db.observations.put(withInformed({ observerScore: 60, facultyScore: 40, finalScore: 50, percentage: 62.5, rubrics: rubricRows(3, 2) }) as never);
    renderRouted(() => <Live side="observer" />);
    const scores = await screen.findByLabelText('Scores');
    const value = (label: string) => within(scores).getByText(label).nextElementSibling?.textContent;
    expect(value('Observer score')).toBe('60.0 / 80.0');
    expect(value('Faculty score')).toBe('40.0 / 80.0');
    expect(value('Final score')).toBe('50.0 / 80.0 · 62.5%');

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByText(MSG.notReversible)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(async () => {
      expect(((await db.observations.get(OBS_ID)) as unknown as Observation).meetings.informedObservation!.status).toBe('Completed');
    });
    expect(await screen.findByText('The scores are locked and can no longer change.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
  });

  it('before the day of the scheduled class the informed rubric cannot be submitted or locked', async () => {
    await setMeta(db, META.userId, OBSERVER.id);
    const future = nextDayOn(localDay(new Date(Date.now() + 3 * 86_400_000)), 'Monday');
    const base = withInformed({ rubrics: rubricRows(3, 2), observerScore: 60, facultyScore: 40 });
    await db.observations.put({ ...base, obsRequest: { ...base.obsRequest!, scheduledOn: `${future}T12:00:00.000Z` } } as never);
    renderRouted(() => <Live side="observer" />);
    expect(await screen.findByText(MSG.rubricsBeforeClass(future))).toBeTruthy(); // said up front
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getAllByText(MSG.rubricsBeforeClass(future)).length).toBeGreaterThan(1)); // and as a toast
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await new Promise((r) => setTimeout(r, 200));
    expect(await db.outbox.count()).toBe(0);
  });

  it('faculty never see the observer score; after submitting they cannot score again', async () => {
    await setMeta(db, META.userId, FACULTY.id);
    // The faculty replica as the server builds it: observer numbers are null.
    await db.observations.put(withInformed({ facultyScore: 40, rubrics: rubricRows(null, 2) }) as never);
    renderRouted(() => <Live side="faculty" />);
    const scores = await screen.findByLabelText('Scores');
    expect(within(scores).queryByText('Observer score')).toBeNull();
    expect(within(scores).getByText('40.0 / 80.0')).toBeTruthy();
    expect(screen.getByText(MSG.alreadyScored)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
    // The faculty's own choice shows as checked.
    const first = within(group('1-A')).getAllByRole('radiogroup')[0];
    expect((within(first).getByRole('radio', { name: '2 Developing' }) as HTMLInputElement).checked).toBe(true);
  });

  it('uninformed: the observer starts it only after the informed observation is Completed', async () => {
    await setMeta(db, META.userId, OBSERVER.id);
    const obs = withInformed({ status: 'Completed', observerScore: 60, facultyScore: 40 });
    renderRouted(() => <RubricScreen obs={obs} kind="uninformed" side="observer" />);
    expect(await screen.findByRole('button', { name: 'Start Uninformed Observation' })).toBeTruthy();
    cleanup();
    const open = withInformed();
    renderRouted(() => <RubricScreen obs={open} kind="uninformed" side="observer" />);
    expect(await screen.findByText(MSG.informedNotCompleted)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start Uninformed Observation' })).toBeNull();
  });
});
