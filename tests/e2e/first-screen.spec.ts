/**
 * The first screen per role, in real Chromium on the staged Physics demo (src/server/seed/demo-cycles.ts): every
 * demo role finds something waiting ("Your next steps"), each step one tap from the screen where it is done;
 * scheduling says whose turn it is; notifications split "Needs you" from "For your information" without cutting
 * the NEW badge on a phone; the faculty's courses are cards on a phone; the HOD reads analytics with values and
 * names, exports the department as CSV, and reads the audit trail in words at real times.
 * Times are read in UTC (the campus zone of the demo server and the browser's zone here).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DOMAIN } from './support/demo.js';
import { expect, test } from './support/fixtures.js';
import { VIEWPORTS, type ViewportName } from './support/pages.js';
import { expectAllSynced, signIn } from './support/session.js';

const OBSERVER = `observer.physics@${DOMAIN}`;
const HOD = `hod.physics@${DOMAIN}`;
const CONFIRMING_FACULTY = `faculty.physics2@${DOMAIN}`;
const MEETING_FACULTY = `faculty.physics5@${DOMAIN}`;

test.use({ timezoneId: 'UTC' });
test.setTimeout(120_000);

/** axe (WCAG A/AA): no serious or critical violation on the page as it stands. */
async function axeClean(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const found = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
  expect(found).toEqual([]);
}

/** Nothing on the page scrolls sideways (the viewport holds the whole width). */
async function noSidewaysScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, client: document.scrollingElement!.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

const SIZES: ViewportName[] = ['phone', 'tablet', 'tablet-portrait', 'desktop'];

for (const size of SIZES) {
  test.describe(`at ${size} size`, () => {
    test.use({ viewport: VIEWPORTS[size] });

    test('the observer sees today\'s meeting and their to-dos first, each one tap from where it is done', async ({ page }) => {
      await signIn(page, OBSERVER);
      await expectAllSynced(page, 60_000);
      const card = page.getByTestId('next-steps');
      await expect(card.getByRole('heading', { name: 'Your next steps' })).toBeVisible();
      const today = card.getByRole('region', { name: /^Today/ });
      await expect(today.getByRole('link', { name: 'Hold the meeting and complete the observation' })).toBeVisible();
      await expect(today.getByText(/^Today 14:00 · PHY-\d+ · Meeting room P-204 · post-observation meeting · with /)).toBeVisible();
      const todo = card.getByRole('region', { name: /^To do/ });
      await expect(todo.getByRole('link', { name: 'Select the course and start scheduling' })).toBeVisible();
      await expect(todo.getByRole('link', { name: 'Start the uninformed observation' })).toBeVisible();
      await expect(todo.getByRole('link', { name: 'Offer meeting slots and a room' })).toBeVisible();
      // The faculty member's turn shows as whom the observer waits for, with the class date, time and room.
      await expect(card.getByText(/^Waiting for Tomas Silva to confirm the class date$/)).toBeVisible();
      // SPEC's widgets stay below (the chart loads once scrolled near).
      const figure = page.getByRole('figure', { name: 'Observations by status per period' });
      await expect(async () => {
        await page.mouse.wheel(0, 600);
        await expect(figure).toBeVisible({ timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      const below = await page.evaluate(() => {
        const steps = document.querySelector('[data-testid="next-steps"]')!.getBoundingClientRect().top;
        const chart = document.querySelector('[role="figure"][aria-label="Observations by status per period"]')!.getBoundingClientRect().top;
        return chart > steps;
      });
      expect(below).toBe(true);
      await noSidewaysScroll(page);

      await today.getByRole('link', { name: 'Hold the meeting and complete the observation' }).click();
      await expect(page).toHaveURL(/\/observations\/post-observation-meeting\/[0-9a-f-]{36}$/);
      await expect(page.getByText('Lesson plan - forces and motion.pdf').first()).toBeVisible();
      await expect(page.getByTestId('next-action').getByText('Your turn: Hold the meeting and complete the observation')).toBeVisible();

      // The observer's list has the filters.
      await page.goto('/observations/list-observation');
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('group', { name: 'Status filter' }).getByText('Pending', { exact: true }).click();
      await expect(page.getByText('1 observation(s)')).toBeVisible();
    });
  });
}

test.describe('at phone size', () => {
  test.use({ viewport: VIEWPORTS.phone });

  test('a faculty member is told to confirm the class (slot time and room) and the scheduling screen says it is their turn', async ({ page }) => {
    await signIn(page, CONFIRMING_FACULTY);
    await expectAllSynced(page, 60_000);
    const card = page.getByTestId('next-steps');
    const step = card.getByRole('link', { name: 'Confirm the class date' });
    await expect(step).toBeVisible();
    await expect(card.getByText(/^(Today|Tomorrow|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{2}:\d{2}(-\d{2}:\d{2})? · PHY-\d+ · \S.* · scheduling · with Nadia Karim$/)).toBeVisible();
    // Your Courses: one card per slot, nothing scrolls sideways.
    await expect(page.getByRole('heading', { name: 'Your Courses' })).toBeVisible();
    await noSidewaysScroll(page);
    await axeClean(page);
    const table = page.locator('section[aria-labelledby="your-courses-title"] .cards-on-phone');
    const overflow = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await step.click();
    await expect(page).toHaveURL(/\/observations\/observation-scheduling\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Your turn: Confirm the class date')).toBeVisible();
    await expect(page.getByText('Faculty accepted: Not yet')).toBeVisible();
  });

  test('notifications: Needs you first, repeats collapsed, the NEW badge whole, mark-all in sight', async ({ page }) => {
    await signIn(page, OBSERVER);
    await expectAllSynced(page, 60_000);
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    const dropdown = page.getByRole('dialog');
    // A tap landing while the header re-renders after the first sync can leave the dropdown closed (seen once in
    // CI on a loaded machine): tap again until it is open, as a person would.
    await expect(async () => {
      if (!(await dropdown.isVisible())) await bell.click();
      await expect(dropdown.getByTestId('notification-section-needs')).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(dropdown.getByRole('button', { name: 'Mark all as read' })).toBeVisible();
    const badge = dropdown.getByText('new', { exact: true }).first();
    await expect(badge).toBeVisible();
    const cut = await badge.evaluate((el) => {
      const box = el.closest('.mantine-Badge-root') ?? el;
      return box.scrollWidth - box.clientWidth;
    });
    expect(cut).toBeLessThanOrEqual(0);
    const box = await dropdown.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    // No row's body repeats its title.
    const rows = await dropdown.locator('[data-testid="notification-group"] button').allInnerTexts();
    for (const r of rows) {
      const [title, body] = r.split('\n').map((l) => l.trim().toLowerCase().replace(/[^a-z0-9 ]/g, ''));
      expect(body).not.toBe(title.replace(/ ?new$/, ''));
    }
  });

  test('the faculty member with a meeting today sees it on their first screen', async ({ page }) => {
    await signIn(page, MEETING_FACULTY);
    await expectAllSynced(page, 60_000);
    const today = page.getByTestId('next-steps').getByRole('region', { name: /^Today/ });
    await expect(today.getByText('Waiting for Nadia Karim to hold the meeting')).toBeVisible();
    await expect(today.getByText(/^Today 14:00 · PHY-\d+ · Meeting room P-204/)).toBeVisible();
  });
});

test.describe('at desktop size', () => {
  test.use({ viewport: VIEWPORTS.desktop });

  test('the HOD: department steps, analytics with names and values, a CSV export, and an audit trail in words at real times', async ({ page }) => {
    await signIn(page, HOD);
    await expectAllSynced(page, 60_000);
    const card = page.getByTestId('next-steps');
    await expect(card.getByRole('heading', { name: 'Observations needing attention' })).toBeVisible();
    await expect(card.getByText('Waiting for Nadia Karim to hold the meeting')).toBeVisible();
    await axeClean(page);

    await page.goto('/analytics');
    const heatmap = page.getByTestId('heatmap');
    await expect(heatmap).toBeVisible({ timeout: 30_000 });
    const headers = await heatmap.locator('thead th').allInnerTexts();
    expect(headers.slice(1, 6)).toEqual(['1-A.1', '1-A.2', '1-A.3', '1-A.4', '1-A.5']);
    expect(headers.at(-1)).toBe('1-D.5');
    const values = (await heatmap.locator('tbody td').allInnerTexts()).filter((v) => /^\d\.\d$/.test(v));
    expect(values.length).toBeGreaterThan(20);
    expect(new Set(values).size).toBeGreaterThan(2);
    await expect(page.getByRole('list', { name: 'Rubric items' }).or(page.locator('dl[aria-label="Rubric items"]'))).toContainText('Demonstrates accurate and current knowledge of the subject');
    const download = page.waitForEvent('download');
    const exportButton = page.getByRole('button', { name: 'Export observations (CSV)' });
    await exportButton.click();
    expect((await download).suggestedFilename()).toBe('observations-physics.csv');
    // The page as it stands once the export is done (a loading button is dimmed on purpose).
    await expect(exportButton).not.toHaveAttribute('data-loading');
    await axeClean(page);

    // The audit trail of a cycle up to its meeting: words, not codes, at times spread over days.
    await page.goto('/observations/list-observation');
    await page.getByRole('link', { name: /Chloe Martin/ }).first().click();
    const trail = page.getByRole('region', { name: 'Audit trail' });
    await expect(trail.getByText('Offered class slots')).toBeVisible({ timeout: 30_000 });
    await expect(trail.getByText(/ ×4$/).first()).toBeVisible();
    const rows = await trail.getByTestId('audit-row').allInnerTexts();
    for (const r of rows) expect(r).not.toMatch(/[a-z]+ · [a-z]+[A-Z]/);
    const times = new Set(rows.map((r) => r.split(' · ').at(-1)));
    expect(times.size).toBeGreaterThan(5);
  });
});
