// @vitest-environment jsdom
/**
 * The certification and severity pages against the real server: the HOD sees each observer of the department
 * calibrated until when, expired (on which day) or never calibrated on the version, with the version's thresholds,
 * which its editor changes (a field left empty is named; the server's answer shows); an observer with fewer than 10 locked observations gets
 * the server's "too few" answer instead of figures; observers and faculty are refused on both pages, and the menu
 * offers the certification page to HOD, Admin and Super_Admin only.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { renderWithMantine } from '../render.js';
import { renderRouted } from '../observations/render-routed.js';
import { DuePage } from '../../../src/client/features/calibration/due-page.js';
import { SeverityPage } from '../../../src/client/features/calibration/severity-page.js';
import { setApiBase } from '../../../src/client/api/http.js';
import { getDb } from '../../../src/client/sync/index.js';
import { useSessionStore, type SessionUser } from '../../../src/client/stores/session.js';
import { and, eq } from 'drizzle-orm';
import { calibrationCertifications } from '../../../src/server/db/schema.js';
import { MSG } from '../../../src/shared/messages.js';
import { menuFor } from '../../../src/shared/permissions.js';
import { ROLES } from '../../../src/shared/enums.js';
import { resultsWorld, type ResultsWorld } from './results-world.js';

let w: ResultsWorld;
let department: { id: number; name: string };

async function signIn(who: string) {
  const u = (await w.t.loginUser(who)) as unknown as SessionUser;
  useSessionStore.getState().signIn(u);
  return { id: u.id, role: u.role, departmentId: u.department?.id ?? null };
}

beforeAll(async () => {
  w = await resultsWorld();
  department = w.hod.department as { id: number; name: string };
  // The replica holds the version (as the HOD's pull would): its name on the page, and who may edit its thresholds.
  const doc = (await w.t.get(`/api/rubrics/versions/${w.version.id}`, w.hod.token)).json() as { id: string };
  await getDb().rubricVersions.put(doc as never);
}, 120_000);
afterAll(async () => {
  useSessionStore.getState().signOut();
  await w.close();
});
beforeEach(() => {
  cleanup();
  setApiBase(w.base);
});

const dueRow = (name: string) => screen.getAllByRole('row').find((r) => within(r).queryAllByRole('cell')[0]?.textContent === name)!;

describe('observer certification page', { timeout: 30_000 }, () => {
  it('shows the HOD who is calibrated on the version, and lets its editor change the thresholds', async () => {
    const viewer = await signIn('hod');
    renderRouted(() => <DuePage viewer={viewer} departments={[department]} />);
    // The version of the session: the default choice would be the department's current one, so pick it.
    await screen.findByRole('table', { name: /^Observers and their calibration on/ }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('combobox', { name: 'Rubric version' }));
    fireEvent.click(await screen.findByRole('option', { name: /version 1$/, hidden: true }));
    await screen.findByRole('table', { name: /^Observers and their calibration on Calibration rubric/ }, { timeout: 10_000 });
    // Certified by the closed session (adjacent 100 %, exact ≥ 50 %): observer, observer2; the third is not.
    await expect.poll(() => within(dueRow(w.observers[0].name)).queryByText('Calibrated')).toBeTruthy();
    expect(within(dueRow(w.observers[1].name)).getByText('Calibrated')).toBeTruthy();
    expect(within(dueRow(w.observers[1].name)).getAllByRole('cell')[2].textContent).toMatch(/\d{4}/);
    expect(within(dueRow(w.observers[2].name)).getByText('Never calibrated')).toBeTruthy();
    expect(within(dueRow(w.observers[2].name)).getAllByRole('cell')[2].textContent).toBe('—');
    expect(within(dueRow(w.observers[2].name)).getByRole('link', { name: `Severity and drift of ${w.observers[2].name}` })).toBeTruthy();

    const adjacent = await screen.findByRole('textbox', { name: /Adjacent agreement \(%\)/ });
    expect((adjacent as HTMLInputElement).value).toBe('80');
    fireEvent.change(adjacent, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(await screen.findByText('Adjacent agreement: enter a percentage')).toBeTruthy();
    fireEvent.change(adjacent, { target: { value: '90' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(await screen.findByText('Thresholds saved')).toBeTruthy();
    const saved = (await w.t.get(`/api/calibration/thresholds/${w.version.id}`, w.hod.token)).json() as { adjacentPct: number; custom: boolean };
    expect(saved).toMatchObject({ adjacentPct: 90, custom: true });
  });

  it('tells an expired certification, with the day it ended, apart from never calibrated', async () => {
    // The second observer's certification on the version ended on 12 March 2026, as an old session's would have.
    await w.t.db
      .update(calibrationCertifications)
      .set({ validUntil: new Date('2026-03-12T12:00:00Z') })
      .where(and(eq(calibrationCertifications.userId, w.observers[1].id), eq(calibrationCertifications.rubricVersionId, w.version.id)));
    const viewer = await signIn('hod');
    renderRouted(() => <DuePage viewer={viewer} departments={[department]} />);
    await screen.findByRole('table', { name: /^Observers and their calibration on/ }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('combobox', { name: 'Rubric version' }));
    fireEvent.click(await screen.findByRole('option', { name: /version 1$/, hidden: true }));
    await expect.poll(() => dueRow(w.observers[1].name) && within(dueRow(w.observers[1].name)).queryByText(/^Expired on /)?.textContent).toMatch(/^Expired on (Mar 12, 2026|12 Mar 2026)$/);
    // Not calibrated any more: no "calibrated until" day; the first still is; the third never was.
    expect(within(dueRow(w.observers[1].name)).getAllByRole('cell')[2].textContent).toBe('—');
    expect(within(dueRow(w.observers[0].name)).getByText('Calibrated')).toBeTruthy();
    expect(within(dueRow(w.observers[2].name)).getByText('Never calibrated')).toBeTruthy();
  });

  it('shows Admin the thresholds read-only for a department’s rubric (its editor is the HOD)', async () => {
    const viewer = await signIn('admin');
    renderRouted(() => <DuePage viewer={viewer} departments={[department]} />);
    await screen.findByRole('table', { name: /^Observers and their calibration on/ }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('combobox', { name: 'Rubric version' }));
    fireEvent.click(await screen.findByRole('option', { name: /version 1$/, hidden: true }));
    expect((await screen.findByTestId('thresholds-read', undefined, { timeout: 10_000 })).textContent).toMatch(/Adjacent agreement ≥ \d+ %/);
    expect(screen.queryByRole('button', { name: 'Save thresholds' })).toBeNull();
  });

  it('refuses observers and faculty, and offers its menu entry to HOD, Admin and Super_Admin only', async () => {
    for (const who of ['observer', 'faculty']) {
      cleanup();
      const viewer = await signIn(who);
      renderRouted(() => <DuePage viewer={viewer} departments={[department]} />);
      expect(await screen.findByText('Who is due cannot be shown', undefined, { timeout: 10_000 })).toBeTruthy();
      expect(screen.getByText(MSG.forbidden)).toBeTruthy();
    }
    const offered = ROLES.filter((r) => menuFor(r).some((g) => (g.children ?? [g]).some((l) => l.to === '/calibration/due')));
    expect(offered.sort()).toEqual(['Admin', 'Head_of_Department', 'Super_Admin']);
  });
});

describe('severity and drift page', { timeout: 30_000 }, () => {
  it('gives the server’s "fewer than 10 locked observations" answer instead of figures', async () => {
    await signIn('hod');
    renderWithMantine(<SeverityPage observerId={w.observers[2].id} versionId={w.version.id} observerName={w.observers[2].name} />);
    const answer = await screen.findByTestId('severity-too-few', undefined, { timeout: 10_000 });
    expect(answer.textContent).toBe(`Not available: ${w.observers[2].name} has 0 locked observation(s) on this version; a severity needs at least 10.`);
    expect(screen.getByText('No locked observation of this observer has both sides scored yet.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/);
  });

  it('is refused to the observer themself', async () => {
    await signIn('observer');
    renderWithMantine(<SeverityPage observerId={w.observers[0].id} versionId={w.version.id} />);
    expect(await screen.findByText('Severity and drift cannot be shown', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(MSG.forbidden)).toBeTruthy();
  });
});
