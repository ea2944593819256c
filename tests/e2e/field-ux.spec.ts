/**
 * Field-ready UX journeys in the real app against the real server:
 *   1. a Faculty member who opens /courses/create-courses by its address gets "Not available for your role" and no
 *      form (before, the form submitted, toasted success and only later showed a 403 in needs-attention);
 *   2. an Admin reaches Create User from the sidebar and gets the form (SPEC §6: Admin creates users).
 */
import { demo, DOMAIN } from './support/demo.js';
import { expect, test } from './support/fixtures.js';
import { expectAllSynced, signIn } from './support/session.js';

test('Faculty opening Create Courses by address sees "Not available for your role" and no form', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, demo('Faculty'));
  await page.goto('/courses/create-courses');

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Not available for your role' })).toBeVisible();
  await expect(main.getByRole('form', { name: 'Create course' })).toHaveCount(0);
  await expect(main.getByLabel('Course code')).toHaveCount(0);
  // Nothing in the menu leads there either.
  await expect(page.getByRole('navigation', { name: 'Main menu' }).locator('a[href="/courses/create-courses"]')).toHaveCount(0);

  await main.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(main.getByRole('heading', { name: 'Not available for your role' })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('Admin reaches Create User from the sidebar and gets the form', async ({ page }) => {
  await signIn(page, demo('Admin'));
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const users = nav.getByRole('button', { name: 'Users', exact: true });
  if ((await users.getAttribute('aria-expanded')) !== 'true') await users.click();
  await nav.getByRole('link', { name: 'Create User' }).click();

  await expect(page).toHaveURL(/\/users\/create-user$/);
  const form = page.getByRole('form', { name: 'Create user' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('Name')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Not available for your role' })).toHaveCount(0);
});

test('the theme follows the system, the header toggle switches it, and the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, demo('Observer'));
  const html = page.locator('html');
  const bodyBackground = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  const darkBackground = await bodyBackground();
  await page.screenshot({ path: 'tests/e2e/.artifacts/field-ux/dark-dashboard.png', animations: 'disabled' });

  const toggle = page.getByRole('banner').getByRole('button', { name: 'Dark theme' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(await bodyBackground()).not.toBe(darkBackground);

  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'false');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('a first look shows the product: the staged Physics observations open at every stage', async ({ page, api }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const observer = `observer.physics@${DOMAIN}`; // staged accounts: src/server/seed/demo-accounts.ts
  const token = (await api.login(observer)).token;
  const list = await api.request<{ id: string; cycleLabel: string; status: string; observationProgress: number }[]>('GET', '/observations', { token });
  expect(list).toHaveLength(6);

  await signIn(page, observer);
  await expectAllSynced(page);
  const main = page.getByRole('main');
  // The dashboard's table is not empty.
  await expect(main.getByText('No Observations!')).toHaveCount(0);
  await page.screenshot({ path: 'tests/e2e/.artifacts/field-ux/observer-dashboard.png', fullPage: true, animations: 'disabled' });

  // The list has every staged observation.
  await page.goto('/observations/list-observation');
  for (const name of ['Aisha Bello', 'Tomas Silva', 'Yuki Tanaka', 'Leon Fischer', 'Chloe Martin', 'Ravi Menon']) {
    await expect(main.getByText(name).first()).toBeVisible();
  }

  // Each observation's detail and the screen of its stage open (no "Not found", no uncaught error).
  const byProgress = (p: number, label?: string) => list.find((o) => o.observationProgress === p && (label === undefined || o.cycleLabel === label))!;
  const screens: [string, string][] = [
    ...list.map((o): [string, string] => [`/observations/detail-observation/${o.id}`, 'Informed Observation Scheduling']),
    [`/observations/observation-scheduling/${byProgress(0, 'Observation Scheduling').id}`, 'Observation Scheduling'],
    [`/observations/observation-rubric/${byProgress(50).id}`, 'Informed'],
    [`/observations/uninformed-observation-rubric/${byProgress(80, '---').id}`, 'Uninformed'],
  ];
  for (const [to, text] of screens) {
    await page.goto(to);
    await expect(main.getByText(text).first()).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Not found' })).toHaveCount(0);
  }
  // The post-observation meeting shows the faculty's artifacts.
  await page.goto(`/observations/post-observation-meeting/${byProgress(80, 'Post Observation').id}`);
  await expect(main.getByText('Lesson plan - forces and motion.pdf').first()).toBeVisible();
  await page.screenshot({ path: 'tests/e2e/.artifacts/field-ux/post-meeting.png', fullPage: true, animations: 'disabled' });
  expect(errors).toEqual([]);
});
