// @vitest-environment jsdom
/**
 * The rubric screen on another rubric version than SPEC's (docs/adr/2026-11-28-rubric-versions.md): a 1–5 scale of
 * two groups read from the replica's `rubricVersions` by the observation's `rubricVersionId` — its labels, values,
 * descriptors and group titles, totals over its maximum, a group complete on its own items — through the real
 * outbox on fake-indexeddb. Without its version on the device, such a meeting waits instead of showing SPEC levels.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Observation, RubricRow } from '../../../src/shared/contract/observations.js';
import type { RubricVersion } from '../../../src/shared/contract/rubrics.js';
import { getDb } from '../../../src/client/sync/index.js';
import { META, setMeta } from '../../../src/client/sync/meta.js';
import { RubricScreen } from '../../../src/client/features/rubrics/rubric-screen.js';
import { meeting, OBS_ID, OBSERVER, scheduling } from './fixtures.js';
import { renderRouted } from './render-routed.js';

const db = getDb();
const VERSION_ID = '7e570000-0000-4000-8000-000000000005';
const MEETING_ID = '55555555-5555-4555-8555-555555555556';
const LABELS = ['Absent', 'Emerging', 'Secure', 'Strong', 'Exemplary'];

const VERSION: RubricVersion = {
  id: VERSION_ID,
  rubricId: '7e570000-0000-4000-8000-000000000001',
  name: 'Five-level rubric',
  departmentId: 1,
  number: 2,
  status: 'published',
  scale: LABELS.map((label, i) => ({ value: i + 1, label })),
  groups: [
    {
      code: 'P',
      title: 'Planning',
      items: [
        { id: 'v5-p1', code: 'P1', title: 'Objectives are stated', guidance: 'Look at the first five minutes.', descriptors: { '5': 'Objectives are revisited at the end' } },
        { id: 'v5-p2', code: 'P2', title: 'Materials are ready', guidance: null, descriptors: {} },
      ],
    },
    { code: 'E', title: 'Engagement', items: [{ id: 'v5-e1', code: 'E1', title: 'Every student speaks', guidance: null, descriptors: {} }] },
  ],
  maximum: 15,
  publishedAt: '2026-11-20T10:00:00.000Z',
  retiredAt: null,
  version: 10,
};

/** The meeting's rows as the server writes them: the version's items (group code, item title). */
const rows = (): RubricRow[] => VERSION.groups.flatMap((g) => g.items.map((i) => ({ id: i.id, code: g.code, title: i.title, observerScore: null, facultyScore: null })));

function observation(): Observation {
  return scheduling(
    { status: 'Completed' },
    { rubricVersionId: VERSION_ID, meetings: { informedObservation: meeting(MEETING_ID, { rubrics: rows(), maximum: 15 }), uninformedObservation: null, postObservation: null } },
  );
}

function Live() {
  const obs = useLiveQuery(() => db.observations.get(OBS_ID)) as Observation | undefined;
  return obs ? <RubricScreen obs={obs} kind="informed" side="observer" /> : null;
}
const group = (name: RegExp) => screen.getByRole('region', { name });

beforeEach(async () => {
  await Promise.all([db.observations.clear(), db.outbox.clear(), db.meta.clear(), db.drafts.clear(), db.rubricVersions.clear()]);
  await setMeta(db, META.userId, OBSERVER.id);
});
afterEach(cleanup);

describe('rubric screen on a 1–5 version', () => {
  it('shows the version’s groups, levels, guidance and descriptors, totals over its maximum, and sends a group complete on its own items', async () => {
    await db.rubricVersions.put(VERSION as never);
    await db.observations.put(observation() as never);
    renderRouted(() => <Live />);

    const planning = await screen.findByRole('region', { name: /^P Planning/ });
    expect(screen.getAllByRole('region').filter((r) => r.tagName === 'SECTION').map((r) => r.getAttribute('aria-label'))).toEqual(['P Planning', 'E Engagement']);
    const [objectives, materials] = within(planning).getAllByRole('radiogroup');
    // Five levels named "value label"; SPEC's 0 is not one of them.
    expect(within(objectives).getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(LABELS.map((l, i) => `${i + 1} ${l}`));
    expect(within(objectives).queryByRole('radio', { name: /^0 / })).toBeNull();
    expect(within(planning).getByText('Look at the first five minutes.')).toBeTruthy();
    expect(screen.getByText('0.0 / 15.0')).toBeTruthy();

    // The chosen level's descriptor is shown, and read out with its radio.
    const five = within(objectives).getByRole('radio', { name: '5 Exemplary' });
    expect(document.getElementById(five.getAttribute('aria-describedby')!)?.textContent).toBe('Objectives are revisited at the end');
    fireEvent.click(five);
    expect(within(planning).getByTestId('level-descriptor').textContent).toBe('Objectives are revisited at the end');
    expect(screen.getByText('5.0 / 15.0')).toBeTruthy();
    expect(within(planning).getByTestId('group-state').textContent).toBe('Draft on this device');

    // Two items make the Planning group complete: it is queued at once with the version's values.
    fireEvent.click(within(materials).getByRole('radio', { name: '1 Absent' }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((r) => r.name)).toEqual(['rubrics.saveGroup']), { timeout: 10_000 });
    const [row] = await db.outbox.toArray();
    expect((row!.args as { rubricsFinal: unknown }).rubricsFinal).toEqual([
      { id: 'v5-p1', score: 5 },
      { id: 'v5-p2', score: 1 },
    ]);
    expect(screen.getByText('6.0 / 15.0')).toBeTruthy();
    expect(within(group(/^E Engagement/)).getByTestId('group-state').textContent).toBe('Not scored yet');
  });

  it('waits for the version rather than show SPEC’s levels when the device does not hold it yet', async () => {
    await db.observations.put(observation() as never);
    renderRouted(() => <Live />);
    expect(await screen.findByText(/Loading the rubric version/)).toBeTruthy();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    await db.rubricVersions.put(VERSION as never);
    expect(await screen.findByRole('region', { name: /^P Planning/ })).toBeTruthy();
  });
});
