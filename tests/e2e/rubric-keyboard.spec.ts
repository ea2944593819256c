import type { Locator } from '@playwright/test';

/**
 * A rubric can be completed with the keyboard alone, at tablet size. Each item is a native radio
 * group (Tab reaches it, arrow keys choose the score), focus is visible on the chosen tile, the group's Save is
 * reached with Tab and pressed with Enter, and the save state is a polite live region ("1-A Saved"). The scores
 * reach the server. After the Save, focus moves on to the next group's first item (it never drops to the page
 * body), and the focus ring of a selected tile has at least 3:1 contrast against what it sits on in the light
 * and the dark theme (computed from the rendered colours). Uses its own observation (support/rubric-ready.ts),
 * never the staged ones.
 */
import { expect, test } from './support/fixtures.js';
import { untilServer } from './support/cycle.js';
import { observationAtRubric } from './support/rubric-ready.js';
import { PHYSICS_OBSERVER, VIEWPORTS } from './support/pages.js';
import { signIn } from './support/session.js';

const channels = (rgb: string) => (rgb.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
function luminance(rgb: string): number {
  const [r, g, b] = channels(rgb).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)];
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05);
}

/** The focused tile's ring colour and the background the ring is drawn on (the first opaque ancestor). */
async function ringOn(radio: Locator): Promise<{ ring: string; style: string; background: string }> {
  return radio.evaluate((e) => {
    const tile = e.closest('.score-tile')!;
    let el: Element | null = tile.parentElement;
    let background = 'rgb(255, 255, 255)';
    while (el) {
      const bg = getComputedStyle(el).backgroundColor;
      if (bg && bg !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(bg)) {
        background = bg;
        break;
      }
      el = el.parentElement;
    }
    const cs = getComputedStyle(tile);
    return { ring: cs.outlineColor, style: cs.outlineStyle, background };
  });
}

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
  // Focus moved on to the next group's first item, never to the page body.
  const nextFirst = page.getByRole('region', { name: /^1-B / }).getByRole('radiogroup').first();
  await expect(nextFirst.getByRole('radio').first()).toBeFocused();
  // There, a selected and focused tile: its ring stands out (≥ 3:1) in the light theme…
  await page.keyboard.press('ArrowRight');
  const selected = nextFirst.getByRole('radio', { checked: true });
  await expect(selected).toBeFocused();
  const light = await ringOn(selected);
  expect(light.style).toBe('solid');
  expect(contrast(light.ring, light.background), `light ring ${light.ring} on ${light.background}`).toBeGreaterThanOrEqual(3);
  // …and in the dark theme.
  await page.getByRole('banner').getByRole('button', { name: 'Dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await selected.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await expect(selected).toBeFocused();
  const dark = await ringOn(selected);
  expect(dark.style).toBe('solid');
  expect(dark.background).not.toBe(light.background);
  expect(contrast(dark.ring, dark.background), `dark ring ${dark.ring} on ${dark.background}`).toBeGreaterThanOrEqual(3);

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
