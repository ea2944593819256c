/**
 * First sync at scale, shared by the Playwright check (tests/e2e/first-sync-1000.spec.ts) and the benchmark
 * (tests/bench/first-sync.ts): seed a DATA_DIR with `npm run seed:scale`, start the real server on it, sign in
 * through the login screen and time until the replica's first pull has finished — the engine writes
 * `meta.lastSyncedAt` in the transaction of the last page (src/client/sync/pull.ts) — while CDP counts the bytes
 * that crossed the wire (Network.loadingFinished encodedDataLength: compressed bodies plus headers).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { root } from './server.js';

/** A fresh DATA_DIR holding the demo university plus `n` observations (seed:scale); resolves with its path. */
export async function seededDataDir(n: number, log: (line: string) => void = () => undefined): Promise<{ dir: string; seedMs: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `observa-scale-${n}-`));
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/seed/scale/cli.ts', '--observations', String(n)], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const take = (b: Buffer) => {
      out += b.toString();
      for (const line of b.toString().split('\n')) if (line.trim()) log(line);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`seed:scale exited ${code}:\n${out.slice(-3000)}`))));
  });
  return { dir, seedMs: performance.now() - t0 };
}

export interface FirstSync {
  /** From the click on "Log in" to meta.lastSyncedAt in the replica. */
  ms: number;
  /** Every response the page received (app shell, assets, API), as encoded on the wire. */
  bytesTotal: number;
  /** The sync feed pages only (GET /api/sync/changes). */
  bytesFeed: number;
  feedPages: number;
  /** Observations in the replica afterwards. */
  replicaObservations: number;
}

/** Reads meta.lastSyncedAt (or null) and the observation count from the replica, without creating the database. */
async function replicaState(page: Page): Promise<{ synced: unknown; observations: number } | null> {
  return page.evaluate(async () => {
    const dbs = await indexedDB.databases();
    if (!dbs.some((d) => d.name === 'observa')) return null;
    return new Promise((resolve) => {
      const req = indexedDB.open('observa');
      req.onerror = () => resolve(null);
      req.onsuccess = () => {
        const db = req.result;
        try {
          const tx = db.transaction(['meta', 'observations'], 'readonly');
          const meta = tx.objectStore('meta').get('lastSyncedAt');
          const count = tx.objectStore('observations').count();
          tx.oncomplete = () => {
            db.close();
            resolve({ synced: (meta.result as { value?: unknown } | undefined)?.value ?? null, observations: count.result });
          };
          tx.onerror = () => {
            db.close();
            resolve(null);
          };
        } catch {
          db.close();
          resolve(null);
        }
      };
    });
  });
}

export async function measureFirstSync(page: Page, baseUrl: string, email: string, password: string, timeoutMs: number): Promise<FirstSync> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  let bytesTotal = 0;
  let bytesFeed = 0;
  let feedPages = 0;
  cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) => urls.set(e.requestId, e.request.url));
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    bytesTotal += e.encodedDataLength;
    if (urls.get(e.requestId)?.includes('/api/sync/changes')) {
      bytesFeed += e.encodedDataLength;
      feedPages++;
    }
  });

  await page.goto(`${baseUrl}/login`);
  await page.getByRole('textbox', { name: /email/i }).fill(email);
  await page.getByLabel(/password/i).first().fill(password);
  const t0 = performance.now();
  await page.getByRole('button', { name: /^log ?in$/i }).click();
  const deadline = Date.now() + timeoutMs;
  let state = await replicaState(page).catch(() => null);
  while (!state?.synced) {
    if (Date.now() > deadline) throw new Error(`first sync did not finish within ${timeoutMs / 1000} s (${feedPages} feed pages so far)`);
    await new Promise((r) => setTimeout(r, 100));
    state = await replicaState(page).catch(() => null);
  }
  const ms = performance.now() - t0;
  await cdp.detach();
  return { ms, bytesTotal, bytesFeed, feedPages, replicaObservations: state.observations };
}
