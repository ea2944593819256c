/**
 * The installable app: the service worker is active, Chromium parses the manifest without errors, the manifest
 * says what an installed app needs, and `Page.getInstallabilityErrors` reports nothing.
 */
import { appManifest, installabilityErrors } from './support/cdp.js';
import { expect, test } from './support/fixtures.js';
import { persistentContext } from './support/persistent.js';
import { serviceWorkerReady } from './support/session.js';

test('service worker active, manifest valid, Chromium reports the app installable', async ({ baseURL, request }, testInfo) => {
  // Installability is judged for a normal (non-incognito) profile, as a user's browser is.
  const context = await persistentContext(baseURL!, testInfo);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/login');
  expect(await serviceWorkerReady(page)).toMatch(/^activat(ed|ing)$/);
  // The worker takes control of the open page (clients.claim on first install).
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const m = await appManifest(page);
  expect(m.url).toMatch(/\/manifest\.webmanifest$/);
  expect(m.errors).toEqual([]);
  const manifest = JSON.parse(m.data ?? '{}') as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
  };
  expect(manifest.name).toContain('Observa');
  expect(manifest.short_name).toBe('Observa');
  expect(manifest.display).toBe('standalone');
  expect(manifest.start_url).toBe('/');
  expect(manifest.theme_color).toBe('#1c7ed6');
  expect(manifest.background_color).toBeTruthy();
  const sizes = manifest.icons.map((i) => `${i.sizes}${i.purpose === 'maskable' ? ' maskable' : ''}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512', '512x512 maskable']));

  // Every icon is a real PNG of the size it claims (IHDR width/height).
  for (const icon of manifest.icons) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    const png = await res.body();
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const [w, h] = icon.sizes.split('x').map(Number);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], icon.src).toEqual([w, h]);
  }

  expect(await installabilityErrors(page)).toEqual([]);
  await context.cleanup();
});

test('an unknown path outside /api is the app (navigation fallback); /api paths are never the shell', async ({ page, request }) => {
  await page.goto('/login');
  await serviceWorkerReady(page);
  await page.goto('/no/such/page');
  await expect(page.locator('#root')).not.toBeEmpty();
  const api = await request.get('/api/no-such-route');
  expect(api.status()).toBe(404);
  expect(await api.json()).toHaveProperty('error');
});
