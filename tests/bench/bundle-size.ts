/**
 * Bundle size: gzip bytes of the JavaScript and CSS that the login screen plus the dashboard route load, and of
 * every lazy chunk in dist/client/assets.
 *
 * What loads is observed in Chromium against the built app (service worker blocked, so its precache does not count):
 * sign in as a Head of Department, wait for the dashboard and for the network to go quiet. Of those files, the
 * *initial* ones are the entry's static import closure plus the route chunks the entry (the route tree) imports
 * dynamically, with their static closures — a route chunk is one the build's manifest says was built from a module
 * of src/client/routes; a file reached only through a dynamic import() inside a feature (the sync engine, the
 * charts, the PDF export) is *lazy*, as docs/performance.md sets.
 * Targets (docs/performance.md): initial JS ≤ 230 KB, initial CSS ≤ 40 KB, each lazy chunk ≤ 130 KB.
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

/** Relative imports of a built chunk: static (`from"./x.js"`, `import"./x.js"`) and dynamic (`import("./x.js")`). */
function importsOf(file: string): { static: string[]; dynamic: string[] } {
  const code = fs.readFileSync(path.join(dist, file), 'utf8');
  const dir = path.posix.dirname(file);
  const resolve = (spec: string) => path.posix.join(dir, spec);
  const stat = [...code.matchAll(/(?:\bfrom|\bimport)\s*["'`](\.\.?\/[^"'`]+)["'`]/g)].map((m) => resolve(m[1]));
  const dyn = [...code.matchAll(/\bimport\(\s*["'`](\.\.?\/[^"'`]+)["'`]\s*\)/g)].map((m) => resolve(m[1]));
  return { static: stat, dynamic: dyn };
}

function staticClosure(start: string, into: Set<string>): void {
  if (into.has(start) || !start.endsWith('.js')) return;
  into.add(start);
  for (const dep of importsOf(start).static) staticClosure(dep, into);
}

/** Chunks built from a route module (src/client/routes/…), by the build's manifest (vite.config.ts `build.manifest`). */
function routeChunks(): Set<string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, { file: string; src?: string }>;
  return new Set(Object.values(manifest).filter((c) => c.src?.startsWith('src/client/routes/')).map((c) => c.file));
}

/** Base name without the content hash: assets/stream-chart-C72MeKHI.css → assets/stream-chart. */
const stem = (f: string) => f.replace(/-[\w-]{8}\.(js|css)$/, '');

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
    await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor({ timeout: 30_000 });
    // Quiet: no new script or stylesheet for 1.5 s.
    for (let size = -1; size !== loaded.size; ) {
      size = loaded.size;
      await page.waitForTimeout(1_500);
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }

  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)].map((m) => m[1]);
  const htmlCss = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)].map((m) => m[1]);
  const initialSet = new Set<string>();
  const routes = routeChunks();
  for (const entry of entries) {
    staticClosure(entry, initialSet);
    // Route chunks: dynamic imports of the entry (the route tree) that this journey loaded. The entry chunk also
    // holds modules that load features lazily (the sync engine, the uploader): their chunks are not routes.
    for (const route of importsOf(entry).dynamic) if (loaded.has(route) && routes.has(route)) staticClosure(route, initialSet);
  }
  const initialStems = new Set([...initialSet].map(stem));
  const initialJs = [...initialSet].sort();
  const initialCss = [...new Set([...htmlCss, ...[...loaded].filter((f) => f.endsWith('.css') && initialStems.has(stem(f)))])].sort();
  const initial = [...initialJs, ...initialCss];
  const assets = fs.readdirSync(path.join(dist, 'assets')).map((f) => `assets/${f}`);
  const lazy = assets.filter((f) => (f.endsWith('.js') || f.endsWith('.css')) && !initialSet.has(f) && !initialCss.includes(f));
  const loadedKB = [...loaded].reduce((n, f) => n + gz(f), 0) / KB;
  const jsKB = initialJs.reduce((n, f) => n + gz(f), 0) / KB;
  const cssKB = initialCss.reduce((n, f) => n + gz(f), 0) / KB;
  const lazySizes = lazy.map((f) => ({ file: f, kb: gz(f) / KB })).sort((a, b) => b.kb - a.kb);

  return {
    name: 'bundle-size',
    figures: {
      initialJsKB: jsKB,
      initialCssKB: cssKB,
      everythingTheDashboardLoadedKB: loadedKB,
      loadedButLazy: [...loaded].filter((f) => !initial.includes(f)),
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
