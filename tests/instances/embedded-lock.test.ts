/**
 * One process per embedded database: real `main.ts` processes on one DATA_DIR. A second start is
 * refused (exit 75, the directory named); after the first is killed with SIGKILL, the next start succeeds.
 * And the lock file's rules in process: a dead holder and a reused pid are stale, a live holder is not.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, EXIT_DATA_DIR_LOCKED, lockDataDir } from '../../src/server/db/data-dir-lock.js';
import { json, startServer, stopServer, type ServerProcess } from './processes.js';

const root = mkdtempSync(path.join(tmpdir(), 'observa-lock-'));
const started: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(started.map(stopServer));
  rmSync(root, { recursive: true, force: true });
});

describe('two servers on one DATA_DIR', () => {
  it('refuses the second start, and a SIGKILLed holder does not block the next one', { timeout: 180_000 }, async () => {
    const dataDir = path.join(root, 'data');
    const env = { DATA_DIR: dataDir, SEED_DEMO: 'true' };
    const first = startServer(env);
    started.push(first);
    const url = await first.ready;

    const second = startServer(env);
    started.push(second);
    expect(await second.exited).toBe(EXIT_DATA_DIR_LOCKED);
    expect(second.output()).toContain(`The embedded database in ${path.join(dataDir, 'db')} is in use by another Observa process (pid ${first.child.pid})`);
    // The refused process left the first one's lock and database alone.
    expect((await json(`${url}/api/auth/login`, 'POST', { email: 'admin@university.edu', password: 'observa-demo' })).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(path.join(dataDir, 'db.lock'))).toBe(true); // left behind by the killed process

    const third = startServer(env);
    started.push(third);
    const url3 = await third.ready;
    expect((await json(`${url3}/api/auth/login`, 'POST', { email: 'admin@university.edu', password: 'observa-demo' })).status).toBe(200);
    expect(JSON.parse(readFileSync(path.join(dataDir, 'db.lock'), 'utf8')).pid).toBe(third.child.pid);
  });
});

describe('lockDataDir', () => {
  const dir = () => mkdtempSync(path.join(root, 'unit-'));
  const holder = (pid: number, start: string | null) => JSON.stringify({ pid, start, boot: null, host: hostname(), nonce: 'x' });

  it('refuses while held in this process, and frees the directory on release', () => {
    const d = dir();
    const lock = lockDataDir(d);
    expect(() => lockDataDir(d)).toThrow(DataDirLockedError);
    lock.release();
    lockDataDir(d).release();
    expect(existsSync(`${d}.lock`)).toBe(false);
  });

  it('takes over the lock of a process that is gone', async () => {
    const d = dir();
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => gone.once('exit', r));
    writeFileSync(`${d}.lock`, holder(gone.pid!, null));
    const lock = lockDataDir(d);
    expect(JSON.parse(readFileSync(`${d}.lock`, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it.runIf(process.platform === 'linux')('takes over a lock whose pid now belongs to another process (start time differs)', () => {
    const d = dir();
    // The parent process is alive, but it is not the process that wrote this lock: its start time differs.
    writeFileSync(`${d}.lock`, holder(process.ppid, '1'));
    lockDataDir(d).release();
    // The same live pid with its real start time is a live holder.
    const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    writeFileSync(`${d}.lock`, holder(process.ppid, start));
    expect(() => lockDataDir(d)).toThrow(`(pid ${process.ppid})`);
  });
});
