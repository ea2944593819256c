/**
 * The observation's row lock in a batched push (db/tx-locks.ts, services/observations/access.ts lockForWrite): the
 * rubric saves of one observation in one transaction lock it once, and a row rolled back to its savepoint forgets
 * the lock, so the row after it locks again. Statement runs are read from pg_prepared_statements, which on PGlite
 * is the one connection's; on PostgreSQL it is whichever pooled connection answers, so there the rows' answers and
 * scores are checked and the counts are not.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../src/server/db/results.js';
import { rubricScores } from '../../../src/server/db/schema.js';
import { LOCK_TEXT } from '../../../src/server/services/observations/access.js';
import { PushResponse } from '../../../src/shared/sync/protocol.js';
import { createTestApp, type TestApp } from '../support/helpers.js';

let t: TestApp;
let token: string;
let observationId: string;
let meetingId: string;
let groups: string[][];

beforeAll(async () => {
  t = await createTestApp({ config: { seedDemoObservations: true } });
  token = await t.login('observer.physics');
  const list = (await t.get('/api/observations', token)).json() as {
    id: string;
    meetings: { informedObservation: { status: string; rubrics: { id: string; code: string }[] } | null; uninformedObservation: unknown };
  }[];
  const target = list.find((o) => o.meetings.informedObservation?.status === 'Completed' && !o.meetings.uninformedObservation);
  if (!target) throw new Error('no staged observation with its informed meeting locked');
  observationId = target.id;
  meetingId = randomUUID();
  const started = await t.post('/api/observation/uninformed', { observationsId: observationId, id: meetingId }, token, { 'idempotency-key': randomUUID() });
  expect(started.statusCode, started.body).toBe(201);
  const byCode = new Map<string, string[]>();
  for (const item of target.meetings.informedObservation!.rubrics) byCode.set(item.code, [...(byCode.get(item.code) ?? []), item.id]);
  groups = [...byCode.values()];
});
afterAll(() => t?.close());

const save = (i: number) => ({
  mutationId: randomUUID(),
  name: 'rubrics.saveGroup',
  args: { kind: 'uninformed', observationsId: observationId, meetingId, rubricsFinal: groups[i % groups.length]!.map((id, k) => ({ id, score: (i + k) % 5 })) },
});

async function push(rows: unknown[]) {
  const res = await t.post('/api/sync/push', { rows }, token);
  expect(res.statusCode, res.body).toBe(200);
  return PushResponse.parse(res.json()).results.map((r) => ('status' in r ? r.status : 'not attempted'));
}

/** Runs of the lock statement so far on PGlite (null on PostgreSQL, see above). */
async function lockRuns(): Promise<number | null> {
  if (t.handle.kind !== 'pglite') return null;
  const r = await t.db.execute(sql`select (generic_plans + custom_plans)::int as runs from pg_prepared_statements where statement = ${LOCK_TEXT}`);
  return rowsOf<{ runs: number }>(r)[0]?.runs ?? 0;
}

async function scoresOf(group: string[]): Promise<number[]> {
  const rows = await t.db.select().from(rubricScores).where(and(eq(rubricScores.meetingId, meetingId), eq(rubricScores.side, 'observer')));
  return group.map((id) => rows.find((r) => r.rubricItemId === id)?.score ?? -1);
}

describe('the observation lock in a batched push', () => {
  it('is taken once for the rubric saves of one observation in one transaction', async () => {
    // Twice first, so the lock statement runs under its name from here on (statement-sightings.ts).
    expect(await push([save(0), save(1)])).toEqual([200, 200]);
    expect(await push([save(2), save(3)])).toEqual([200, 200]);
    const before = await lockRuns();
    const rows = Array.from({ length: 12 }, (_, i) => save(i));
    expect(await push(rows)).toEqual(rows.map(() => 200));
    if (before !== null) expect((await lockRuns())! - before).toBe(1);
    // Each group holds its last save's scores (rows 8–11 saved the four groups last).
    for (let g = 0; g < groups.length; g++) expect(await scoresOf(groups[g]!)).toEqual(groups[g]!.map((_, k) => (8 + g + k) % 5));
  });

  it('is taken again after a row that held it is rolled back to its savepoint', async () => {
    const before = await lockRuns();
    // The lock request is refused (the faculty side has not scored) after the rubric's statement ran: the first
    // attempt is thrown away and the batch runs again with a savepoint per row. There the first save locks, the
    // refused row rolls back to its savepoint, and the save after it must lock again; the last one need not.
    const lock = { mutationId: randomUUID(), name: 'rubrics.lock', args: { kind: 'uninformed', observationsId: observationId, meetingId } };
    expect(await push([save(20), lock, save(21), save(22)])).toEqual([200, 409, 200, 200]);
    // First attempt: one lock. Second attempt: the first save's and the third row's.
    if (before !== null) expect((await lockRuns())! - before).toBe(3);
    expect(await scoresOf(groups[21 % groups.length]!)).toEqual(groups[21 % groups.length]!.map((_, k) => (21 + k) % 5));
    expect(await scoresOf(groups[22 % groups.length]!)).toEqual(groups[22 % groups.length]!.map((_, k) => (22 + k) % 5));
  });
});
