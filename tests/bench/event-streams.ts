/**
 * Live-update streams and the cost of a write (GET /api/sync/events; src/server/sync/feed-bus.ts).
 *
 * One server in process (the test app on PGlite, listening on a port), a Computer Science observation, and
 * BENCH_STREAMS (1 000) open event streams held by BENCH_STREAM_USERS (250) users, four each: observers and faculty
 * of the other departments (nothing new for them), plus the observation's observer and HOD and a Campus_Director
 * (whose feeds do move, and who are nudged). The write: a chat message in the observation by its faculty member,
 * posted over HTTP one after the other (BENCH_WRITES each round), so a write also waits for whatever the nudges of
 * the ones before it still occupy on the database.
 *
 * Rounds of BENCH_WRITES writes, alternated in one run (BENCH_STREAM_CYCLES times: none, 1 000 streams; then none
 * once more), so the drift of a shared machine falls on both. Figure: for each round with streams, its median
 * write latency ÷ the mean of the medians of the rounds without on either side; the median of those ratios.
 * Target: ≤ 1.10 (1 000 streams add at most 10 %). Also reported: the pooled ratio (all writes with ÷ all
 * without) and probes per wake (one per user who may have something new, not per stream).
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { createSession } from '../../src/server/services/auth/sessions.js';
import { SYNC_EVENTS_PATH } from '../../src/shared/sync/protocol.js';
import { actors, initiate } from '../server/support/observations-fixture.js';
import { createTestApp } from '../server/support/helpers.js';
import { median, round, type BenchResult } from './support.js';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const USERS = Number(process.env.BENCH_STREAM_USERS ?? 250);
const WRITES = Number(process.env.BENCH_WRITES ?? 60);
const CYCLES = Number(process.env.BENCH_STREAM_CYCLES ?? 8);

function rowsOf<T>(res: unknown): T[] {
  return (Array.isArray(res) ? res : (res as { rows: T[] }).rows) as T[];
}

/** An open event stream on a socket of its own; resolves once the server said `: open`. */
function openStream(base: URL, token: string): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = http.get({ host: base.hostname, port: base.port, path: SYNC_EVENTS_PATH, agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${res.statusCode}`));
      let opened = false;
      res.on('data', (chunk: Buffer) => {
        if (!opened && chunk.toString().includes(': open')) {
          opened = true;
          resolve(() => req.destroy());
        }
      });
    });
    req.on('error', (err) => (err.message.includes('socket hang up') ? undefined : reject(err)));
  });
}

export async function eventStreams(): Promise<BenchResult> {
  const t = await createTestApp();
  try {
    await t.reset();
    const a = await actors(t);
    const obs = await initiate(t, a);
    const base = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));

    // The stream holders: USERS - 3 people of the other departments, and three whose feed the write moves.
    const [{ hash }] = rowsOf<{ hash: string }>(await t.db.execute(sql`select password_hash as hash from users limit 1`));
    const others = rowsOf<{ id: string }>(
      await t.db.execute(sql`insert into users (name, email, password_hash, role, department_id)
        select 'Bench ' || g, 'bench.' || g || '@university.edu', ${hash}, case when g % 2 = 0 then 'Faculty' else 'Observer' end,
               (select id from departments where name <> 'Computer Science' order by id offset (g % 2) limit 1)
        from generate_series(1, ${USERS - 3}) g returning id`),
    ).map((r) => r.id);
    const director = await t.userId('director');
    const holders = [...others, a.ids.observer, a.ids.hod, director];
    const tokens = await Promise.all(holders.map(async (id) => (await createSession(t.db, id, new Date())).token));

    const write = async (): Promise<number> => {
      const t0 = performance.now();
      const res = await fetch(`${base.origin}/api/observation/${obs}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${a.faculty}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ id: randomUUID(), body: 'Bench message' }),
      });
      await res.arrayBuffer();
      if (res.status !== 201) throw new Error(`write ${res.status}`);
      return performance.now() - t0;
    };
    const round_ = async () => {
      const times: number[] = [];
      for (let i = 0; i < WRITES; i++) times.push(await write());
      // Let the last nudges settle before the next round.
      await new Promise((r) => setTimeout(r, 300));
      return times.sort((x, y) => x - y);
    };

    for (let i = 0; i < 100; i++) await write(); // warm-up: JIT, statement caches
    // Rounds alternate (none, streams, none, streams, …, none): the machine's drift under other load falls on both.
    const without: number[] = [];
    const withStreams: number[] = [];
    /** Median of each round, in order: none, streams, none, streams, …, none. */
    const roundMedians: number[] = [];
    const probes: number[] = [];
    let openCount = 0;
    const perUser = Math.ceil(STREAMS / holders.length);
    for (let c = 0; c < CYCLES; c++) {
      const quiet = await round_();
      without.push(...quiet);
      roundMedians.push(median(quiet));
      const closers: (() => void)[] = [];
      for (let i = 0; i < STREAMS; i++) closers.push(await openStream(base, tokens[Math.floor(i / perUser)]));
      openCount = t.app.feedBus.size;
      // Opening 1 000 streams is 1 000 requests: let that work (and its garbage) settle before timing writes.
      await new Promise((r) => setTimeout(r, 1000));
      const watch = setInterval(() => probes.push(t.app.feedBus.lastProbes), 5);
      const busy = await round_();
      withStreams.push(...busy);
      roundMedians.push(median(busy));
      clearInterval(watch);
      for (const close of closers) close();
      await new Promise((r) => setTimeout(r, 500));
    }
    const last = await round_();
    without.push(...last);
    roundMedians.push(median(last));
    without.sort((x, y) => x - y);
    withStreams.sort((x, y) => x - y);

    const baseline = median(without);
    const pooled = median(withStreams) / baseline;
    // Each streams round against the mean of the rounds without on either side of it: drift between rounds cancels.
    const perCycle = Array.from({ length: CYCLES }, (_, c) => roundMedians[2 * c + 1] / ((roundMedians[2 * c] + roundMedians[2 * c + 2]) / 2)).sort((x, y) => x - y);
    const ratio = median(perCycle);
    return {
      name: 'event-streams',
      figures: {
        machine: `${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, load ${os.loadavg().map((x) => round(x, 1)).join(' ')}`,
        streams: openCount,
        users: holders.length,
        writes: WRITES,
        cycles: CYCLES,
        baselineMedianMs: round(baseline, 3),
        withStreamsMedianMs: round(median(withStreams), 3),
        baselineP95Ms: round(without[Math.floor(without.length * 0.95)], 3),
        withStreamsP95Ms: round(withStreams[Math.floor(withStreams.length * 0.95)], 3),
        ratio: round(ratio, 3),
        pooledRatio: round(pooled, 3),
        perCycleRatios: perCycle.map((r) => round(r, 3)),
        maxProbesPerWake: Math.max(0, ...probes),
      },
      targets: [{ what: `write latency with ${openCount} open streams ÷ without (median of ${CYCLES} alternated rounds)`, value: ratio, limit: 1.1, kind: 'max', unit: '×' }],
    };
  } finally {
    await t.close();
  }
}
