/**
 * The service worker's Background Sync wake-up: a change queued offline reaches the server through the worker's
 * `sync` handler (tag observa-sync) once the app's tab is closed and the network is back — the worker reads the
 * token from idb-keyval and drains the outbox with the sync engine. No tab of the app is open at that point, so
 * nothing but the worker can deliver it.
 *
 * Chromium decides by itself when to fire a registered tag (DevTools' offline emulation does not hold it back),
 * so the test also fires the event through the DevTools protocol, as DevTools' "Background sync" button does.
 */
import { demo } from './support/demo.js';
import { expect, test } from './support/fixtures.js';
import { goOffline, goOnline } from './support/network.js';
import { expectAllSynced, serviceWorkerReady, sessionUser, signIn, syncStatus } from './support/session.js';

interface Registration {
  registrationId: string;
  scopeURL: string;
  isDeleted: boolean;
}

test('the worker’s sync event sends a change queued offline after the app was closed', async ({ page, context, api }) => {
  const faculty = demo('Faculty');
  await signIn(page, faculty);
  await page.goto('/settings/edit-profile');
  await serviceWorkerReady(page);
  await expectAllSynced(page);
  const me = (await sessionUser(page))!;
  const { token } = await api.login(faculty.email);
  const designation = `Lecturer ${String(Date.now()).slice(-6)}`;

  await goOffline(context);
  await page.getByLabel('Designation').fill(designation);
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(syncStatus(page)).toHaveAccessibleName(/1 pending/);
  expect((await api.getUser(me.id, token)).designation).not.toBe(designation);

  const [worker] = context.serviceWorkers();
  expect(worker, 'the app’s service worker').toBeDefined();
  const closedAt = Date.now();
  await page.close(); // the leading tab is gone: nobody holds the sync lock
  await goOnline(context);

  // A same-origin document that is not the app (a precached icon) hosts the DevTools session; no tab engine runs.
  const icon = await context.newPage();
  await icon.goto('/icons/icon-192.png');
  const cdp = await context.newCDPSession(icon);
  const registrations: Registration[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: Registration[] }) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.filter((r) => !r.isDeleted).length).toBeGreaterThan(0);
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(icon.url()).origin,
    registrationId: registrations.find((r) => !r.isDeleted)!.registrationId,
    tag: 'observa-sync',
    lastChance: false,
  });

  await expect.poll(async () => (await api.getUser(me.id, token)).designation, { timeout: 30_000 }).toBe(designation);
  const last = await worker.evaluate(() => (self as unknown as { observaLastSync?: { startedAt: number; error?: string } }).observaLastSync);
  expect(last?.startedAt).toBeGreaterThanOrEqual(closedAt);
  expect(last?.error).toBeUndefined();
});
