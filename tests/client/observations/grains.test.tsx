// @vitest-environment jsdom
/**
 * Grains on the device: an observation held only as a summary cannot be shown offline — the page
 * says it has not been downloaded (not an empty page, not "not found"); a whole copy shows; pinning keeps the
 * whole copy and "Remove from this device" shrinks it back to its summary and asks the server again.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';

// The device is offline from the start (the engine's status reads navigator.onLine when it is built).
vi.hoisted(() => Object.defineProperty(globalThis.navigator, 'onLine', { configurable: true, get: () => false }));

import { ObservationSummary } from '../../../src/shared/contract/observation-summary.js';
import { getDb } from '../../../src/client/sync/index.js';
import { getMeta, META } from '../../../src/client/sync/meta.js';
import { getPins, pinObservation, unpinObservation } from '../../../src/client/sync/pins.js';
import { useObservation } from '../../../src/client/features/observations/use-observation.js';
import { ObservationLoading, ObservationNotFound } from '../../../src/client/features/observations/observation-state.js';
import { renderRouted } from './render-routed.js';
import { OBS_ID, observation } from './fixtures.js';

const db = getDb();
beforeEach(async () => {
  await Promise.all([db.observations.clear(), db.meta.clear()]);
});
afterEach(cleanup);

function summaryOf(): Record<string, unknown> {
  return { ...ObservationSummary.parse({ ...observation(), grain: 'summary' }), id: OBS_ID };
}

function Page() {
  const obs = useObservation(OBS_ID);
  return obs === undefined ? <ObservationLoading /> : obs === null ? <ObservationNotFound id={OBS_ID} /> : <p>Course semester {obs.semester}</p>;
}

describe('observation grains on the device', () => {
  it('offline, a summary-only observation says it has not been downloaded', async () => {
    await db.observations.put(summaryOf() as never);
    renderRouted(() => <Page />);
    expect(await screen.findByText('This observation has not been downloaded to this device.')).toBeTruthy();
    expect(screen.getByText('Not downloaded')).toBeTruthy();
    expect(screen.queryByText(/does not exist/)).toBeNull();
  });

  it('an unknown id still says not found; a whole copy shows', async () => {
    renderRouted(() => <Page />);
    expect(await screen.findByText(/does not exist or is not visible/)).toBeTruthy();
    cleanup();
    await db.observations.put({ ...observation(), grain: 'full' } as never);
    renderRouted(() => <Page />);
    expect(await screen.findByText('Course semester Fall')).toBeTruthy();
  });

  it('pinning keeps the whole copy; removing it from the device leaves the summary and asks the server again', async () => {
    await db.observations.put(summaryOf() as never);
    await pinObservation(db, { ...observation(), version: 2 } as never);
    expect(await getPins(db)).toEqual([OBS_ID]);
    expect((await db.observations.get(OBS_ID))?.grain).toBe('full');
    expect((await db.observations.get(OBS_ID))?.meetings).toBeDefined();

    await unpinObservation(db, OBS_ID);
    expect(await getPins(db)).toEqual([]);
    const left = await db.observations.get(OBS_ID);
    expect(left?.grain).toBe('summary');
    expect(left).not.toHaveProperty('meetings');
    expect(await getMeta(db, META.refetch)).toEqual([`observations:${OBS_ID}`]);
  });
});
