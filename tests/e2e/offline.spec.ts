/**
 * The offline core in a real browser:
 *  - the app opens offline from the service worker's cache and shows the user's data from the replica;
 *  - a profile edit made offline is pending, then synced when the network is back — exactly once, even when the
 *    server's first answer is lost on the way back (the retry carries the same Idempotency-Key);
 *  - two tabs: exactly one holds the sync lock; when it closes, the other takes over;
 *  - a change the server refuses lands in "needs attention" with retry, copy and discard.
 */
import type { Page } from '@playwright/test';
import { MSG } from '../../src/shared/messages.js';
import { recordVersion } from './support/api.js';
import { demo, demoAccount } from './support/demo.js';
import { expect, test } from './support/fixtures.js';
import { goOffline, goOnline } from './support/network.js';
import { expectAllSynced, serviceWorkerReady, sessionUser, signIn, syncLocks, syncStatus } from './support/session.js';

test('the app opens offline from the cache and shows the user’s data', async ({ page, context }) => {
  const observer = demo('Observer');
  await signIn(page, observer);
  await page.goto('/settings/profile');
  await serviceWorkerReady(page);
  await expectAllSynced(page);

  await goOffline(context);
  await page.reload();
  const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
  await expect(sidebar.getByText(observer.name, { exact: true })).toBeVisible();
  await expect(syncStatus(page)).toHaveAccessibleName(/Offline/);

  // A different screen, opened by URL while offline: served by the worker, filled from the replica.
  await page.goto('/settings/profile');
  const main = page.getByRole('main');
  await expect(main.getByText(observer.email).first()).toBeVisible();
  await expect(main.getByText('Associate Professor').first()).toBeVisible();
  await goOnline(context);
});

test('a profile edit made offline is pending, then reaches the server exactly once', async ({ page, context, api }) => {
  // Its own account: the version check below must not see another journey's edits of the same user.
  const faculty = demoAccount('faculty.math');
  await signIn(page, faculty);
  await page.goto('/settings/profile');
  await serviceWorkerReady(page);
  await expectAllSynced(page);
  const me = (await sessionUser(page))!;
  const { token } = await api.login(faculty.email);
  const phone = `+1 555 ${String(Date.now()).slice(-7)}`;

  await goOffline(context);
  await page.goto('/settings/edit-profile');
  await page.getByLabel('Phone').fill(phone);
  await page.getByRole('button', { name: 'Update' }).click();
  // Offline the change is queued, and the toast says so: never the success message.
  await expect(page.getByText(MSG.savedOnDevice)).toBeVisible();
  await expect(page.getByText(MSG.profileUpdated)).toHaveCount(0);
  await expect(syncStatus(page)).toHaveAccessibleName(/Offline, 1 pending/);
  // Nothing reached the server.
  expect((await api.getUser(me.id, token)).phone).not.toBe(phone);

  // Back online, the first answer is lost after the server committed: the client must retry with the same key.
  const keys: string[] = [];
  let versionAfterCommit: number | undefined;
  await context.route('**/api/user/update/**', async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      await route.fetch(); // reaches the server, which commits …
      versionAfterCommit = (await recordVersion(api, token, 'users', me.id))?.version;
      await route.abort('connectionreset'); // … and the reply never arrives
    } else {
      await route.continue();
    }
  });
  await goOnline(context);
  await expectAllSynced(page, 45_000);

  expect(keys.length).toBeGreaterThanOrEqual(2);
  expect(new Set(keys).size, 'every attempt carries the same Idempotency-Key').toBe(1);
  expect(keys[0]).not.toBe('');
  const server = await api.getUser(me.id, token);
  expect(server.phone).toBe(phone);
  // The retry was answered from the idempotency record: the row was not written a second time.
  expect(versionAfterCommit).toBeDefined();
  expect((await recordVersion(api, token, 'users', me.id))?.version).toBe(versionAfterCommit);

  await page.goto('/settings/profile');
  await expect(page.getByRole('main').getByText(phone).first()).toBeVisible();
});

test('two tabs: exactly one leads the sync, the other takes over when it closes', async ({ page, context }) => {
  await signIn(page, demo('Head_of_Department'));
  await page.goto('/settings/profile');
  await expectAllSynced(page);
  const second = await context.newPage();
  await second.goto('/settings/profile');
  await expect(syncStatus(second)).toBeVisible();

  await expect.poll(() => syncLocks(page)).toEqual({ held: 1, pending: 1 });
  expect(await syncLocks(second)).toEqual({ held: 1, pending: 1 });

  await page.close();
  await expect.poll(() => syncLocks(second)).toEqual({ held: 1, pending: 0 });
  await expectAllSynced(second);
});

test('a change the server refuses needs attention, with retry, copy and discard', async ({ page, context, api }) => {
  const faculty = demo('Faculty');
  const other = await api.login(demo('Observer').email);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, faculty);
  await page.goto('/settings/profile');
  await expectAllSynced(page);
  const me = (await sessionUser(page))!;

  // A queued change the server must refuse (403: a profile that is not the user's own), written straight into the
  // replica's outbox as a stale or tampered queue would hold it; the engine sends it on start-up.
  await page.evaluate(
    ({ userId, otherId }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('observa');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('outbox', 'readwrite');
          tx.objectStore('outbox').add({
            mutationId: crypto.randomUUID(),
            name: 'user.updateProfile',
            args: { userId: otherId, changes: { phone: '+1 555 9999999' } },
            entity: 'users',
            entityId: otherId,
            lane: 'ordered',
            status: 'pending',
            attempts: 0,
            nextAttemptAt: 0,
            lastError: null,
            lastStatus: null,
            createdAt: Date.now(),
            userId,
          });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { userId: me.id, otherId: other.id },
  );
  await page.reload();
  await expect(syncStatus(page)).toHaveAccessibleName(/1 need attention/, { timeout: 30_000 });

  await syncStatus(page).click();
  const refused = page.getByRole('group', { name: /^Refused change: Profile update/ });
  await expect(refused).toBeVisible();
  await expect(refused.getByText(/Server said: .+\(403\)/)).toBeVisible();
  await expect(refused.getByText('+1 555 9999999')).toBeVisible();

  await refused.getByRole('button', { name: 'Copy' }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(JSON.parse(copied)).toMatchObject({ change: 'user.updateProfile', data: { changes: { phone: '+1 555 9999999' } } });

  // Retry sends it again; the server refuses again and it stays in the list. The row is queued anew (a new
  // seq) and parked again: wait for that, not for the text, which the first refusal already shows — a Discard
  // clicked while the retry is under way would be undone when the row comes back.
  const before = await refusedSeq(page);
  await refused.getByRole('button', { name: 'Retry' }).click();
  await expect
    .poll(async () => {
      const now = await refusedSeq(page);
      return now !== null && now !== before;
    }, { timeout: 30_000 })
    .toBe(true);
  await expect(refused.getByText(/Server said: .+\(403\)/)).toBeVisible({ timeout: 30_000 });

  await refused.getByRole('button', { name: 'Discard' }).click();
  await refused.getByRole('button', { name: 'Confirm discard' }).click();
  await expect(page.getByText('No refused changes.')).toBeVisible();
  expect((await api.getUser(other.id, other.token)).phone).not.toBe('+1 555 9999999');
});

/** The outbox seq of the (one) change parked as needs-attention, or null. */
function refusedSeq(page: Page): Promise<number | null> {
  return page.evaluate(
    () =>
      new Promise<number | null>((resolve, reject) => {
        const open = indexedDB.open('observa');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction('outbox', 'readonly').objectStore('outbox').getAll();
          req.onsuccess = () => {
            open.result.close();
            const row = (req.result as { seq: number; status: string }[]).find((r) => r.status === 'needs-attention');
            resolve(row ? row.seq : null);
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}
