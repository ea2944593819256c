/**
 * Layout in real Chromium at tablet and phone sizes:
 *   - tablet (1024 × 768, 768 × 1024): the sidebar is a 72 px icon rail with named buttons, the chat is a drawer
 *     (no side panel), rubric labels read at ≥ 14 px with score targets ≥ 44 px, and no fixed element covers any
 *     button of the page (elementFromPoint at each button's centre, scrolled to the top and to the bottom edge);
 *   - phone (390 × 844): lists and pages never scroll sideways, the header fits and the sync chip reads
 *     "1 pending" in full, PDFs and images open in the in-app viewer (the upload's camera and file inputs are
 *     checked in tests/client/artifact-upload-inputs.test.tsx: the staged meeting is past its upload step).
 */
import type { Page } from '@playwright/test';
import { goOffline, goOnline } from './support/network.js';
import { expect, test } from './support/fixtures.js';
import { PHYSICS_OBSERVER, VIEWPORTS, observationPages, openPage, type MainPage } from './support/pages.js';
import { menuFor } from '../../src/shared/permissions.js';
import { expectAllSynced, signIn, syncStatus } from './support/session.js';

/** Buttons of the main area whose centre is not the button itself, checked at both scroll edges. */
async function coveredButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const buttons = [...document.querySelectorAll<HTMLElement>('main button, main a[href], main [role="button"]')].filter((b) => b.offsetParent !== null);
    for (const b of buttons) {
      for (const block of ['start', 'end'] as const) {
        b.scrollIntoView({ block, inline: 'nearest', behavior: 'instant' });
        const r = b.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !(b === hit || b.contains(hit))) {
          out.push(`${(b.getAttribute('aria-label') ?? b.textContent ?? '').trim().slice(0, 40)} (${block}) under ${hit?.tagName ?? 'nothing'}.${hit?.className ?? ''}`);
        }
      }
    }
    return out;
  });
}

async function noSidewaysScroll(page: Page): Promise<{ scrollWidth: number; width: number }> {
  return page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, width: window.innerWidth }));
}

for (const size of ['tablet', 'tablet-portrait'] as const) {
  test(`${size}: icon rail, chat drawer, readable rubric, nothing covers a button`, async ({ page, api }) => {
    test.setTimeout(150_000);
    await page.setViewportSize(VIEWPORTS[size]);
    const pages = await observationPages(api);
    const byName = (n: string) => pages.find((p) => p.name === n)!;
    await signIn(page, PHYSICS_OBSERVER);
    await openPage(page, byName('rubric'));

    // The sidebar is a rail whose entries are named buttons and links.
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    expect((await sidebar.boundingBox())!.width).toBeLessThanOrEqual(80);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const entry of menuFor('Observer')) {
      // A group is a named button opening its links; a single entry is a named link. Tooltips repeat the name.
      const item = menu.getByRole(entry.children ? 'button' : 'link', { name: entry.label, exact: true });
      await expect(item).toBeVisible();
      const box = (await item.boundingBox())!;
      expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
    }
    await menu.getByRole('link', { name: 'Observations', exact: true }).hover();
    await expect(page.locator('.mantine-Tooltip-tooltip', { hasText: 'Observations' })).toBeVisible();

    // The rubric keeps the width; its labels and targets are readable and touchable.
    const mainWidth = (await page.getByRole('main').boundingBox())!.width;
    expect(mainWidth).toBeGreaterThanOrEqual(VIEWPORTS[size].width - 80);
    const tiles = await page.locator('.score-tile').evaluateAll((els) =>
      els.map((e) => ({ w: e.getBoundingClientRect().width, h: e.getBoundingClientRect().height, label: parseFloat(getComputedStyle(e.querySelector('.score-l')!).fontSize) })),
    );
    expect(tiles.length).toBe(100); // 20 items × 5 levels
    for (const t of tiles) {
      expect(t.label).toBeGreaterThanOrEqual(14);
      expect(Math.min(t.w, t.h)).toBeGreaterThanOrEqual(44);
    }

    // The chat is a drawer, not a side panel.
    await expect(page.getByRole('complementary', { name: 'Conversation' })).toHaveCount(0);
    await page.getByRole('main').getByRole('button', { name: /^Conversation/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Conversation' });
    await expect(drawer.getByRole('log', { name: 'Messages' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);

    // No fixed element (header, rail, former footer) covers an action on any observation page.
    const covered: string[] = [];
    for (const p of pages) {
      await openPage(page, p);
      covered.push(...(await coveredButtons(page)).map((c) => `${p.name}: ${c}`));
    }
    expect(covered).toEqual([]);
  });
}

test('phone: cards without sideways scrolling, the header fits, "1 pending" in full, in-app viewer', async ({ page, api, context }) => {
  test.setTimeout(150_000);
  await page.setViewportSize(VIEWPORTS.phone);
  const pages = await observationPages(api);
  await signIn(page, PHYSICS_OBSERVER);
  await expectAllSynced(page);
  for (const p of pages) {
    await openPage(page, p);
    const { scrollWidth, width } = await noSidewaysScroll(page);
    expect(scrollWidth, `${p.name} scrolls sideways`).toBeLessThanOrEqual(width);
  }
  // The list is cards: no header row, each cell labelled.
  await openPage(page, pages.find((p) => p.name === 'observation-list')!);
  await expect(page.getByRole('main').locator('thead')).toBeHidden();

  // A change made offline: the header's chip reads "1 pending", not cut.
  const post = pages.find((p) => p.name === 'post-observation') as MainPage;
  await openPage(page, post);
  await goOffline(context);
  await page.getByRole('main').getByRole('button', { name: /^Conversation/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Conversation' });
  await drawer.getByLabel('Message', { exact: true }).fill('Phone layout check');
  await drawer.getByRole('button', { name: 'Send' }).click();
  await page.keyboard.press('Escape');
  // The drawer has a <header> of its own until its closing transition ends: only then is the app's the one banner.
  await expect(drawer).toBeHidden();
  const chip = page.getByRole('banner').getByText('1 pending', { exact: true });
  await expect(chip).toBeVisible();
  expect(await chip.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
  const header = page.getByRole('banner');
  const fits = () => header.evaluate((e) => ({ scrollWidth: e.scrollWidth, clientWidth: e.clientWidth }));
  const plain = await fits();
  expect(plain.scrollWidth, 'the header scrolls sideways').toBeLessThanOrEqual(plain.clientWidth);
  // Another machine's fonts may set wider glyphs (CI once overflowed by a few pixels): the product name gives way.
  const wider = await page.addStyleTag({ content: '.mantine-AppShell-header, .mantine-AppShell-header * { letter-spacing: 0.12em }' });
  const widened = await fits();
  expect(widened.scrollWidth, 'the header scrolls sideways with wider glyphs').toBeLessThanOrEqual(widened.clientWidth);
  await wider.evaluate((e) => (e as Element).remove());
  await expect(syncStatus(page)).toHaveAccessibleName(/1 pending/);
  await goOnline(context);
  await expectAllSynced(page);

  // PDF and image open in the in-app viewer, not as a download.
  let downloads = 0;
  page.on('download', () => downloads++);
  await page.getByRole('button', { name: 'Open Lesson plan - forces and motion.pdf' }).first().click();
  const viewer = page.getByRole('dialog', { name: 'Lesson plan - forces and motion.pdf' });
  await expect(viewer.locator('iframe[title="Lesson plan - forces and motion.pdf"]')).toBeVisible();
  expect(await viewer.locator('iframe').getAttribute('src')).toMatch(/^blob:/);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'View Board after pair work.png' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Board after pair work.png' }).getByRole('img', { name: 'Board after pair work.png' })).toBeVisible();
  await page.keyboard.press('Escape');
  expect(downloads).toBe(0);
});
