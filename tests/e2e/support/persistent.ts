/**
 * A browser profile on disk. Playwright's ordinary contexts are incognito-like, and Chromium never offers to
 * install an app from an incognito window (installability error "in-incognito"); an installed-app check therefore
 * needs a persistent context — the same Chromium, flags and a fresh temporary profile.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type TestInfo } from '@playwright/test';

export async function persistentContext(baseURL: string, testInfo: TestInfo): Promise<BrowserContext & { cleanup(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'observa-profile-'));
  const launch = testInfo.project.use.launchOptions ?? {};
  const context = await chromium.launchPersistentContext(dir, {
    ...launch,
    headless: true,
    baseURL,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'allow',
  });
  return Object.assign(context, {
    async cleanup() {
      await context.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
}
