/**
 * Playwright global setup: a real server for the journeys.
 *  1. builds the client (vite build) when dist/client is missing or older than any client source;
 *  2. starts `src/server/main.ts` on a free loopback port with a fresh temporary DATA_DIR (PGlite, demo seed);
 *  3. waits until the API answers, exports the address as OBSERVA_E2E_URL for the workers;
 *  4. returns the teardown: stop the server, delete the DATA_DIR.
 * With OBSERVA_E2E_URL already set, nothing is built or started.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

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
      for (const name of fs.readdirSync(p)) visit(path.join(p, name));
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

function freePort(): Promise<number> {
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

export default async function globalSetup(): Promise<(() => Promise<void>) | void> {
  if (process.env.OBSERVA_E2E_URL) return;
  buildClientIfStale();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'observa-e2e-'));
  const logFile = path.join(root, 'tests/e2e/.artifacts/server.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      PUBLIC_URL: url,
      CLIENT_DIR: path.join(root, 'dist/client'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: ['ignore', log, log],
  });
  try {
    await waitUntilUp(url, child, 120_000);
  } catch (err) {
    child.kill('SIGKILL');
    console.error(fs.readFileSync(logFile, 'utf8').slice(-4000));
    throw err;
  }
  process.env.OBSERVA_E2E_URL = url;
  process.env.OBSERVA_E2E_DATA_DIR = dataDir;
  console.log(`[e2e] server on ${url} (DATA_DIR ${dataDir}, log ${path.relative(root, logFile)})`);

  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    fs.closeSync(log);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
