// @vitest-environment jsdom
/**
 * Growth goals on a fake-indexeddb replica through the real outbox (src/client/features/goals): the observer adds
 * a goal at the meeting — every field checked with the shared contract before it is queued, then shown at once
 * (offline) — and edits and removes it; nothing is offered before the meeting or after completion; a carried goal
 * is reviewed (met, partly, not yet) and the review queued; who may not agree goals sees them read-only.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Observation } from '../../../src/shared/contract/observations.js';
import type { CarriedGoal } from '../../../src/shared/contract/growth-goals.js';
import { getDb } from '../../../src/client/sync/index.js';
import { META, setMeta } from '../../../src/client/sync/meta.js';
import { GoalsCard } from '../../../src/client/features/goals/goals-card.js';
import { CarriedGoalsCard } from '../../../src/client/features/goals/carried-goals-card.js';
import { FACULTY, HOD, meeting, OBS_ID, OBSERVER, scheduling } from './fixtures.js';
import { renderRouted } from './render-routed.js';

const db = getDb();
const ITEM_A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const ITEM_B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const rubrics = [
  { id: ITEM_A, code: '1-A', title: 'Clear objectives', observerScore: 3, facultyScore: 4 },
  { id: ITEM_B, code: '1-B', title: 'Checks understanding', observerScore: 2, facultyScore: 3 },
];

function cycle(over: Partial<Observation> = {}, withMeeting = true): Observation {
  const done = { status: 'Completed', rubrics };
  return scheduling(
    { status: 'Completed' },
    {
      meetings: {
        informedObservation: meeting('55555555-5555-4555-8555-555555555555', done),
        uninformedObservation: meeting('66666666-6666-4666-8666-666666666666', done),
        postObservation: withMeeting
          ? { id: 'p1', status: 'Scheduled', location: 'Room C-204', scheduledOn: null, timeSlotsByObserver: [], timeSlotByFaculty: null, artifacts: [], reflectionPlan: null, observationsId: OBS_ID }
          : null,
      },
      ...over,
    },
  );
}

function Live({ viewerId, carried = false }: { viewerId: string; carried?: boolean }) {
  const obs = useLiveQuery(() => db.observations.get(OBS_ID)) as Observation | undefined;
  if (!obs) return null;
  const viewer = { id: viewerId, role: viewerId === HOD.id ? 'Head_of_Department' : viewerId === OBSERVER.id ? 'Observer' : 'Faculty', departmentId: 1 };
  return carried ? <CarriedGoalsCard obs={obs} viewer={viewer} reviewable /> : <GoalsCard obs={obs} viewer={viewer} />;
}

async function pick(el: HTMLElement, option: string) {
  fireEvent.click(el);
  const list = await waitFor(() => document.getElementById(el.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

beforeEach(async () => {
  await Promise.all([db.observations.clear(), db.outbox.clear(), db.meta.clear()]);
});
afterEach(() => {
  cleanup();
  notifications.clean();
});

describe('growth goals at the meeting', { timeout: 20_000 }, () => {
  it('the observer adds a goal: fields named when missing, then queued and shown at once; edited; removed', async () => {
    await setMeta(db, META.userId, OBSERVER.id);
    await db.observations.put(cycle() as never);
    renderRouted(() => <Live viewerId={OBSERVER.id} />);
    expect(await screen.findByText('No goals agreed yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add a goal' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save goal' }));
    expect(await screen.findByText('describe the goal.')).toBeTruthy();
    expect(screen.getByText('tie the goal to at least one rubric item.')).toBeTruthy();
    expect(screen.getByText(/choose the day the goal should be reached/)).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);

    fireEvent.change(screen.getByLabelText(/^Goal/), { target: { value: 'Check understanding before moving on' } });
    await pick(screen.getByRole('combobox', { name: /Rubric items/ }), '1-B Checks understanding');
    fireEvent.change(screen.getByLabelText(/^Actions/), { target: { value: 'An exit ticket every class.' } });
    fireEvent.change(screen.getByLabelText(/^Target date/), { target: { value: '2027-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save goal' }));
    const shown = await screen.findByRole('article', { name: 'Check understanding before moving on' });
    expect(within(shown).getByText('1-B')).toBeTruthy();
    expect(within(shown).getByText('Target: March 1, 2027')).toBeTruthy();
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ name: 'goal.save', args: { observationsId: OBS_ID, rubricItemIds: [ITEM_B], targetDate: '2027-03-01', actions: 'An exit ticket every class.' } });

    fireEvent.click(within(shown).getByRole('button', { name: /^Edit goal/ }));
    fireEvent.change(screen.getByLabelText(/^Goal/), { target: { value: 'Check understanding every ten minutes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save goal' }));
    expect(await screen.findByRole('article', { name: 'Check understanding every ten minutes' })).toBeTruthy();
    const goals = ((await db.observations.get(OBS_ID)) as unknown as Observation).goals;
    expect(goals).toHaveLength(1);
    expect(goals[0].id).toBe((row.args as { id: string }).id);

    fireEvent.click(screen.getByRole('button', { name: /^Remove goal/ }));
    expect(await screen.findByText('No goals agreed yet.')).toBeTruthy();
    expect((await db.outbox.toArray()).map((r) => r.name)).toEqual(['goal.save', 'goal.save', 'goal.delete']);
  });

  it('offers nothing before the meeting, after completion, or to the HOD; agreed goals stay readable', async () => {
    await db.observations.put(cycle({}, false) as never);
    renderRouted(() => <Live viewerId={OBSERVER.id} />);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add a goal' })).toBeNull());
    expect(screen.queryByText('Growth goals')).toBeNull();
    cleanup();

    const goal = { id: '99999999-9999-4999-8999-999999999999', observationId: OBS_ID, rubricItemIds: [ITEM_A], goal: 'Share the objectives', actions: '', targetDate: '2027-01-15', createdBy: OBSERVER.id, createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z' };
    await db.observations.put(cycle({ status: 'Completed', goals: [goal] }) as never);
    renderRouted(() => <Live viewerId={FACULTY.id} />);
    expect(await screen.findByRole('article', { name: 'Share the objectives' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a goal' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit goal/ })).toBeNull();
    cleanup();

    await db.observations.put(cycle({ goals: [goal] }) as never);
    renderRouted(() => <Live viewerId={HOD.id} />);
    expect(await screen.findByRole('article', { name: 'Share the objectives' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a goal' })).toBeNull();
  });
});

describe('goals carried from an earlier cycle', { timeout: 20_000 }, () => {
  it('the faculty member reviews a carried goal at the meeting: the review is queued and shown at once', async () => {
    await setMeta(db, META.userId, FACULTY.id);
    const carried: CarriedGoal = {
      id: '12121212-1212-4212-8212-121212121212', observationId: '13131313-1313-4313-8313-131313131313', rubricItemIds: [ITEM_A], goal: 'Vary the questions', actions: 'Plan three question types.',
      targetDate: '2026-10-01', createdBy: OBSERVER.id, createdAt: '2026-05-01T10:00:00.000Z', updatedAt: '2026-05-01T10:00:00.000Z',
      agreedIn: { semester: 'Spring', ending: '2026-05-02T10:00:00.000Z' }, review: null, earlierReview: null,
    };
    await db.observations.put(cycle({ carriedGoals: [carried] }) as never);
    renderRouted(() => <Live viewerId={FACULTY.id} carried />);
    const card = await screen.findByRole('article', { name: 'Vary the questions' });
    expect(within(card).getByText('Agreed in Spring')).toBeTruthy();
    fireEvent.click(within(card).getByText('Partly met'));
    fireEvent.change(within(card).getByLabelText('Review note'), { target: { value: 'Two types so far.' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save review' }));
    expect(await within(card).findByRole('button', { name: 'Update review' })).toBeTruthy();
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ name: 'goal.review', args: { observationsId: OBS_ID, goalId: carried.id, status: 'partly', note: 'Two types so far.' } });
    const stored = ((await db.observations.get(OBS_ID)) as unknown as Observation).carriedGoals[0];
    expect(stored.review).toMatchObject({ status: 'partly', note: 'Two types so far.' });
  });
});
