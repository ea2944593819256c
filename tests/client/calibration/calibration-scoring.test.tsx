// @vitest-environment jsdom
/**
 * The calibration scoring page on a fake-indexeddb replica through the real outbox and the real optimistic applies
 * (src/client/sync/apply/calibration.ts): a group is saved whole (an incomplete one is refused at its items),
 * Submit needs every group and a confirmation and then makes everything read-only, a note is queued with its
 * offset and listed with its time, and the organiser sees who submitted but no score control.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import type { CalibrationSession } from '../../../src/shared/contract/calibration.js';
import { getDb } from '../../../src/client/sync/index.js';
import { META, setMeta } from '../../../src/client/sync/meta.js';
import { CalibrationSessionPage } from '../../../src/client/features/calibration/calibration-session-page.js';
import { renderRouted } from '../observations/render-routed.js';
import { A1, A2, B1, session, SESSION_ID, VERSION } from './fixtures.js';

const db = getDb();
const stored = async () => (await db.calibrationSessions.get(SESSION_ID)) as unknown as CalibrationSession;
const outbox = async () => (await db.outbox.orderBy('seq').toArray()).map((r) => ({ name: r.name, args: r.args }));
const group = (code: string) => screen.getByRole('region', { name: new RegExp(`^${code} `) });
const tap = (code: string, item: number, level: number) =>
  fireEvent.click(within(within(group(code)).getAllByRole('radiogroup')[item]!).getByRole('radio', { name: new RegExp(`^${level} `) }));

beforeEach(async () => {
  await Promise.all([db.calibrationSessions.clear(), db.rubricVersions.clear(), db.outbox.clear(), db.meta.clear()]);
  await setMeta(db, META.userId, 'ca1b0000-0000-4000-8000-000000000111');
  await db.rubricVersions.put(VERSION as never);
});
afterEach(() => {
  cleanup();
  notifications.clean();
});

describe('scoring a calibration session', () => {
  it('saves a group whole through the outbox; an incomplete group is refused at its items', async () => {
    await db.calibrationSessions.put(session() as never);
    renderRouted(() => <CalibrationSessionPage sessionId={SESSION_ID} />);
    await screen.findByRole('region', { name: /^A Planning/ });
    tap('A', 0, 2);
    fireEvent.click(screen.getByRole('button', { name: 'Save A Planning' }));
    expect(within(group('A')).getByRole('alert').textContent).toBe('1 of 2 items still need a score.');
    expect(within(group('A')).getByText('Choose a score for this item')).toBeTruthy();
    expect(await outbox()).toEqual([]);

    tap('A', 1, 3);
    expect(within(group('A')).queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save A Planning' }));
    await waitFor(async () => expect(await outbox()).toEqual([{ name: 'calibration.saveScores', args: { sessionId: SESSION_ID, scores: [{ id: A1, score: 2 }, { id: A2, score: 3 }] } }]));
    // The optimistic apply wrote the scores into the replicated session: the group shows saved.
    expect((await stored()).mine!.scores).toEqual({ [A1]: 2, [A2]: 3 });
    await waitFor(() => expect(within(group('A')).getByTestId('group-state').textContent).toBe('Saved'));
    expect(within(group('B')).getByTestId('group-state').textContent).toBe('Not scored yet');
  });

  it('submits after a confirmation with every group; then it is read-only', async () => {
    await db.calibrationSessions.put(session({ mine: { scores: { [A1]: 1, [A2]: 1 }, submittedAt: null, notes: [] } }) as never);
    renderRouted(() => <CalibrationSessionPage sessionId={SESSION_ID} />);
    await screen.findByRole('region', { name: /^B Delivery/ });
    expect(within(group('A')).getByTestId('group-state').textContent).toBe('Saved');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(within(group('B')).getByRole('alert').textContent).toBe('Not complete: 1 of 1 items still need a score.');
    expect(screen.queryByRole('dialog')).toBeNull();

    tap('B', 0, 3);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit your calibration scores?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(async () => expect(await outbox()).toEqual([{ name: 'calibration.submit', args: { sessionId: SESSION_ID, scores: [{ id: B1, score: 3 }] } }]));
    const doc = await stored();
    expect(doc.mine!.submittedAt).toEqual(expect.any(String));
    expect(doc.mine!.scores).toEqual({ [A1]: 1, [A2]: 1, [B1]: 3 });
    expect(doc.participants.submitted).toBe(1);
    expect(await screen.findByText(/Your scores are submitted and can no longer change/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Save / })).toBeNull();
    for (const rg of screen.getAllByRole('radiogroup')) expect(rg.getAttribute('aria-readonly')).toBe('true');
  });

  it('queues a timestamped note and lists it with its time', async () => {
    await db.calibrationSessions.put(session() as never);
    renderRouted(() => <CalibrationSessionPage sessionId={SESSION_ID} />);
    const add = await screen.findByRole('button', { name: 'Add note' });
    fireEvent.click(add);
    expect(await screen.findByText('Note: write the note first')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Evidence note/ }), { target: { value: 'Wait time after questions is short' } });
    fireEvent.click(add);
    await waitFor(async () => {
      const rows = await outbox();
      expect(rows).toEqual([{ name: 'calibration.note', args: { sessionId: SESSION_ID, id: expect.any(String), body: 'Wait time after questions is short', offsetSeconds: 0 } }]);
    });
    const notes = await screen.findByRole('list', { name: 'Your notes' });
    expect(notes.textContent).toBe('0:00Wait time after questions is short');
    expect((await stored()).mine!.notes).toHaveLength(1);
  });

  it('shows the organiser who submitted, no score control, and the results link once closed', async () => {
    await db.calibrationSessions.put(
      session({
        mine: null,
        status: 'closed',
        closedAt: '2026-11-27T10:00:00.000Z',
        participants: { total: 2, submitted: 2 },
        roster: [
          { userId: 'u1', name: 'Ada Observer', submitted: true },
          { userId: 'u2', name: 'Ben Observer', submitted: true },
        ],
      }) as never,
    );
    renderRouted(() => <CalibrationSessionPage sessionId={SESSION_ID} />);
    const roster = await screen.findByRole('region', { name: 'Participants' });
    expect(within(roster).getAllByRole('row').map((r) => r.textContent)).toEqual(['ObserverSubmitted', 'Ada ObserverYes', 'Ben ObserverYes']);
    expect(screen.queryAllByRole('radiogroup')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
    expect(within(roster).getByRole('link', { name: 'See the results' }).getAttribute('href')).toBe(`/calibration/${SESSION_ID}/results`);
  });
});
