/**
 * Each demo role signs in, sees its own menu (SPEC §2) and sidebar details (name, role with
 * spaces, department), opens the profile and logs out. A screenshot of each role's shell is kept under
 * tests/e2e/.artifacts/shells/ for a person to look at.
 */
import { display } from '../../src/shared/enums.js';
import { menuFor } from '../../src/shared/permissions.js';
import { DEMO_ACCOUNTS } from './support/demo.js';
import { expect, test } from './support/fixtures.js';
import { expectAllSynced, signIn } from './support/session.js';

for (const account of DEMO_ACCOUNTS) {
  test(`${display(account.role)} signs in, sees the ${display(account.role)} menu and profile, logs out`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await signIn(page, account);

    // Sidebar user card.
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    await expect(sidebar.getByText(account.name, { exact: true })).toBeVisible();
    await expect(sidebar.getByText(display(account.role), { exact: true })).toBeVisible();
    if (account.department) await expect(sidebar.getByText(account.department, { exact: true })).toBeVisible();

    // The shell as the user first sees it, once the first sync has settled.
    await expectAllSynced(page);
    await page.screenshot({ path: `tests/e2e/.artifacts/shells/${account.role}.png`, animations: 'disabled' });

    // The role's menu, exactly: every group and link of SPEC §2, and nothing else at the top level.
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    const groups = menuFor(account.role);
    for (const group of groups) {
      if (group.children) {
        const toggle = nav.getByRole('button', { name: group.label, exact: true });
        await expect(toggle).toBeVisible();
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
        for (const child of group.children) {
          await expect(nav.locator(`a[href="${child.to}"]`).filter({ hasText: child.label })).toBeVisible();
        }
      } else {
        await expect(nav.locator(`a[href="${group.to}"]`).filter({ hasText: group.label })).toBeVisible();
      }
    }
    const expectedLinks = groups.flatMap((g) => (g.children ?? [g]).map((l) => l.label));
    await expect(nav.locator('a')).toHaveCount(expectedLinks.length);

    await page.screenshot({ path: `tests/e2e/.artifacts/shells/${account.role}-menu.png`, animations: 'disabled' });

    // Profile through the header's profile menu.
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/settings\/profile$/);
    const main = page.getByRole('main');
    await expect(main.getByText(account.name, { exact: true }).first()).toBeVisible();
    await expect(main.getByText(account.email).first()).toBeVisible();

    // Logout: 'Logging out...' then back to the login screen, session gone.
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page.getByText('Logging out...')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    expect(errors, 'uncaught errors in the page').toEqual([]);
  });
}
