/**
 * Feed cost at 10 000 observations (BENCH_PULL_OBSERVATIONS), in-process app on PGlite (the test
 * app: demo seed, requests through fastify inject, so auth and JSON are counted, the network is not):
 *   - a Super_Admin's first sync: total bytes, pages, bytes per observation (summaries), and the bytes the same
 *     observations would weigh as whole documents (GET /observations, 500 whole documents, scaled);
 *   - an idle pull (cursor at the head) for a Super_Admin, a HOD and a faculty member: median and p95 of
 *     BENCH_PULL_RUNS (default 50) each;
 *   - EXPLAIN of the observations feed query at the head: an index probe, not a scan.
 * Targets: idle pull median ≤ 20 ms; summary ≤ 1 KB per observation; every page ≤ 2 MB.
 * The observations are inserted with SQL (Completed, spread over the demo's faculty, observers and departments).
 */
import { sql } from 'drizzle-orm';
import { createTestApp } from '../server/support/helpers.js';
import { median, percentile, round, type BenchResult } from './support.js';

const N = Number(process.env.BENCH_PULL_OBSERVATIONS ?? 10_000);
const RUNS = Number(process.env.BENCH_PULL_RUNS ?? 50);

function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}

export async function emptyPull(): Promise<BenchResult> {
  const t = await createTestApp();
  try {
    await t.db.execute(sql`insert into observations (faculty_id, observer_id, hod_id, department_id, semester, status, progress, created_at, updated_at)
      select f.id, o.id, h.id, f.department_id, 'Spring ' || (2000 + g % 20), 'Completed', 100, now() - interval '200 days', now() - interval '200 days'
      from generate_series(1, ${N}) g
      cross join lateral (select id, department_id from users where role = 'Faculty' order by id offset (g % (select count(*) from users where role = 'Faculty')) limit 1) f
      cross join lateral (select id from users where role = 'Observer' order by id offset (g % (select count(*) from users where role = 'Observer')) limit 1) o
      cross join lateral (select id from users where role = 'Head_of_Department' order by id offset (g % (select count(*) from users where role = 'Head_of_Department')) limit 1) h`);
    await t.db.execute(sql`analyze`);

    const who = { superadmin: await t.login('superadmin'), hod: await t.login('hod'), faculty: await t.login('faculty') };
    // First sync of the Super_Admin.
    const t0 = performance.now();
    let cursor = '0';
    let bytes = 0;
    let pages = 0;
    let maxPage = 0;
    let obsBytes = 0;
    let obsCount = 0;
    for (;;) {
      const res = await t.get(`/api/sync/changes?since=${encodeURIComponent(cursor)}&limit=2000`, who.superadmin);
      if (res.statusCode !== 200) throw new Error(`pull ${res.statusCode}: ${res.body.slice(0, 200)}`);
      pages++;
      bytes += res.body.length;
      maxPage = Math.max(maxPage, res.body.length);
      const p = res.json() as { changes: { entity: string; data: unknown }[]; cursor: string; hasMore: boolean };
      for (const c of p.changes) {
        if (c.entity !== 'observations') continue;
        obsCount++;
        obsBytes += JSON.stringify(c).length;
      }
      cursor = p.cursor;
      if (!p.hasMore) break;
    }
    const firstSyncMs = performance.now() - t0;
    const list = await t.get('/api/observations', who.superadmin);
    const fullDocs = (list.json() as unknown[]).length;
    const fullBytesScaled = (list.body.length / Math.max(1, fullDocs)) * obsCount;

    // Idle pulls.
    const idle: Record<string, number[]> = {};
    for (const [name, token] of Object.entries(who)) {
      let c = '0';
      for (;;) {
        const p = (await t.get(`/api/sync/changes?since=${encodeURIComponent(c)}&limit=2000`, token)).json() as { cursor: string; hasMore: boolean };
        c = p.cursor;
        if (!p.hasMore) break;
      }
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const s = performance.now();
        const res = await t.get(`/api/sync/changes?since=${encodeURIComponent(c)}`, token);
        times.push(performance.now() - s);
        if ((res.json() as { changes: unknown[] }).changes.length) throw new Error(`idle pull of ${name} was not empty`);
      }
      idle[name] = times.sort((a, b) => a - b);
    }

    const head = Number(cursor.split('@')[0]);
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await t.db.execute(sql`explain select * from observations where version > ${head} and version <= ${head} order by version limit 500`),
    ).map((r) => r['QUERY PLAN']);
    const indexProbe = plan.some((l) => /Index Scan using observations_version_idx/.test(l));

    const figures = {
      observations: N,
      firstSync: { ms: round(firstSyncMs), bytes, pages, maxPageBytes: maxPage, observations: obsCount, bytesPerObservation: round(obsBytes / Math.max(1, obsCount)) },
      wholeDocumentsEstimate: { bytes: Math.round(fullBytesScaled), from: `${fullDocs} whole documents of GET /observations, scaled to ${obsCount}` },
      idlePullMs: Object.fromEntries(Object.entries(idle).map(([k, v]) => [k, { median: round(median(v)), p95: round(percentile(v, 95)) }])),
      observationsFeedPlan: plan,
    };
    console.log(JSON.stringify(figures, null, 2));
    const worstMedian = Math.max(...Object.values(idle).map((v) => median(v)));
    return {
      name: 'empty-pull',
      figures,
      targets: [
        { what: `idle pull, slowest role's median (${N} observations)`, value: worstMedian, limit: 20, kind: 'max', unit: 'ms' },
        { what: 'first sync: bytes per observation (summary)', value: obsBytes / Math.max(1, obsCount), limit: 1024, kind: 'max', unit: 'B' },
        { what: 'largest page', value: maxPage, limit: 2_000_000, kind: 'max', unit: 'B' },
        { what: 'observations feed at the head uses observations_version_idx', value: indexProbe ? 1 : 0, limit: 1, kind: 'min', unit: '' },
      ],
    };
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTargets, writeResult } = await import('./support.js');
  const r = await emptyPull();
  writeResult(r);
  printTargets(r);
}
