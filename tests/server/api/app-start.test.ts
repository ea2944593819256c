import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../src/server/seed/demo-accounts.js';
import { spawn } from 'node:child_process';
import { clientIsStale, serverIsStale, buildServer, SERVER_BUNDLE } from '../../../src/server/start.js';
import { freePort } from '../../e2e/support/server.js';

let root: string;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

function write(rel: string, at: number) {
  const p = path.join(root, rel);
  mkdirSync(path.dirname(p), { recursive: true });
  writeFileSync(p, 'x');
  utimesSync(p, at / 1000, at / 1000);
}

describe('npm start: client staleness', () => {
  it('builds when the client is missing, newer sources make it stale, the generated route tree does not', () => {
    root = mkdtempSync(path.join(tmpdir(), 'observa-start-'));
    const t0 = Date.now() - 100_000;
    write('src/client/main.tsx', t0);
    write('src/shared/enums.ts', t0);
    write('index.html', t0);
    expect(clientIsStale(root)).toBe(true);
    write('dist/client/index.html', t0 + 10_000);
    expect(clientIsStale(root)).toBe(false);
    write('src/client/route-tree.gen.ts', t0 + 20_000);
    expect(clientIsStale(root)).toBe(false);
    write('src/shared/messages.ts', t0 + 20_000);
    expect(clientIsStale(root)).toBe(true);
    write('dist/client/index.html', t0 + 30_000);
    write('public/icons/icon.png', t0 + 40_000);
    expect(clientIsStale(root)).toBe(true);
  });
});

describe('npm start: the server bundle', () => {
  it('is stale when missing or older than a server or shared source', () => {
    root = mkdtempSync(path.join(tmpdir(), 'observa-start-'));
    const t0 = Date.now() - 100_000;
    write('src/server/main.ts', t0);
    write('src/shared/enums.ts', t0);
    write('package.json', t0);
    expect(serverIsStale(root)).toBe(true);
    write(SERVER_BUNDLE, t0 + 10_000);
    expect(serverIsStale(root)).toBe(false);
    write('src/client/main.tsx', t0 + 20_000);
    expect(serverIsStale(root)).toBe(false);
    write('src/server/db/migrations/0099_next.sql', t0 + 20_000);
    expect(serverIsStale(root)).toBe(true);
  });

  it('builds, migrates a fresh DATA_DIR with its copied migrations, seeds and answers under plain node', { timeout: 180_000 }, async () => {
    const repo = path.resolve(import.meta.dirname, '../../..');
    await buildServer(repo);
    root = mkdtempSync(path.join(tmpdir(), 'observa-bundle-'));
    // A port the system just handed out (a random one could be taken, and the server would exit at once).
    const port = await freePort();
    const child = spawn(process.execPath, [SERVER_BUNDLE], {
      cwd: repo,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: root, DATABASE_URL: '', SEED_DEMO: 'true', LOG_LEVEL: 'warn', CLIENT_DIR: root },
      stdio: 'ignore',
    });
    try {
      let login: Response | null = null;
      for (let i = 0; i < 300 && !login && child.exitCode === null; i++) {
        login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'superadmin@university.edu', password: DEMO_PASSWORD }),
        }).catch(() => null);
        if (!login) await new Promise((r) => setTimeout(r, 300));
      }
      expect(login?.status).toBe(200);
      const { token } = (await login!.json()) as { token: string };
      const courses = await fetch(`http://127.0.0.1:${port}/api/courses`, { headers: { authorization: `Bearer ${token}` } });
      expect(courses.status).toBe(200);
    } finally {
      // A server that already exited sends no second 'exit': waiting for one would hang the test to its timeout.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    }
  });
});
