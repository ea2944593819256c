// @vitest-environment jsdom
/**
 * The results / conversation page against the real server: a participant sees per item the distribution with the
 * reference, its rationale and their own score marked (table = the chart's text alternative), their own row as
 * "You" and the others anonymous, and whether they are certified; the organiser sees every row, anonymous; a
 * degenerate session shows each figure's stated reason, never NaN; an open session says it is not closed yet
 * with its deadline; a failure says why.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { renderWithMantine } from '../render.js';
import { ResultsPage } from '../../../src/client/features/calibration/results-page.js';
import { setApiBase } from '../../../src/client/api/http.js';
import { useSessionStore, type SessionUser } from '../../../src/client/stores/session.js';
import { MSG } from '../../../src/shared/messages.js';
import { deadServer, resultsWorld, type ResultsWorld } from './results-world.js';

let w: ResultsWorld;
let dead: Awaited<ReturnType<typeof deadServer>>;

const signIn = async (who: string) => useSessionStore.getState().signIn((await w.t.loginUser(who)) as unknown as SessionUser);

beforeAll(async () => {
  w = await resultsWorld();
  dead = await deadServer();
}, 120_000);
afterAll(async () => {
  useSessionStore.getState().signOut();
  await dead.close();
  await w.close();
});
beforeEach(() => {
  cleanup();
  setApiBase(w.base);
});

describe('calibration results page', { timeout: 30_000 }, () => {
  it('shows a participant the distribution, the reference with its rationale and their own position', async () => {
    await signIn('observer2');
    renderWithMantine(<ResultsPage sessionId={w.closed} />);
    const a1 = await screen.findByRole('region', { name: 'A1 Item A1' }, { timeout: 10_000 });
    // Levels 1–4: observer (3), observer2 (2, the reader), the third (1); the expert said 3.
    const rows = within(within(a1).getByRole('table')).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['1 Level 11', '2 Level 21Your score', '3 Level 31Reference', '4 Level 40']);
    expect(within(a1).getByText('Because of A1')).toBeTruthy();
    expect(within(a1).getByText('Reference: 3 Level 3')).toBeTruthy();
    expect(within(a1).getByText('You: 2 Level 2')).toBeTruthy();
    expect((await within(a1).findByRole('figure', undefined, { timeout: 10_000 })).getAttribute('aria-label')).toMatch(/reference 3 Level 3, yours 2 Level 2/);

    const agreement = screen.getByRole('region', { name: 'Agreement with the reference' });
    const labels = within(agreement).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0].textContent);
    // Numbered in an order that says nothing (user ids), the reader's own row counted too.
    expect(labels.filter((l) => l === 'You')).toHaveLength(1);
    expect(labels.filter((l) => /^Participant [1-3]$/.test(l ?? ''))).toHaveLength(2);
    const mine = within(agreement).getAllByRole('row').find((r) => r.textContent?.startsWith('You'))!;
    expect(mine.textContent).toContain('50.0 %');
    expect(mine.textContent).toContain('100.0 %');
    expect(within(mine).getByText('Certified')).toBeTruthy();
    expect(screen.getByTestId('my-certification').textContent).toContain('You are certified on this version');
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/);
  });

  it('shows a participant who missed the thresholds why, and the organiser every row anonymously', async () => {
    await signIn('hod');
    renderWithMantine(<ResultsPage sessionId={w.closed} />);
    const agreement = await screen.findByRole('region', { name: 'Agreement with the reference' }, { timeout: 10_000 });
    const rows = within(agreement).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual(['Participant 1', 'Participant 2', 'Participant 3']);
    expect(within(agreement).getAllByText('Certified')).toHaveLength(2);
    expect(within(agreement).getByText('Not certified')).toBeTruthy();
    expect(within(agreement).getByText(MSG.calibrationThresholdBelow('Adjacent agreement', 0, 80))).toBeTruthy();
    // The organiser scored nothing: no "your score" anywhere.
    expect(screen.queryByText(/^You: /)).toBeNull();
    expect(screen.queryByTestId('my-certification')).toBeNull();
  });

  it('states the reason of every figure a single participant without a reference cannot have', async () => {
    await signIn('observer');
    renderWithMantine(<ResultsPage sessionId={w.single} />);
    await screen.findByRole('region', { name: 'Agreement with the reference' }, { timeout: 10_000 });
    expect(screen.getByText(/No expert reference: each participant is compared with the median of the others/)).toBeTruthy();
    const fleiss = screen.getByRole('region', { name: 'Fleiss’ kappa (all participants)' });
    expect(within(fleiss).getByText(MSG.calibrationStat['single-participant'])).toBeTruthy();
    const icc = screen.getByRole('region', { name: 'ICC(2,1) (absolute agreement)' });
    expect(within(icc).getByText(/^Not (available|defined)/, { selector: 'p:not(:first-child)' })).toBeTruthy();
    const mine = within(screen.getByRole('region', { name: 'Agreement with the reference' })).getAllByRole('row')[1];
    // Exact, adjacent and kappa: no number, each with its reason.
    expect(within(mine).getAllByText('Not available')).toHaveLength(3);
    expect(within(mine).getAllByText(MSG.calibrationStat['single-participant'])).toHaveLength(3);
    expect(within(mine).getByText('No expert reference: certifies nobody')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/);
  });

  it('says an open session is not closed yet, with its deadline', async () => {
    await signIn('observer');
    renderWithMantine(<ResultsPage sessionId={w.open} />);
    const alert = await screen.findByTestId('results-not-closed', undefined, { timeout: 10_000 });
    expect(alert.textContent).toContain('Not closed yet');
    expect(alert.textContent).toContain('0 of 3 participant(s) have submitted');
    expect(alert.textContent).toMatch(/deadline, .*\d/);
  });

  it('says why when the results cannot be read', async () => {
    await signIn('faculty');
    renderWithMantine(<ResultsPage sessionId={w.closed} />);
    expect(await screen.findByText('The results cannot be shown', undefined, { timeout: 10_000 })).toBeTruthy();
    cleanup();
    setApiBase(dead.base);
    renderWithMantine(<ResultsPage sessionId={w.closed} />);
    expect(await screen.findByText(MSG.serverNotResponding, undefined, { timeout: 20_000 })).toBeTruthy();
  });
});
