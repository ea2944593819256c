/**
 * Axe-core (WCAG 2.0/2.1/2.2 A and AA rules) on every main page at desktop, tablet and phone
 * sizes finds no serious or critical violation. Pages are opened as the account that sees them filled in (the staged
 * Physics observations; Admin for the administration pages). The notifications dropdown is scanned open.
 * Causes are fixed in the theme and components (src/client/theme.ts), never by disabling a rule.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.js';
import { ADMIN, ADMIN_PAGES, PHYSICS_OBSERVER, VIEWPORTS, observationPages, openPage, settled, type ViewportName } from './support/pages.js';
import { signIn } from './support/session.js';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SIZES: ViewportName[] = ['desktop', 'tablet', 'phone'];

/** Serious and critical violations, one line each with the first offending targets (for a readable failure). */
async function seriousViolations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join(' | ')}`);
  // Printed as found, so a slow run that times out still tells what it saw.
  for (const f of found) console.log(`[axe] ${f}`);
  return found;
}

for (const size of SIZES) {
  test.describe(`at ${size} size`, () => {
    test.use({ viewport: VIEWPORTS[size] });

    test('the login page has no serious or critical axe violation', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: /^log ?in$/i })).toBeVisible();
      expect(await seriousViolations(page, `login @ ${size}`)).toEqual([]);
    });

    test('the observation pages, dashboard and notifications have no serious or critical axe violation', async ({ page, api }) => {
      test.setTimeout(300_000);
      const pages = await observationPages(api);
      await signIn(page, PHYSICS_OBSERVER);
      const found: string[] = [];
      for (const p of pages) {
        await openPage(page, p);
        found.push(...(await seriousViolations(page, `${p.name} @ ${size}`)));
      }
      await openPage(page, pages[0]);
      await page.getByRole('banner').getByRole('button', { name: /^Notifications/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await settled(page);
      found.push(...(await seriousViolations(page, `notifications @ ${size}`)));
      expect(found).toEqual([]);
    });

    test('the administration pages have no serious or critical axe violation', async ({ page }) => {
      test.setTimeout(300_000);
      await signIn(page, ADMIN);
      const found: string[] = [];
      for (const p of ADMIN_PAGES) {
        await openPage(page, p);
        found.push(...(await seriousViolations(page, `${p.name} @ ${size}`)));
      }
      expect(found).toEqual([]);
    });
  });
}
