/**
 * Evidence notes in a real browser, on the demo Physics observation whose informed rubric is locked (faculty.physics3):
 *  - the agreement view shows the observer's and the faculty member's scores side by side with the figures the
 *    shared pure function computes from the server's document;
 *  - in the classroom with no signal the observer starts the uninformed observation's class timer, writes two
 *    notes (one tagged to a rubric item, with a photo from the camera input) and they show at once, beside the
 *    tagged item too; back online, the notes and the photo reach the server exactly once (audit rows counted).
 */
import { computeAgreement, gapLevel } from '../../src/shared/agreement.js';
import type { Observation } from '../../src/shared/contract/observations.js';
import type { EvidenceNote, AuditEntry } from '../../src/shared/contract/evidence.js';
import { tinyPng } from './support/cycle.js';
import { DOMAIN } from './support/demo.js';
import { expect, test } from './support/fixtures.js';
import { goOffline, goOnline } from './support/network.js';
import { expectAllSynced, serviceWorkerReady, signIn, syncStatus } from './support/session.js';

test('agreement view, then evidence notes and a photo taken offline arrive exactly once', async ({ page, context, api }) => {
  test.setTimeout(180_000);
  // The staged Physics accounts (DEMO_STAGED_ACCOUNTS): no other journey touches them.
  const observer = `observer.physics@${DOMAIN}`;
  const { token } = await api.login(observer);
  const faculty = await api.login(`faculty.physics3@${DOMAIN}`);
  const list = await api.request<Observation[]>('GET', '/observations', { token });
  const obs = list.find((o) => o.facultyId === faculty.id)!;
  expect(obs.meetings.informedObservation?.status).toBe('Completed');

  await signIn(page, observer);
  await serviceWorkerReady(page);
  await page.goto(`/observations/detail-observation/${obs.id}`);
  await expectAllSynced(page, 60_000);

  // Agreement view: the figures of the shared function, rows with differences marked.
  const expected = computeAgreement(obs.meetings.informedObservation!.rubrics);
  const view = page.getByRole('region', { name: 'Agreement · Informed observation' });
  await expect(view).toBeVisible();
  await expect(view.getByTestId('exact-agreement')).toHaveText(`${expected.exactAgreementPct!.toFixed(1)}%`);
  await expect(view.getByTestId('mean-difference')).toHaveText(expected.meanAbsoluteDifference!.toFixed(2));
  await expect(view.locator('tbody tr')).toHaveCount(expected.compared);
  const differing = expected.rows.filter((r) => r.difference !== 0).length;
  await expect(view.locator('tbody tr:not([data-difference="0"])')).toHaveCount(differing);
  // Highlights follow the size of the difference (shared/agreement.ts gapLevel), never every row.
  const highlighted = expected.rows.filter((r) => gapLevel(r, expected)).length;
  await expect(view.locator('tbody tr[data-highlight]')).toHaveCount(highlighted);
  expect(highlighted).toBeLessThan(expected.compared);
  await expect(page.getByRole('region', { name: 'Audit trail' }).getByText('Locked the informed rubric')).toBeVisible();

  // Start the uninformed observation online, then lose the signal in the classroom.
  await page.goto(`/observations/uninformed-observation-rubric/${obs.id}`);
  // (Against a server that is already up, a previous run may have started it.)
  if (!obs.meetings.uninformedObservation) await page.getByRole('button', { name: 'Start Uninformed Observation' }).click();
  const panel = page.getByRole('region', { name: 'Evidence notes' });
  await expect(panel).toBeVisible({ timeout: 20_000 });
  await expectAllSynced(page, 60_000);
  await goOffline(context);

  // The class timer lives in the bar that stays at the top while scoring; notes are stamped with it.
  const bar = page.getByRole('region', { name: 'Class timer and quick note' });
  await bar.getByRole('button', { name: 'Start class timer' }).click();
  await expect(bar.getByTestId('class-timer')).not.toHaveText('0:00', { timeout: 5_000 });
  await panel.getByRole('textbox', { name: 'New note' }).fill('Students explain the pendulum period in pairs.');
  await panel.getByRole('combobox', { name: 'Rubric items' }).click();
  const firstItem = page.getByRole('option').first();
  const itemLabel = (await firstItem.textContent())!.trim();
  await firstItem.click();
  await page.keyboard.press('Escape');
  await panel.locator('input[type=file]').setInputFiles({ name: 'board.png', mimeType: 'image/png', buffer: tinyPng() });
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect(panel.getByTestId('evidence-note')).toHaveCount(1);
  await panel.getByRole('textbox', { name: 'New note' }).fill('Exit ticket: 18 of 22 correct.');
  await panel.getByLabel('Share with the faculty member (after the lock)').check();
  await panel.getByRole('button', { name: 'Add note' }).click();
  await expect(panel.getByTestId('evidence-note')).toHaveCount(2);
  await expect(panel.getByText('Waiting to sync')).toHaveCount(2);
  // The photo shows from the device's stored copy, and the tagged note beside its rubric item.
  await expect(panel.getByTestId('note-photo')).toBeVisible();
  await expect(page.getByTestId('item-notes').getByText('Students explain the pendulum period in pairs.')).toBeVisible();
  expect(itemLabel.length).toBeGreaterThan(0);
  await expect(syncStatus(page)).toHaveAccessibleName(/Offline/);
  // Nothing reached the server yet.
  expect(await api.request<EvidenceNote[]>('GET', `/observation/${obs.id}/notes`, { token })).toEqual([]);

  await goOnline(context);
  await expectAllSynced(page, 90_000);
  await expect(panel.getByText('Waiting to sync')).toHaveCount(0);

  const notes = await api.request<EvidenceNote[]>('GET', `/observation/${obs.id}/notes`, { token });
  expect(notes.map((n) => n.body).sort()).toEqual(['Exit ticket: 18 of 22 correct.', 'Students explain the pendulum period in pairs.']);
  const tagged = notes.find((n) => n.body.startsWith('Students'))!;
  expect(tagged.kind).toBe('uninformed');
  expect(tagged.rubricItemIds).toHaveLength(1);
  expect(tagged.photoURL).toBe(`/api/observation/${obs.id}/notes/${tagged.id}/photo`);
  expect(notes.find((n) => n.body.startsWith('Exit'))!.shared).toBe(true);
  const photo = await fetch(`${api.baseUrl}${tagged.photoURL}`, { headers: { authorization: `Bearer ${token}` } });
  expect(photo.status).toBe(200);
  expect(photo.headers.get('content-type')).toBe('image/png');

  // Exactly once: two creations and one photo in the audit trail, stamped with the device time.
  const trail = await api.request<AuditEntry[]>('GET', `/observation/${obs.id}/audit`, { token });
  const created = trail.filter((r) => r.action === 'note.create');
  expect(created).toHaveLength(2);
  expect(trail.filter((r) => r.action === 'note.photo')).toHaveLength(1);
  for (const r of created) expect(r.clientTime).not.toBeNull();
  // The server's photo replaces the stored copy.
  await expect(panel.getByTestId('note-photo')).toBeVisible();
});
