/**
 * Notifications people read, in real Chromium: the bell groups notifications by observation, names
 * who acted and how long ago (the date and time in a tooltip), opens the exact stage on click, and "Mark all as
 * read" works offline through the outbox and reaches the server when back online.
 *
 * Signs in as the Physics observer of the staged demo cycles (no other journey uses it): their observations at
 * every stage gave them notifications about several observations.
 */
import { notifications, type ApiNotification } from './support/admin-api.js';
import { DEMO_STAGED_ACCOUNTS } from '../../src/server/seed/demo-accounts.js';
import { DOMAIN } from './support/demo.js';
import { expect, test } from './support/fixtures.js';
import { goOffline, goOnline } from './support/network.js';
import { expectAllSynced, serviceWorkerReady, signIn, syncStatus } from './support/session.js';

test.setTimeout(180_000);

test('the bell groups by observation, shows relative times, opens the stage, and marks all read offline', async ({ page, context, api }) => {
  const staged = DEMO_STAGED_ACCOUNTS.find((a) => a.local === 'observer.physics')!;
  const observer = `${staged.local}@${DOMAIN}`;
  const { token } = await api.login(observer);
  const before = (await notifications(api, token)) as (ApiNotification & { observationId: string | null; subject: string | null; createdAt: string })[];
  const unread = before.filter((n) => !n.open);
  expect(unread.length).toBeGreaterThan(1);
  const observationsWithUnread = new Set(unread.map((n) => n.observationId));
  expect(observationsWithUnread.size).toBeGreaterThan(1);

  await signIn(page, observer);
  await serviceWorkerReady(page, 60_000);
  await expectAllSynced(page);

  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName(`Notifications, ${unread.length} unread`);
  await bell.click();
  const dropdown = page.getByRole('dialog');
  const groups = dropdown.getByTestId('notification-group');
  await expect(groups).toHaveCount(observationsWithUnread.size);
  // Each group is headed by the observation as people name it; each row says who acted and when.
  const subjects = new Set(unread.map((n) => n.subject));
  // The group's list is labelled by its subject (the <li> itself carries no role name).
  const first = await groups.first().getByRole('list').getAttribute('aria-label');
  expect(subjects.has(first)).toBe(true);
  await expect(groups.first().getByText(first!, { exact: true })).toBeVisible();
  const time = dropdown.locator('time').first();
  await expect(time).toHaveText(/just now|min ago|h ago|yesterday|days ago/);
  await expect(time).toHaveAttribute('title', new RegExp(String(new Date().getFullYear())));
  await expect(dropdown.getByText(/^by /).first()).toBeVisible();

  // Clicking a notification opens the exact stage it is about (scheduling, rubric, post-observation page).
  const routes = unread.filter((n) => n.subject === first).map((n) => n.route);
  await groups.first().getByRole('button').first().click();
  await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/observations\/[a-z-]+\/[0-9a-f-]{36}$/);
  expect(routes).toContain(new URL(page.url()).pathname);
  await expect(bell).toHaveAccessibleName(`Notifications, ${unread.length - 1} unread`);
  await expectAllSynced(page);

  // Offline: Mark all as read empties the unread list at once and waits in the outbox.
  await goOffline(context);
  await bell.click();
  await dropdown.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(dropdown.getByText('No unread notifications')).toBeVisible();
  await expect(syncStatus(page)).toHaveAccessibleName(/Offline, 1 pending/);
  expect((await notifications(api, token)).filter((n) => !n.open)).toHaveLength(unread.length - 1);
  await page.screenshot({ path: 'tests/e2e/.artifacts/notifications-marked-offline.png' });

  // Back online the change reaches the server.
  await goOnline(context);
  await expectAllSynced(page);
  await expect.poll(async () => (await notifications(api, token)).filter((n) => !n.open).length, { timeout: 30_000 }).toBe(0);
  // The dropdown is still open: All lists them, read, still grouped.
  if (!(await dropdown.isVisible())) await bell.click();
  await dropdown.getByText(/^All \(/).click();
  await expect(groups.first()).toBeVisible();
  await page.screenshot({ path: 'tests/e2e/.artifacts/notifications-all.png' });
});
