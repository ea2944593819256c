/**
 * A real Observa server for browser journeys and benchmarks: `src/server/main.ts` (the same entry as `npm start`
 * minus the build step) on a free loopback port with a fresh temporary DATA_DIR (PGlite + demo seed).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../../..');

/** Newest modification time under the given paths (files or folders). */
function newest(paths: string[]): number {
  let max = 0;
  const visit = (p: string) => {
    let st: fs.Stats;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      // The router plugin rewrites its generated route tree on every build: not a source change.
      for (const name of fs.readdirSync(p)) if (name !== 'route-tree.gen.ts') visit(path.join(p, name));
    } else if (st.mtimeMs > max) max = st.mtimeMs;
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return max;
}

export function buildClientIfStale(): void {
  const built = path.join(root, 'dist/client/index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  const sourcesAt = newest(['src/client', 'src/shared', 'sw', 'public', 'index.html', 'vite.config.ts', 'package.json']);
  if (builtAt >= sourcesAt && fs.existsSync(path.join(root, 'dist/client/sw.js'))) return;
  console.log('[e2e] client build is stale: vite build');
  const r = spawnSync(path.join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build failed');
}

/** A loopback port the system just handed out (free at that moment). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode} before answering`);
    try {
      const res = await fetch(`${url}/api/department`, { signal: AbortSignal.timeout(2_000) });
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer on ${url} within ${timeoutMs / 1000} s`);
}

export interface RunningServer {
  url: string;
  dataDir: string;
  logFile: string;
  /** The server process (benchmarks read its memory from /proc). */
  pid: number;
  stop(): Promise<void>;
}

/** `upTimeoutMs`: how long to wait for the first answer (default 120 s; a large PGlite DATA_DIR opens slowly). */
/**
 * `entry`: 'source' (default) runs src/server/main.ts under tsx, as the test suites do; 'bundle' runs the
 * dist/server/main.mjs `npm start` runs (build it first: buildServer in src/server/start.ts). `dataDir`: reuse a
 * directory (kept on stop) instead of a fresh one (removed on stop). `checkout`: run the server of another
 * checkout of this repository (a git worktree of an older commit, for before/after benchmarks); the built client
 * is still this checkout's. `port`: listen there instead of on a fresh free port.
 */
export async function startServer(opts: {
  logFile: string;
  env?: Record<string, string>;
  upTimeoutMs?: number;
  entry?: 'source' | 'bundle';
  dataDir?: string;
  checkout?: string;
  /** A port chosen beforehand (when something else must know the address first: the identity provider). */
  port?: number;
}): Promise<RunningServer> {
  const port = opts.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'observa-e2e-'));
  // The server gets its own copy of the built client, so a `vite build` started meanwhile in this checkout
  // (which empties dist/client) cannot pull the app from under a running journey.
  const clientDir = path.join(dataDir, 'client');
  fs.cpSync(path.join(root, 'dist/client'), clientDir, { recursive: true });
  fs.mkdirSync(path.dirname(opts.logFile), { recursive: true });
  const log = fs.openSync(opts.logFile, 'w');
  // The bundle runs as package.json's start script runs it: a 4 MB young generation and two malloc arenas (the
  // libuv threads that hash passwords each kept an arena of freed scrypt buffers resident): ~50 MB less idle RSS.
  const args = opts.entry === 'bundle' ? ['--max-semi-space-size=4', 'dist/server/main.mjs'] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: opts.checkout ?? root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      PUBLIC_URL: url,
      CLIENT_DIR: clientDir,
      LOG_LEVEL: 'warn',
      // Every journey signs in from 127.0.0.1, two workers at a time: one address, many people.
      LOGIN_LIMIT_PER_MINUTE: '600',
      ...(opts.entry === 'bundle' ? { MALLOC_ARENA_MAX: '2' } : {}),
      ...opts.env,
    },
    stdio: ['ignore', log, log],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    fs.closeSync(log);
    if (!opts.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    else fs.rmSync(clientDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(url, child, opts.upTimeoutMs ?? 120_000);
  } catch (err) {
    await stop().catch(() => undefined);
    console.error(fs.readFileSync(opts.logFile, 'utf8').slice(-4000));
    throw err;
  }
  return { url, dataDir, logFile: opts.logFile, pid: child.pid!, stop };
}
