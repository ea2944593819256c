/**
 * The rubric page in the classroom, in the real app against the real server, each on an
 * observation of its own (support/rubric-ready.ts):
 *   - every tap is kept on the device: three taps, a click on "Observations" (the page asks first), back again,
 *     a reload, another tab, going offline — the taps are still there; a group goes out as soon as it is complete
 *     (offline it reads "Complete — sending", online "Saved", and the server has the scores); a note being typed
 *     survives a reload;
 *   - at tablet (both orientations), phone and desktop sizes the first score item is on the first screen, and the
 *     class bar (timer, quick note tagged to the item in view) stays on screen while scoring.
 */
import type { Page } from '@playwright/test';
import { RUBRIC_LEVELS } from '../../src/shared/enums.js';
import { expect, test } from './support/fixtures.js';
import { untilServer } from './support/cycle.js';
import { goOffline, goOnline } from './support/network.js';
import { observationAtRubric } from './support/rubric-ready.js';
import { PHYSICS_OBSERVER, VIEWPORTS, type ViewportName } from './support/pages.js';
import { serviceWorkerReady, signIn, syncStatus } from './support/session.js';

async function tap(page: Page, groupCode: string, item: number, score: number) {
  const radio = page.getByRole('region', { name: new RegExp(`^${groupCode} `) }).getByRole('radiogroup').nth(item).getByRole('radio', { name: `${score} ${RUBRIC_LEVELS[score]}`, exact: true });
  await radio.locator('xpath=ancestor::label[1]').click();
  await expect(radio).toBeChecked();
}

/** "Observations" in the tablet's sidebar rail, as a person leaves the page. */
async function openListFromRail(page: Page) {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Observations', exact: true }).click();
}

async function expectChecked(page: Page, groupCode: string, scores: readonly (number | null)[]) {
  const items = page.getByRole('region', { name: new RegExp(`^${groupCode} `) }).getByRole('radiogroup');
  for (const [i, s] of scores.entries()) {
    if (s == null) await expect(items.nth(i).getByRole('radio', { checked: true })).toHaveCount(0);
    else await expect(items.nth(i).getByRole('radio', { name: `${s} ${RUBRIC_LEVELS[s]}`, exact: true })).toBeChecked();
  }
}

test('rubric taps and a typed note stay on the device through navigation, reload, another tab and offline; a complete group is sent at once', async ({ page, context, api }) => {
  test.setTimeout(180_000);
  const { id, observerToken } = await observationAtRubric(api);
  await page.setViewportSize(VIEWPORTS.tablet);
  await signIn(page, PHYSICS_OBSERVER);
  const url = `/observations/observation-rubric/${id}`;
  await page.goto(url);
  await serviceWorkerReady(page);
  const groupA = page.getByRole('region', { name: /^1-A / });
  await expect(groupA.getByRole('radiogroup')).toHaveCount(5);

  await tap(page, '1-A', 0, 3);
  await tap(page, '1-A', 1, 2);
  await tap(page, '1-A', 2, 4);
  await expect(groupA.getByTestId('group-state')).toHaveText('Draft on this device');

  // Leaving with a partly scored group asks first; staying keeps the page.
  await openListFromRail(page);
  const ask = page.getByRole('dialog', { name: 'Leave with a group partly scored?' });
  await expect(ask).toBeVisible();
  await expect(ask).toContainText('1-A Knowledge of Content: 3 of 5 items scored');
  await ask.getByRole('button', { name: 'Stay and score' }).click();
  await expect(page).toHaveURL(new RegExp(`${id}$`));
  // Leaving anyway, then coming back: the three taps are there.
  await openListFromRail(page);
  await page.getByRole('dialog', { name: 'Leave with a group partly scored?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page).not.toHaveURL(new RegExp(`${id}$`));
  await page.goto(url);
  await expectChecked(page, '1-A', [3, 2, 4, null, null]);

  // A note being typed in the notes form survives a reload.
  const panel = page.getByRole('region', { name: 'Evidence notes' });
  await panel.getByRole('textbox', { name: 'New note' }).fill('Pairs compare answers before the board work');
  await page.waitForTimeout(300); // the draft write is one IndexedDB put
  // The browser's own leave question (beforeunload) is answered "leave" here, as a person reloading would.
  page.once('dialog', (d) => void d.accept());
  await page.reload();
  await expectChecked(page, '1-A', [3, 2, 4, null, null]);
  await expect(page.getByRole('region', { name: 'Evidence notes' }).getByRole('textbox', { name: 'New note' })).toHaveValue('Pairs compare answers before the board work');

  // Another tab (the first one closed): the same.
  const second = await context.newPage();
  await page.close({ runBeforeUnload: false });
  await second.setViewportSize(VIEWPORTS.tablet);
  await second.goto(url);
  await expectChecked(second, '1-A', [3, 2, 4, null, null]);

  // Offline, completing the group queues it: the badge says it is complete and on its way, and nothing reached the server.
  await goOffline(context);
  await tap(second, '1-A', 3, 1);
  await tap(second, '1-A', 4, 2);
  const a2 = second.getByRole('region', { name: /^1-A / });
  await expect(a2.getByTestId('group-state')).toHaveText('Complete — sending');
  // One count everywhere: the header chip and the observation's note read the same outbox.
  await expect(syncStatus(second)).toHaveAccessibleName(/Offline, 1 pending/);
  await expect(second.getByRole('status').filter({ hasText: '1 change(s) pending — all on this observation.' })).toBeVisible();
  // Back online, the group reaches the server without a Save click.
  await goOnline(context);
  await expect(a2.getByTestId('group-state')).toHaveText('Saved', { timeout: 30_000 });
  await untilServer(
    api,
    observerToken,
    id,
    (o) => (o.meetings.informedObservation?.rubrics ?? []).filter((r) => r.code === '1-A').map((r) => r.observerScore),
    [3, 2, 4, 1, 2],
    'the complete group reaches the server without Save',
  );
});

for (const name of ['tablet', 'tablet-portrait', 'phone', 'desktop'] as const satisfies readonly ViewportName[]) {
  test(`${name}: the first score item is on the first screen and the class bar stays within reach while scoring`, async ({ page, api }) => {
    test.setTimeout(150_000);
    const { id } = await observationAtRubric(api);
    const size = VIEWPORTS[name];
    await page.setViewportSize(size);
    await signIn(page, PHYSICS_OBSERVER);
    await page.goto(`/observations/observation-rubric/${id}`);
    const firstItem = page.getByRole('region', { name: /^1-A / }).getByRole('radiogroup').first();
    await expect(firstItem).toBeVisible();
    const box = (await firstItem.boundingBox())!;
    // The first item's tiles (not only its title) are on the first screen.
    expect(box.y + Math.min(box.height, 56), `first item at y=${Math.round(box.y)} on ${size.width}×${size.height}`).toBeLessThanOrEqual(size.height);
    await page.screenshot({ path: `tests/e2e/.artifacts/rubric-field/${name}-first-screen.png`, animations: 'disabled' });

    // Scoring further down: the bar is still on screen, and the quick note is tagged to the item in view.
    const bar = page.getByRole('region', { name: 'Class timer and quick note' });
    await bar.getByRole('button', { name: 'Start class timer' }).click();
    const target = page.getByRole('region', { name: /^1-C / }).getByRole('radiogroup').nth(2);
    await target.getByRole('radio', { name: '3 Applying' }).locator('xpath=ancestor::label[1]').click();
    const barBox = (await bar.boundingBox())!;
    expect(barBox.y).toBeGreaterThanOrEqual(0);
    expect(barBox.y + barBox.height).toBeLessThanOrEqual(size.height / 2);
    // The item tapped is the one the note is about (its title names the radio group).
    const title = await target.evaluate((e) => document.getElementById(e.getAttribute('aria-labelledby')!)!.textContent);
    const tag = `1-C ${title}`;
    await expect(bar.getByTestId('quick-note-tag')).toHaveText(`Tagged to ${tag}`);
    await bar.getByRole('textbox', { name: 'Quick note' }).fill('Students check each other’s units');
    await bar.getByRole('button', { name: 'Add', exact: true }).click();
    const note = page.getByRole('region', { name: 'Evidence notes' }).getByTestId('evidence-note').filter({ hasText: 'Students check each other’s units' });
    await expect(note).toHaveCount(1);
    await expect(note).toContainText(tag);
    await expect(bar.getByRole('textbox', { name: 'Quick note' })).toHaveValue('');
    await expect(bar.getByTestId('class-timer')).not.toHaveText('0:00', { timeout: 5_000 });
    await page.screenshot({ path: `tests/e2e/.artifacts/rubric-field/${name}-scoring.png`, animations: 'disabled' });
  });
}
