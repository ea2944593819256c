/**
 * Chromium DevTools Protocol helpers: what Chromium itself says about installability and the web app manifest.
 */
import type { Page } from '@playwright/test';

export interface InstallabilityError {
  errorId: string;
  errorArguments: Array<{ name: string; value: string }>;
}

/** `Page.getInstallabilityErrors`: an empty list means Chromium considers the app installable. */
export async function installabilityErrors(page: Page): Promise<InstallabilityError[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const r = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: InstallabilityError[] };
    return r.installabilityErrors;
  } finally {
    await cdp.detach();
  }
}

export interface AppManifest {
  url: string;
  errors: Array<{ message: string; critical: number }>;
  data?: string;
}

/** `Page.getAppManifest`: the manifest Chromium fetched for this page, with its parse errors. */
export async function appManifest(page: Page): Promise<AppManifest> {
  const cdp = await page.context().newCDPSession(page);
  try {
    return (await cdp.send('Page.getAppManifest')) as AppManifest;
  } finally {
    await cdp.detach();
  }
}
