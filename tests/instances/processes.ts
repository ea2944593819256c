/**
 * Real server processes for the multi-instance tests: `node --import tsx src/server/main.ts` (what `npm start`
 * runs once the client is built; start.ts would first run a vite build, which these tests do not need), each on a
 * free port, plus fresh PostgreSQL databases created and dropped here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const PG_ADMIN_URL = process.env.OBSERVA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the base URL once the server listens; rejects when the process ends first. */
  ready: Promise<string>;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  output(): string;
}

export function startServer(env: Record<string, string>): ServerProcess {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', CLIENT_DIR: '/nonexistent/observa-client', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) resolve(m[1]);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited (${code}) before listening:\n${out}`)));
  });
  ready.catch(() => undefined); // a test that expects the exit awaits `exited` instead
  return { child, ready, exited, output: () => out };
}

/** SIGTERM (graceful) and wait; used in afterAll. */
export async function stopServer(p: ServerProcess | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill('SIGTERM');
  await p.exited;
}

/** A fresh, empty PostgreSQL database (tests and benchmarks): its URL and a drop function (also when sessions remain). */
export async function freshPgDatabase(prefix = 'i'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `observa_${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function json(url: string, method: string, body?: unknown, token?: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}
