/**
 * Client memory in CI: the 1 000-row version of the client-memory benchmark (tests/bench/client-memory.ts runs 10 000).
 * A Head of Department's replica gets 1 000 observations written straight into IndexedDB (10 % full documents);
 * the dashboard and the list render from index counts and one page of rows, so the JS heap stays small. Bounds
 * are generous (a shared CI machine); the benchmark holds the real targets.
 */
import { demo } from './support/demo.js';
import { expect, test } from './support/fixtures.js';
import { measureClientMemory } from './support/replica-memory.js';
import { expectAllSynced, signIn } from './support/session.js';

test('1 000 observations in the replica: dashboard and list render with a small heap and answer filters', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, demo('Head_of_Department'));
  await expectAllSynced(page);
  const f = await measureClientMemory(page, 1000);
  console.log(`[client-memory] ${JSON.stringify(f)}`);
  expect(f.dashboardCount).toBeGreaterThanOrEqual(1000);
  expect(f.listTotalUnfiltered).toBeGreaterThanOrEqual(1000);
  expect(f.heapDashboardMB).toBeLessThan(150);
  expect(f.heapListMB).toBeLessThan(150);
  expect(f.firstRowsWarmMs).toBeLessThan(10_000);
  expect(f.filterStatusMs).toBeLessThan(10_000);
  expect(f.filterSemesterMs).toBeLessThan(10_000);
  // The filters really filtered: Completed ∩ Fall is a strict part of the list.
  const total = Number((await page.getByText(/^\d+ observation\(s\)$/).textContent())?.split(' ')[0]);
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThan(f.listTotalUnfiltered);
  // Rows are links (they open the observation), so they are found as table body rows.
  await expect(page.getByRole('table', { name: 'Observations' }).locator('tbody tr').first()).toContainText('Fall');
});
