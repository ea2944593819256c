/**
 * `npm start`: build the client when dist/client/index.html is missing or older than any client source, then
 * run the server (which migrates and seeds on start).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Everything the client build reads. */
export const CLIENT_SOURCES = ['src/client', 'src/shared', 'sw', 'public', 'index.html', 'vite.config.ts'];

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

/** True when `${root}/dist/client/index.html` is missing or older than any client source. */
export function clientIsStale(root = ROOT): boolean {
  const built = path.join(root, 'dist/client/index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return CLIENT_SOURCES.some((s) => newestMtime(path.join(root, s)) > builtAt);
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
  const { main } = await import('./main.js');
  await main();
}
