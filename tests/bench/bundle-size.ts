/**
 * Bundle size: gzip bytes of the JavaScript and CSS that the login screen plus the dashboard route really load,
 * measured in Chromium against the built app (service worker blocked, so its precache does not count), and of every
 * other (lazy) chunk in dist/client/assets.
 * Targets (DESIGN.md § Quality bars): initial JS ≤ 230 KB, initial CSS ≤ 40 KB, each lazy chunk ≤ 130 KB.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildClientIfStale, root, startServer } from '../e2e/support/server.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../e2e/support/demo.js';
import { launchChromium, type BenchResult } from './support.js';

const KB = 1024;
const dist = path.join(root, 'dist/client');
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;

export async function bundleSize(): Promise<BenchResult> {
  buildClientIfStale();
  const server = await startServer({ logFile: path.join(root, 'tests/bench/.results/server-bundle.log') });
  const browser = await launchChromium();
  const loaded = new Set<string>();
  try {
    const context = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const page = await context.newPage();
    page.on('response', (res) => {
      const type = res.request().resourceType();
      const url = new URL(res.url());
      if ((type === 'script' || type === 'stylesheet') && url.origin === server.url && res.ok()) loaded.add(url.pathname.slice(1));
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    const hod = DEMO_ACCOUNTS.find((a) => a.role === 'Head_of_Department')!;
    await page.getByRole('textbox', { name: /email/i }).fill(hod.email);
    await page.getByLabel(/password/i).first().fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /^log ?in$/i }).click();
    await page.waitForURL(/\/(dashboard)?$/, { timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }

  const initial = [...loaded].sort();
  const initialJs = initial.filter((f) => f.endsWith('.js'));
  const initialCss = initial.filter((f) => f.endsWith('.css'));
  const assets = fs.readdirSync(path.join(dist, 'assets')).map((f) => `assets/${f}`);
  const lazy = assets.filter((f) => (f.endsWith('.js') || f.endsWith('.css')) && !loaded.has(f));
  const jsKB = initialJs.reduce((n, f) => n + gz(f), 0) / KB;
  const cssKB = initialCss.reduce((n, f) => n + gz(f), 0) / KB;
  const lazySizes = lazy.map((f) => ({ file: f, kb: gz(f) / KB })).sort((a, b) => b.kb - a.kb);

  return {
    name: 'bundle-size',
    figures: {
      initialJsKB: jsKB,
      initialCssKB: cssKB,
      initialFiles: initial.map((f) => ({ file: f, kb: gz(f) / KB })),
      largestLazy: lazySizes.slice(0, 8),
      lazyChunks: lazySizes.length,
    },
    targets: [
      { what: 'initial JS (login + dashboard), gzip', value: jsKB, limit: 230, kind: 'max', unit: 'KB' },
      { what: 'initial CSS, gzip', value: cssKB, limit: 40, kind: 'max', unit: 'KB' },
      { what: `largest lazy chunk (${lazySizes[0]?.file ?? 'none'}), gzip`, value: lazySizes[0]?.kb ?? 0, limit: 130, kind: 'max', unit: 'KB' },
    ],
  };
}
