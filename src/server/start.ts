/**
 * `npm start`, first half: build what is stale — the client (dist/client, vite) when dist/client/index.html is
 * missing or older than any client source, and the server (dist/server/main.mjs, one esbuild bundle beside a copy
 * of the migrations) when it is older than any server source. The second half of the script runs the bundle with
 * plain `node` (package.json), which migrates and seeds on start.
 *
 * Why a bundle: under the tsx loader the idle server held ~110 MB more (transformed sources and their maps kept
 * for the life of the process); the bundle is what a deployment runs (tests/bench/idle-rss.ts measures it).
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Everything the client build reads. */
export const CLIENT_SOURCES = ['src/client', 'src/shared', 'sw', 'public', 'index.html', 'vite.config.ts'];
/** Everything the server bundle reads (its dependencies stay in node_modules: `packages: 'external'`). */
export const SERVER_SOURCES = ['src/server', 'src/shared', 'package.json'];
/** The server bundle `npm start` runs; its migrations are copied beside it (db/migration-journal.ts reads `./migrations`). */
export const SERVER_BUNDLE = 'dist/server/main.mjs';

/** Newest modification time under a file or directory (0 when absent). */
export function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) {
    // The router plugin rewrites this file during every build; it must not make the build look stale.
    if (entry === 'route-tree.gen.ts') continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry)));
  }
  return newest;
}

function isStale(root: string, built: string, sources: string[]): boolean {
  const file = path.join(root, built);
  if (!existsSync(file)) return true;
  const builtAt = statSync(file).mtimeMs;
  return sources.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

/** True when `${root}/dist/client/index.html` is missing or older than any client source. */
export function clientIsStale(root = ROOT): boolean {
  return isStale(root, 'dist/client/index.html', CLIENT_SOURCES);
}

/** True when the server bundle is missing or older than any server source. */
export function serverIsStale(root = ROOT): boolean {
  return isStale(root, SERVER_BUNDLE, SERVER_SOURCES);
}

/** Bundles src/server/main.ts (Node 20, ESM, dependencies external) and copies the migrations beside it. */
export async function buildServer(root = ROOT): Promise<void> {
  console.log('Building the server (esbuild)…');
  const { build } = await import('esbuild');
  const out = path.join(root, SERVER_BUNDLE);
  const migrations = path.join(path.dirname(out), 'migrations');
  rmSync(migrations, { recursive: true, force: true });
  cpSync(path.join(root, 'src/server/db/migrations'), migrations, { recursive: true });
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}

export function buildClient(root = ROOT): void {
  console.log('Building the client (vite build)…');
  // bin/vite.js is not in vite's exports map: find it through the exported package.json.
  const pkgPath = createRequire(import.meta.url).resolve('vite/package.json');
  const vite = path.join(path.dirname(pkgPath), 'bin/vite.js');
  const res = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) {
    console.error('The client build failed; see the output above.');
    process.exit(res.status ?? 1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (clientIsStale()) buildClient();
  if (serverIsStale()) await buildServer();
}
