/**
 * A rubric can be completed with the keyboard alone, at tablet size. Each item is a native radio
 * group (Tab reaches it, arrow keys choose the score), focus is visible on the chosen tile, the group's Save is
 * reached with Tab and pressed with Enter, and the save state is a polite live region ("1-A Saved"). The scores
 * reach the server. Uses its own observation (support/rubric-ready.ts), never the staged ones.
 */
import { expect, test } from './support/fixtures.js';
import { untilServer } from './support/cycle.js';
import { observationAtRubric } from './support/rubric-ready.js';
import { PHYSICS_OBSERVER, VIEWPORTS } from './support/pages.js';
import { signIn } from './support/session.js';

test('an observer scores and saves a rubric group with the keyboard alone', async ({ page, api }) => {
  test.setTimeout(150_000);
  const { id, observerToken } = await observationAtRubric(api);
  await page.setViewportSize(VIEWPORTS.tablet);
  await signIn(page, PHYSICS_OBSERVER);
  await page.goto(`/observations/observation-rubric/${id}`);
  const group = page.getByRole('region', { name: /^1-A / });
  await expect(group.getByRole('radiogroup')).toHaveCount(5);

  // Tab from the top of the page until the first item's radios have focus (bounded: header, rail, page actions).
  const focusedIsRadio = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type === 'radio');
  let tabs = 0;
  while (!(await focusedIsRadio())) {
    await page.keyboard.press('Tab');
    expect(++tabs, 'no rubric radio reached with Tab').toBeLessThan(60);
  }

  const scores = [1, 2, 3, 4, 2];
  const items = group.getByRole('radiogroup');
  for (let i = 0; i < scores.length; i++) {
    // Arrow keys move and check within the item's radios; the first press from an unchecked group picks score 1.
    for (let k = 0; k < scores[i]; k++) await page.keyboard.press('ArrowRight');
    const chosen = items.nth(i).getByRole('radio', { checked: true });
    await expect(chosen).toBeFocused();
    await expect(chosen).toHaveAccessibleName(new RegExp(`^${scores[i]} `));
    // The focused tile shows a visible ring (not only the browser's hidden-input focus).
    const ring = await chosen.evaluate((e) => getComputedStyle(e.closest('.score-tile')!).outlineStyle);
    expect(ring).toBe('solid');
    await page.keyboard.press('Tab');
  }
  // After the fifth item, Tab has reached the group's Save button.
  await expect(group.getByRole('button', { name: /^Save 1-A/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(group.getByRole('status')).toHaveText(/1-A\s*Saved/, { timeout: 20_000 });

  await untilServer(
    api,
    observerToken,
    id,
    (o) => {
      const rubrics = o.meetings.informedObservation?.rubrics ?? [];
      return rubrics.filter((r) => r.code === '1-A' && r.observerScore != null).map((r) => r.observerScore);
    },
    scores,
    'the keyboard-entered scores reach the server',
  );
});
