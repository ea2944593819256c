/**
 * The sync cursor without a global writer lock (migration 0004, src/server/sync/changes.ts safeUpperBound):
 *   - a slow transaction that took a smaller version than a faster one that committed first: pulls in between
 *     stop below the slow one's version, and the pull after its commit returns both (never skipped);
 *   - unrelated writers do not wait for each other (the fast one commits while the slow one is open);
 *   - a rolled-back savepoint does not lose the published bound;
 *   - 20 concurrent writers with random pauses inside their transactions, pulled all along by a cursor loop:
 *     every committed row version is seen by some pull.
 * Always on PostgreSQL (127.0.0.1:5432, or OBSERVA_TEST_PG_URL): only there do transactions truly overlap.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../src/server/db/client.js';
import { safeUpperBound } from '../../src/server/sync/changes.js';
import { freshPgDatabase } from './processes.js';

let database: Awaited<ReturnType<typeof freshPgDatabase>>;
let handle: DbHandle;
const clients: pg.Client[] = [];

async function client(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  clients.push(c);
  return c;
}

beforeAll(async () => {
  database = await freshPgDatabase();
  handle = await openDb({ databaseUrl: database.url }); // migrates
}, 60_000);
afterAll(async () => {
  await Promise.all(clients.map((c) => c.end().catch(() => undefined)));
  await handle?.close();
  await database?.drop();
});

type Row = { name: string; version: number };

/** One pull of departments: what a client's cursor loop sees. */
async function pull(reader: pg.Client, since: number): Promise<{ rows: Row[]; upTo: number }> {
  const upTo = await safeUpperBound(handle.db);
  const r = await reader.query<{ name: string; version: string }>(
    'select name, version from departments where version > $1 and version <= $2 order by version',
    [since, upTo],
  );
  return { rows: r.rows.map((x) => ({ name: x.name, version: Number(x.version) })), upTo };
}

const insertDept = (c: pg.Client, name: string) =>
  c.query<{ version: string }>('insert into departments(name) values ($1) returning version', [name]).then((r) => Number(r.rows[0].version));

describe('sync cursor watermark on PostgreSQL', () => {
  it('a slow transaction with a smaller version is never skipped by pulls made while a faster one has committed', async () => {
    const [slow, fast, reader] = [await client(), await client(), await client()];
    let cursor = (await pull(reader, 0)).upTo;

    await slow.query('begin');
    const slowVersion = await insertDept(slow, 'W slow');
    await fast.query('begin');
    const fastVersion = await insertDept(fast, 'W fast');
    expect(fastVersion).toBeGreaterThan(slowVersion);
    // Not serialised: the fast writer commits while the slow one still holds its transaction open.
    await fast.query('commit');

    const between = await pull(reader, cursor);
    expect(between.upTo).toBeLessThan(slowVersion);
    expect(between.rows.map((r) => r.name)).not.toContain('W fast');
    cursor = between.upTo;
    // A second pull in between, and one after a further unrelated commit: still held back.
    await insertDept(fast, 'W fast 2');
    const again = await pull(reader, cursor);
    expect(again.upTo).toBeLessThan(slowVersion);
    cursor = again.upTo;

    await slow.query('commit');
    const after = await pull(reader, cursor);
    expect(after.rows.map((r) => r.name)).toEqual(['W slow', 'W fast', 'W fast 2']);
    expect(after.upTo).toBeGreaterThanOrEqual(fastVersion);
  });

  it('a rolled-back savepoint releases its bound with its flag; the next write publishes again', async () => {
    const [w, reader] = [await client(), await client()];
    const cursor = (await pull(reader, 0)).upTo;
    await w.query('begin');
    await w.query('savepoint s');
    await insertDept(w, 'SP gone');
    await w.query('rollback to savepoint s');
    const kept = await insertDept(w, 'SP kept');
    const between = await pull(reader, cursor);
    expect(between.upTo).toBeLessThan(kept);
    await w.query('commit');
    const after = await pull(reader, between.upTo);
    expect(after.rows.map((r) => r.name)).toEqual(['SP kept']);
  });

  it('20 concurrent writers with pauses inside their transactions, pulled all along: every committed version is seen', async () => {
    const writers = await Promise.all(Array.from({ length: 20 }, () => client()));
    const reader = await client();
    const seen = new Map<string, number[]>();
    let cursor = (await pull(reader, 0)).upTo;
    let writing = true;
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

    const pulling = (async () => {
      let pulls = 0;
      while (writing || pulls < 2) {
        const p = await pull(reader, cursor);
        expect(p.upTo).toBeGreaterThanOrEqual(cursor);
        for (const r of p.rows) seen.set(r.name, [...(seen.get(r.name) ?? []), r.version]);
        cursor = p.upTo;
        if (!writing) pulls++;
        await pause(2);
      }
    })();

    await Promise.all(
      writers.map(async (c, w) => {
        for (let i = 0; i < 8; i++) {
          await c.query('begin');
          await insertDept(c, `C ${w}-${i}`);
          await pause(Math.floor(Math.random() * 15));
          // An update in the same transaction takes a second, higher version: the row's final one.
          await c.query(`update departments set name = name where name = $1`, [`C ${w}-${i}`]);
          await pause(Math.floor(Math.random() * 5));
          await c.query(Math.random() < 0.15 ? 'rollback' : 'commit');
        }
      }),
    );
    writing = false;
    await pulling;

    const final = await reader.query<{ name: string; version: string }>("select name, version from departments where name like 'C %'");
    expect(final.rows.length).toBeGreaterThan(100);
    for (const r of final.rows) expect(seen.get(r.name), r.name).toContain(Number(r.version));
    // No row was handed out that did not survive (rolled-back writes are never visible to a pull).
    expect([...seen.keys()].sort()).toEqual(final.rows.map((r) => r.name).sort());
  }, 60_000);
});
