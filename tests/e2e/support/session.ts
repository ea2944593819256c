/**
 * Signing in and out through the real login screen, as a person would.
 */
import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD, type DemoAccount } from './demo.js';

export async function signIn(page: Page, account: DemoAccount | string, password = DEMO_PASSWORD): Promise<void> {
  const email = typeof account === 'string' ? account : account.email;
  await page.goto('/login');
  await page.getByRole('textbox', { name: /email/i }).fill(email);
  await page.getByLabel(/password/i).first().fill(password);
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  // After a successful login the user goes to / (SPEC §2) and the shell renders.
  await expect(page).toHaveURL(/\/(dashboard)?$/, { timeout: 20_000 });
}

/** The session user as the client keeps it (localStorage `user`, SPEC §3). */
export async function sessionUser(page: Page): Promise<{ id: string; name: string; role: string; token?: string } | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('user');
    return raw ? JSON.parse(raw) : null;
  });
}

/**
 * Waits until the app's service worker is active (registration happens when the root route mounts
 * <UpdatePrompt/>); fails after 15 s with a clear message instead of hanging on `navigator.serviceWorker.ready`.
 */
export async function serviceWorkerReady(page: Page, timeoutMs = 15_000): Promise<string> {
  return page.evaluate(async (ms) => {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no service worker became active within ${ms / 1000} s (is it registered?)`)), ms),
    );
    const reg = await Promise.race([navigator.serviceWorker.ready, timeout]);
    return reg.active?.state ?? 'none';
  }, timeoutMs);
}

/** The header's sync status button; its accessible name carries the state ("Sync status: Offline, 1 pending"). */
export function syncStatus(page: Page) {
  return page.getByRole('button', { name: /^Sync status:/ });
}

export async function expectAllSynced(page: Page, timeout = 30_000): Promise<void> {
  await expect(syncStatus(page)).toHaveAccessibleName(/All changes synced/, { timeout });
}

/** Sync-lock holders and waiters as the browser sees them (navigator.locks, shared by the origin's tabs). */
export async function syncLocks(page: Page): Promise<{ held: number; pending: number }> {
  return page.evaluate(async () => {
    const q = await navigator.locks.query();
    const mine = (l: { name?: string }) => l.name === 'observa-sync';
    return { held: (q.held ?? []).filter(mine).length, pending: (q.pending ?? []).filter(mine).length };
  });
}
