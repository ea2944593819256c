/**
 * Server read throughput (issue 13.4): autocannon (10 connections, BENCH_READ_SECONDS each, default 5) against
 * a bare Fastify route (its own process: the machine's HTTP ceiling) and the database-backed read routes of the
 * real server — GET /course/{id}, /courses, /observations, /observation/{id}, /user/{id}, /dashboard and an empty
 * pull (/sync/changes at the current cursor) — signed in as the demo Head of Department, on PGlite (a fresh
 * DATA_DIR with the demo seed) and on PostgreSQL (a scratch database on 127.0.0.1:5432, dropped after;
 * BENCH_READ_DB=pglite or =postgres runs one). Prints req/s per route and its ratio to the bare route.
 * Target: every route answers without errors (the speed-up over the recorded baseline is read off the figures:
 * on a shared machine absolute rates move with the load).
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import { ServerApi } from '../e2e/support/api.js';
import { demo } from '../e2e/support/demo.js';
import { root, startServer } from '../e2e/support/server.js';
import { type BenchResult, type Target } from './support.js';
import { freshPgDatabase } from '../instances/processes.js';

const SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 5);
const DBS = (process.env.BENCH_READ_DB ?? 'pglite,postgres').split(',') as ('pglite' | 'postgres')[];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function load(url: string, token?: string): Promise<{ perSecond: number; errors: number; non2xx: number }> {
  const r = await autocannon({ url, connections: 10, duration: SECONDS, headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { perSecond: r.requests.average, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

/** A bare Fastify route in its own process, as the server runs in its own. */
async function bareFastify(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const code = `const f = require('fastify')(); f.get('/bare', async () => ({ ok: true })); f.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = spawn(process.execPath, ['-e', code], { cwd: root, stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}/bare`;
  for (let i = 0; i < 100; i++) {
    if (await fetch(url).then((r) => r.ok, () => false)) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, stop: () => child.kill('SIGTERM') };
}

/** Route name → [url, token]. */
async function routesOf(base: string, api: ServerApi, token: string, meId: string): Promise<Record<string, [string, string]>> {
  const get = <T>(p: string, t = token) => api.request<T>('GET', p, { token: t });
  const { courses } = await get<{ courses: { id: string }[] }>('/courses');
  // The demo's staged observations are in another department than the demo HOD's: the one observation document
  // read is read by the Super_Admin (who sees every observation).
  const admin = (await api.login(demo('Super_Admin').email)).token;
  const observations = await get<{ id: string }[]>('/observations', admin);
  if (!courses[0] || !observations[0]) throw new Error('the demo seed gave no course or no observation to read');
  // The cursor after a full download: the pull from there is the empty pull an idle open app makes.
  let cursor = '0';
  for (let i = 0; i < 100; i++) {
    const page = await get<{ cursor: string; hasMore: boolean }>(`/sync/changes?since=${cursor}&limit=1000`);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  return {
    'GET /course/{id}': [`${base}/api/course/${courses[0].id}`, token],
    'GET /courses': [`${base}/api/courses`, token],
    'GET /observations': [`${base}/api/observations`, token],
    'GET /observation/{id} (Super_Admin)': [`${base}/api/observation/${observations[0].id}`, admin],
    'GET /user/{id}': [`${base}/api/user/${meId}`, token],
    'GET /dashboard': [`${base}/api/dashboard`, token],
    'GET /sync/changes (empty pull)': [`${base}/api/sync/changes?since=${cursor}`, token],
  };
}

export async function serverReads(): Promise<BenchResult> {
  const bare = await bareFastify();
  const figures: Record<string, unknown> = {};
  const targets: Target[] = [];
  try {
    await load(bare.url); // warm-up
    const bareRate = (await load(bare.url)).perSecond;
    console.log(`  bare Fastify: ${bareRate.toFixed(0)} req/s`);
    figures.bareFastify = bareRate;
    for (const kind of DBS) {
      const pgDb = kind === 'postgres' ? await freshPgDatabase('b_reads') : null;
      const server = await startServer({
        logFile: path.join(root, `tests/bench/.results/server-reads-${kind}.log`),
        env: { ...(pgDb ? { DATABASE_URL: pgDb.url } : {}), LOG_LEVEL: 'warn' },
        upTimeoutMs: 400_000,
      });
      try {
        const api = new ServerApi(server.url);
        const me = await api.login(demo('Head_of_Department').email);
        const routes = await routesOf(server.url, api, me.token, me.id);
        const perRoute: Record<string, { perSecond: number; ratioToBare: number }> = {};
        for (const [name, [url, token]] of Object.entries(routes)) {
          await load(url, token); // warm-up (compiled code paths, prepared plans)
          const r = await load(url, token);
          perRoute[name] = { perSecond: r.perSecond, ratioToBare: r.perSecond / bareRate };
          console.log(`  [${kind}] ${name}: ${r.perSecond.toFixed(0)} req/s (1 : ${(bareRate / Math.max(r.perSecond, 1)).toFixed(0)} of bare)`);
          targets.push({ what: `[${kind}] ${name} errors and non-2xx`, value: r.errors + r.non2xx, limit: 0, kind: 'max', unit: 'requests' });
        }
        figures[kind] = perRoute;
      } finally {
        await server.stop();
        await pgDb?.drop();
      }
    }
  } finally {
    bare.stop();
  }
  return { name: 'server-reads', figures, targets };
}
