/**
 * Rubric versions at scale (docs/performance.md "Rubric versions at scale"): what rubric versions can move, on two
 * databases of BENCH_RUBRIC_SIZE observations (default 10 000; or `npm run bench -- rubric-scale 2000`) seeded by
 * seed:scale with the same --seed: WITHOUT --rubric-versions (every observation on SPEC's version: the baseline)
 * and WITH it (the first department holds 100 versions, a 30 items × 7 levels rubric among them; each
 * department's observations are spread over three published versions: src/server/seed/scale/rubric-versions.ts).
 * Both servers run at once and every figure is measured on both, alternately, so the machine's load moves both
 * alike; the figure reported is the ratio with / without.
 *
 *   - server reads (autocannon, 10 connections, BENCH_READ_SECONDS each, default 3, or until 30 answers for a
 *     route that gave fewer in its warm-up; after a warm-up of each, three pairs in turn, the median of the
 *     pairs' ratios), signed in as the first department's Head of Department: GET /observations,
 *     GET /observation/{id} (a Completed one of the widest version: with the option the 30 × 7 one; and one of
 *     SPEC's), GET /analytics (default version) and per version (each of the three; the baseline's SPEC version
 *     for each), GET /dashboard and an empty pull (/sync/changes at the head);
 *   - first sync in Chromium (tests/e2e/support/first-sync.ts) of that HOD and of an observer of the department:
 *     time and bytes on the wire, twice each way (without then with, with then without), the mean of each side.
 *
 * Engines: BENCH_RUBRIC_DB (default postgres,pglite; PostgreSQL at 127.0.0.1:5432, scratch databases dropped
 * after). Targets: every req/s ratio ≥ 0.8; every time and bytes ratio ≤ 1.2; no errors or non-2xx.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SPEC_RUBRIC_VERSION_ID } from '../../src/server/db/schema.js';
import { ServerApi } from '../e2e/support/api.js';
import { DEMO_PASSWORD } from '../e2e/support/demo.js';
import { measureFirstSync } from '../e2e/support/first-sync.js';
import { buildClientIfStale, root, startServer, type RunningServer } from '../e2e/support/server.js';
import { freshPgDatabase } from '../instances/processes.js';
import { sizesFromArgs } from './first-sync.js';
import { bareFastifyRate, launchChromium, median, round, type BenchResult, type Target } from './support.js';

const SECONDS = Number(process.env.BENCH_READ_SECONDS ?? 3);
const ENGINES = (process.env.BENCH_RUBRIC_DB ?? 'postgres,pglite').split(',') as ('pglite' | 'postgres')[];
const SEED = '424242';
const MIN_RATE_RATIO = 0.8;
const MAX_COST_RATIO = 1.2;

type Side = 'without' | 'with';

interface Seeded {
  side: Side;
  env: Record<string, string>;
  dataDir?: string;
  hod: string;
  observer: string;
  seedS: number;
  drop: () => Promise<void>;
}

/** seed:scale into a fresh database of `kind`, with or without --rubric-versions; the first department's people. */
async function seed(kind: 'pglite' | 'postgres', n: number, side: Side): Promise<Seeded> {
  const pg = kind === 'postgres' ? await freshPgDatabase('b_rubric') : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `observa-rubric-${side}-`));
  const env: Record<string, string> = pg ? { DATABASE_URL: pg.url } : { DATA_DIR: dataDir, DATABASE_URL: '' };
  const args = ['--import', 'tsx', 'src/server/seed/scale/cli.ts', '--observations', String(n), '--seed', SEED, ...(side === 'with' ? ['--rubric-versions'] : [])];
  const t0 = performance.now();
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env, DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (b: Buffer) => (text += b.toString()));
    child.stderr.on('data', (b: Buffer) => (text += b.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`seed:scale exited ${code}:\n${text.slice(-3000)}`))));
  });
  const seedS = round((performance.now() - t0) / 1000, 1);
  const m = /first department \d+: HOD (\S+), observer (\S+)/.exec(out);
  if (!m) throw new Error(`seed:scale did not name the first department's people:\n${out}`);
  console.log(`    [${kind}] seeded ${n} ${side} rubric versions in ${seedS} s`);
  return {
    side,
    env,
    dataDir: pg ? undefined : dataDir,
    hod: m[1],
    observer: m[2],
    seedS,
    drop: async () => {
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * req/s of `url` under 10 connections: for SECONDS, or (`answers`) until that many answers came back, for a route
 * too slow to answer a few dozen times in SECONDS on a loaded machine (then both sides are timed that way).
 */
async function load(url: string, token: string, answers?: number): Promise<{ perSecond: number; total: number; bad: number }> {
  const opts = { url, connections: 10, headers: { authorization: `Bearer ${token}` }, timeout: 120 };
  const r = await autocannon(answers ? { ...opts, amount: answers } : { ...opts, duration: SECONDS });
  // Answers over the run's length: a route slower than a second has no per-second sample to average.
  return { perSecond: r.requests.total / Math.max(r.duration, 1e-3), total: r.requests.total, bad: r.errors + r.timeouts + r.non2xx };
}

/** Fewer answers than this in a warm-up run: the route is timed by a count of answers instead. */
const FEW = 30;

interface Doc {
  id: string;
  status: string;
  rubricVersionId: string;
}

/** Route name → url, for the first department's HOD on one server. */
async function routesOf(server: RunningServer, hod: string): Promise<{ token: string; versions: string[]; routes: Record<string, string> }> {
  const api = new ServerApi(server.url);
  const base = `${server.url}/api`;
  const { token } = await api.login(hod, DEMO_PASSWORD);
  const get = <T>(p: string) => api.request<T>('GET', p, { token });
  const docs = await get<Doc[]>('/observations');
  const versions = [...new Set(docs.map((d) => d.rubricVersionId))];
  const shapes = await Promise.all(versions.map((v) => get<{ id: string; maximum: number; groups: { items: unknown[] }[] }>(`/rubrics/versions/${v}`)));
  const items = (v: { groups: { items: unknown[] }[] }) => v.groups.reduce((n, g) => n + g.items.length, 0);
  // Largest version first: the 30 × 7 one with the option, SPEC's (the only one) without.
  shapes.sort((a, b) => items(b) - items(a));
  const widest = shapes[0];
  const doc = docs.find((d) => d.status === 'Completed' && d.rubricVersionId === widest.id);
  const specDoc = docs.find((d) => d.status === 'Completed' && d.rubricVersionId === SPEC_RUBRIC_VERSION_ID);
  if (!doc || !specDoc) throw new Error('no Completed observation of the widest version or of SPEC’s in the first department');
  let cursor = '0';
  for (let i = 0; i < 200; i++) {
    const page = await get<{ cursor: string; hasMore: boolean }>(`/sync/changes?since=${encodeURIComponent(cursor)}&limit=1000`);
    cursor = page.cursor;
    if (!page.hasMore) break;
  }
  // The three versions by number of items; without the option each of them is SPEC's.
  const byRank = [0, 1, 2].map((i) => shapes[Math.min(i, shapes.length - 1)]);
  const perVersion = Object.fromEntries(byRank.map((v, i) => [`GET /analytics?rubricVersionId (#${i + 1} by items)`, `${base}/analytics?rubricVersionId=${v.id}`]));
  return {
    token,
    versions: byRank.map((v) => `${items(v)} items, maximum ${v.maximum}`),
    routes: {
      'GET /observations': `${base}/observations`,
      'GET /observation/{id} (widest version)': `${base}/observation/${doc.id}`,
      'GET /observation/{id} (SPEC version)': `${base}/observation/${specDoc.id}`,
      'GET /analytics (default version)': `${base}/analytics`,
      ...perVersion,
      'GET /dashboard': `${base}/dashboard`,
      'GET /sync/changes (empty pull)': `${base}/sync/changes?since=${encodeURIComponent(cursor)}`,
    },
  };
}

export async function rubricScale(): Promise<BenchResult> {
  const [n] = sizesFromArgs(process.env.BENCH_RUBRIC_SIZE ?? '10000');
  buildClientIfStale();
  const targets: Target[] = [];
  const figures: Record<string, unknown> = { observations: n, readSeconds: SECONDS };
  const bare = await bareFastifyRate(3);
  figures.bareFastify = round(bare, 0);
  console.log(`  bare Fastify: ${bare.toFixed(0)} req/s (the machine's speed in this run)`);
  for (const kind of ENGINES) {
    const sides: Seeded[] = [];
    const servers: RunningServer[] = [];
    const engine: Record<string, unknown> = {};
    figures[kind] = engine;
    try {
      for (const side of ['without', 'with'] as const) sides.push(await seed(kind, n, side));
      engine.seedS = { without: sides[0].seedS, with: sides[1].seedS };
      for (const s of sides) {
        servers.push(
          await startServer({
            logFile: path.join(root, `tests/bench/.results/rubric-scale-${kind}-${s.side}.log`),
            env: { ...s.env, LOG_LEVEL: 'warn' },
            dataDir: s.dataDir,
            upTimeoutMs: 900_000,
          }),
        );
      }
      const [a, b] = await Promise.all(servers.map((srv, i) => routesOf(srv, sides[i].hod)));
      engine.versions = { without: a.versions, with: b.versions };
      console.log(`  [${kind}] the HOD's versions by items: without ${a.versions.join('; ')} | with ${b.versions.join('; ')}`);

      // Server reads: warm both, then three pairs in turn (without, with), (with, without), (without, with); the
      // figure is the median of the pairs' ratios, so a burst of load elsewhere spoils one pair, not the figure.
      const reads: Record<string, unknown> = {};
      for (const name of Object.keys(a.routes)) {
        const urlA = a.routes[name];
        const urlB = b.routes[name];
        const warm = Math.min((await load(urlA, a.token)).total, (await load(urlB, b.token)).total);
        const answers = warm < FEW ? FEW : undefined;
        const pairs: { a: Awaited<ReturnType<typeof load>>; b: Awaited<ReturnType<typeof load>> }[] = [];
        for (const first of ['a', 'b', 'a'] as const) {
          if (first === 'a') {
            const x = await load(urlA, a.token, answers);
            pairs.push({ a: x, b: await load(urlB, b.token, answers) });
          } else {
            const y = await load(urlB, b.token, answers);
            pairs.push({ a: await load(urlA, a.token, answers), b: y });
          }
        }
        const without = median(pairs.map((p) => p.a.perSecond));
        const withV = median(pairs.map((p) => p.b.perSecond));
        const ratio = median(pairs.map((p) => p.b.perSecond / Math.max(p.a.perSecond, 1e-3)));
        reads[name] = { without: round(without, 1), with: round(withV, 1), ratio: round(ratio), pairRatios: pairs.map((p) => round(p.b.perSecond / Math.max(p.a.perSecond, 1e-3))), timedBy: answers ? `${answers} answers` : `${SECONDS} s` };
        console.log(`  [${kind}] ${name}: ${without.toFixed(1)} → ${withV.toFixed(1)} req/s (${ratio.toFixed(2)}×; pairs ${pairs.map((p) => (p.b.perSecond / Math.max(p.a.perSecond, 1e-3)).toFixed(2)).join(', ')}${answers ? `; timed by ${answers} answers` : ''})`);
        targets.push({ what: `[${kind}] ${name} with / without`, value: ratio, limit: MIN_RATE_RATIO, kind: 'min', unit: '×' });
        targets.push({ what: `[${kind}] ${name} errors and non-2xx`, value: pairs.reduce((x, p) => x + p.a.bad + p.b.bad, 0), limit: 0, kind: 'max', unit: 'requests' });
      }
      engine.reads = reads;

      // First sync of the HOD and of an observer: twice each way, fresh browser contexts.
      const browser = await launchChromium();
      try {
        const syncs: Record<string, unknown> = {};
        for (const who of ['hod', 'observer'] as const) {
          const acc = { without: { ms: 0, bytes: 0, feed: 0, observations: 0 }, with: { ms: 0, bytes: 0, feed: 0, observations: 0 } };
          for (const order of [[0, 1], [1, 0]]) {
            for (const i of order) {
              const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
              try {
                const r = await measureFirstSync(await ctx.newPage(), servers[i].url, sides[i][who], DEMO_PASSWORD, 600_000);
                const into = acc[sides[i].side];
                into.ms += r.ms / 2;
                into.bytes += r.bytesTotal / 2;
                into.feed += r.bytesFeed / 2;
                into.observations = r.replicaObservations;
              } finally {
                await ctx.close();
              }
            }
          }
          const time = acc.with.ms / acc.without.ms;
          const bytes = acc.with.bytes / acc.without.bytes;
          syncs[who] = {
            without: { s: round(acc.without.ms / 1000), wireKB: round(acc.without.bytes / 1024, 0), feedKB: round(acc.without.feed / 1024, 0), observations: acc.without.observations },
            with: { s: round(acc.with.ms / 1000), wireKB: round(acc.with.bytes / 1024, 0), feedKB: round(acc.with.feed / 1024, 0), observations: acc.with.observations },
            timeRatio: round(time),
            bytesRatio: round(bytes),
            feedBytesRatio: round(acc.with.feed / acc.without.feed),
          };
          console.log(`  [${kind}] first sync (${who}): ${round(acc.without.ms / 1000)} → ${round(acc.with.ms / 1000)} s (${time.toFixed(2)}×), ${round(acc.without.bytes / 1024, 0)} → ${round(acc.with.bytes / 1024, 0)} KB on the wire (${bytes.toFixed(2)}×; feed ${round(acc.without.feed / 1024, 0)} → ${round(acc.with.feed / 1024, 0)} KB)`);
          targets.push({ what: `[${kind}] first sync time (${who}) with / without`, value: time, limit: MAX_COST_RATIO, kind: 'max', unit: '×' });
          targets.push({ what: `[${kind}] first sync bytes (${who}) with / without`, value: bytes, limit: MAX_COST_RATIO, kind: 'max', unit: '×' });
        }
        engine.firstSync = syncs;
      } finally {
        await browser.close();
      }
    } finally {
      for (const srv of servers) await srv.stop();
      for (const s of sides) await s.drop();
    }
  }
  return { name: 'rubric-scale', figures, targets };
}
