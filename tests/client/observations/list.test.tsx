// @vitest-environment jsdom
/**
 * The observation list on a fake-indexeddb replica: the page query (newest first, 10 a page, filters by status
 * and semester), the HOD's filter toggle that really filters, role-dependent columns, long-month US dates,
 * keyboard-openable rows and the empty state.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Observation } from '../../../src/shared/contract/observations.js';
import { MSG } from '../../../src/shared/messages.js';
import { getDb } from '../../../src/client/sync/index.js';
import { ObservationTable } from '../../../src/client/features/observations/observation-table.js';
import { matchesFilters, prefetchFirstPage, queryObservationPage, takePrefetchedFirstPage } from '../../../src/client/features/observations/observation-query.js';
import { META, setMeta } from '../../../src/client/sync/meta.js';
import { COURSE, observation } from './fixtures.js';
import { renderRouted } from './render-routed.js';

const db = getDb();
const STATUSES = ['Pending', 'Ongoing', 'Completed'] as const;
const SEMESTERS = ['Spring', 'Summer', 'Fall'] as const;

/** 25 observations; #i has status STATUSES[i % 3], semester Fall when i % 3 === 0 else Spring (even i) / Summer (odd i). */
function seed(): Observation[] {
  return Array.from({ length: 25 }, (_, i) => {
    const id = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    return observation({
      id,
      status: STATUSES[i % 3],
      observationStatus: STATUSES[i % 3],
      semester: SEMESTERS[i % 3 === 0 ? 2 : i % 2],
      course: { ...COURSE, courseCode: `CSC-${100 + i}` },
      starting: '2026-11-22T10:00:00.000Z',
      createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    });
  });
}

beforeEach(async () => {
  await db.observations.clear();
});
afterEach(cleanup);

describe('the first page prefetched by the list route', () => {
  /** Prefetch for `viewer`, let the read finish, take as `taker`. */
  async function prefetchAndTake(viewer: string, taker: string) {
    prefetchFirstPage(db, 10, viewer);
    await new Promise((r) => setTimeout(r, 50));
    return takePrefetchedFirstPage(db, 10, taker);
  }

  it('is shown to the viewer it was read for, once', async () => {
    await db.observations.bulkPut(seed() as never[]);
    await setMeta(db, META.userId, 'user-a');
    const page = await prefetchAndTake('user-a', 'user-a');
    expect(page?.total).toBe(25);
    expect(page?.rows).toHaveLength(10);
    expect(takePrefetchedFirstPage(db, 10, 'user-a')).toBeUndefined();
  });

  it("never shows one user's rows to another: taken by someone else, or read while the replica was someone else's", async () => {
    await db.observations.bulkPut(seed() as never[]);
    await setMeta(db, META.userId, 'user-a');
    expect(await prefetchAndTake('user-a', 'user-b')).toBeUndefined();
    // user-b signed in; the replica still holds user-a's rows until it is reset.
    expect(await prefetchAndTake('user-b', 'user-b')).toBeUndefined();
    expect(await prefetchAndTake('user-a', 'user-a')).toBeDefined();
  });
});

describe('observation page query', () => {
  it('pages newest first and filters by status and semester', async () => {
    const all = seed();
    await db.observations.bulkPut(all as never[]);
    const first = await queryObservationPage(db, { statuses: [], semesters: [] }, 1, 10);
    expect(first.total).toBe(25);
    expect(first.rows.map((r) => r.course?.courseCode)).toEqual(Array.from({ length: 10 }, (_, k) => `CSC-${124 - k}`));
    const third = await queryObservationPage(db, { statuses: [], semesters: [] }, 3, 10);
    expect(third.rows).toHaveLength(5);

    const f = { statuses: ['Completed'], semesters: ['Fall'] };
    const filtered = await queryObservationPage(db, f, 1, 10);
    const expected = all.filter((o) => matchesFilters(o, f));
    expect(filtered.total).toBe(expected.length);
    expect(filtered.rows.every((r) => r.status === 'Completed' && r.semester === 'Fall')).toBe(true);

    // Index ranges per (status, semester), merged newest first: the same pages as filtering the whole list.
    const byDate = [...all].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1));
    for (const g of [{ statuses: ['Pending', 'Ongoing'], semesters: [] }, { statuses: [], semesters: ['Spring', 'Fall'] }, { statuses: ['Ongoing'], semesters: ['Summer', 'Spring'] }]) {
      const want = byDate.filter((o) => matchesFilters(o, g)).map((o) => o.id);
      const p1 = await queryObservationPage(db, g, 1, 4);
      const p2 = await queryObservationPage(db, g, 2, 4);
      expect(p1.total).toBe(want.length);
      expect([...p1.rows, ...p2.rows].map((r) => r.id)).toEqual(want.slice(0, 8));
    }
  });
});

describe('observation table', () => {
  it('shows the empty state', async () => {
    renderRouted(() => <ObservationTable role="Observer" />);
    expect(await screen.findByText(MSG.noObservations)).toBeTruthy();
  });

  it('HOD: filter toggle with status and semester chips that really filter; dates in long-month format', async () => {
    await db.observations.bulkPut(seed() as never[]);
    renderRouted(() => <ObservationTable role="Head_of_Department" />);
    expect(await screen.findByText('25 observation(s)')).toBeTruthy();
    expect(screen.getAllByText('November 22, 2026').length).toBeGreaterThan(0);
    const table = screen.getByRole('table', { name: 'Observations' });
    expect(within(table).getAllByRole('link')).toHaveLength(10);

    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const status = await screen.findByRole('group', { name: 'Status filter' });
    fireEvent.click(within(status).getByRole('checkbox', { name: 'Completed' }));
    await waitFor(() => expect(screen.getByText('8 observation(s)')).toBeTruthy());
    expect(within(screen.getByRole('table', { name: 'Observations' })).queryAllByText('Pending')).toHaveLength(0);

    const semester = screen.getByRole('group', { name: 'Semester filter' });
    expect(within(semester).getByRole('checkbox', { name: 'Summer' })).toBeTruthy();
    fireEvent.click(within(semester).getByRole('checkbox', { name: 'Spring' }));
    // Completed rows are #2, #5, … (i % 3 === 2): Spring when i is even → 4 of them.
    await waitFor(() => expect(screen.getByText('4 observation(s)')).toBeTruthy());
    fireEvent.click(within(semester).getByRole('checkbox', { name: 'Spring' }));
    fireEvent.click(within(semester).getByRole('checkbox', { name: 'Fall' }));
    // Fall rows are i % 3 === 0: never Completed.
    expect(await screen.findByText(MSG.noObservations)).toBeTruthy();
  });

  it('hides the Faculty column for Faculty and the Observer column for Observer; no filters for them', async () => {
    await db.observations.bulkPut(seed().slice(0, 3) as never[]);
    renderRouted(() => <ObservationTable role="Faculty" />);
    const t1 = await screen.findByRole('table', { name: 'Observations' });
    expect(within(t1).queryByRole('columnheader', { name: 'Faculty' })).toBeNull();
    expect(within(t1).getByRole('columnheader', { name: 'Observer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Filters' })).toBeNull();
    cleanup();
    renderRouted(() => <ObservationTable role="Observer" />);
    const t2 = await screen.findByRole('table', { name: 'Observations' });
    expect(within(t2).queryByRole('columnheader', { name: 'Observer' })).toBeNull();
    expect(within(t2).getByRole('columnheader', { name: 'Faculty' })).toBeTruthy();
  });

  it('a row opens the detail page with Enter', async () => {
    const [one] = seed();
    await db.observations.put(one as never);
    const { router } = renderRouted(() => <ObservationTable role="Super_Admin" />);
    const row = await screen.findByRole('link', { name: /Open observation CSC-100/ });
    expect(row.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(row, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/observations/detail-observation/${one.id}`));
  });
});
