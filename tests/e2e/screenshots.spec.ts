/**
 * Screenshots of the main pages at desktop (1440 × 900), tablet (1024 × 768, 768 × 1024) and phone (390 × 844),
 * viewport only. With SCREENSHOTS=1 they are written to docs/screenshots/ (committed, shown in README.md);
 * otherwise to tests/e2e/.artifacts/screenshots/, so the suite still checks that every page renders at every size.
 */
import path from 'node:path';
import { expect, test } from './support/fixtures.js';
import { PHYSICS_OBSERVER, VIEWPORTS, observationPages, openPage, type ViewportName } from './support/pages.js';
import { expectAllSynced, signIn } from './support/session.js';

const OUT = process.env.SCREENSHOTS === '1' ? 'docs/screenshots' : 'tests/e2e/.artifacts/screenshots';

/** Which pages at which size: every size gets the dashboard, list and rubric; the rest where they tell most. */
const SHOTS: Record<ViewportName, readonly string[]> = {
  desktop: ['dashboard', 'observation-list', 'rubric', 'post-observation'],
  tablet: ['dashboard', 'observation-list', 'rubric', 'post-observation'],
  'tablet-portrait': ['rubric', 'scheduling'],
  phone: ['dashboard', 'observation-list', 'rubric', 'post-observation'],
};

for (const size of Object.keys(SHOTS) as ViewportName[]) {
  test(`screenshots at ${size} (${VIEWPORTS[size].width} × ${VIEWPORTS[size].height})`, async ({ page, api }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(VIEWPORTS[size]);
    const pages = await observationPages(api);
    if (size === 'desktop') {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: /^log ?in$/i })).toBeVisible();
      await page.screenshot({ path: path.join(OUT, `login-${size}.png`), animations: 'disabled' });
    }
    await signIn(page, PHYSICS_OBSERVER);
    await expectAllSynced(page);
    for (const name of SHOTS[size]) {
      await openPage(page, pages.find((p) => p.name === name)!);
      // A shot shows the page settled: opening an observation pins it (a pull), and charts load after the page.
      await expectAllSynced(page);
      await expect(page.getByRole('main').locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 30_000 });
      await page.screenshot({ path: path.join(OUT, `${name}-${size}.png`), animations: 'disabled' });
    }
  });
}
