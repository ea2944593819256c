/**
 * An observation is touched once per transaction (migration 0012): a change to one of its parts gives the
 * observation a new version the first time in a transaction, and further parts changed in that transaction leave
 * it alone; each new transaction touches again; a savepoint rolled back undoes the touch with what it remembered,
 * so the next part changed touches again. A part held by a parent (a score by its meeting…) is traced to its
 * observation through the parent the transaction touched through last (migration 0013), and each kind of part
 * still finds its own observation. Runs on PGlite and (OBSERVA_TEST_DB=postgres) PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/server/db/client.js';
import { rowsOf } from '../../../src/server/db/results.js';
import { createTestApp, type TestApp } from '../support/helpers.js';

// The staged demo cycles have scored meetings; their artifacts' files go to a directory of this file's own.
const dataDir = mkdtempSync(path.join(tmpdir(), 'observa-touch-once-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { seedDemoObservations: true, dataDir } });
});
beforeEach(() => t.reset());
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Two meetings of different observations, each with its scores (the staged demo cycles). */
async function scoredMeetings(): Promise<{ meeting: string; observation: string }[]> {
  const rows = rowsOf<{ meeting: string; observation: string }>(
    await t.db.execute(sql`select m.id as meeting, m.observation_id as observation from meetings m
      where exists (select 1 from rubric_scores s where s.meeting_id = m.id) order by m.observation_id, m.kind limit 20`),
  );
  const byObservation = new Map(rows.map((r) => [r.observation, r]));
  expect(byObservation.size).toBeGreaterThanOrEqual(2);
  return [...byObservation.values()].slice(0, 2);
}

async function versionOf(db: Db, observation: string): Promise<number> {
  const [r] = rowsOf<{ version: string }>(await db.execute(sql`select version from observations where id = ${observation}`));
  return Number(r.version);
}

/** Where the observation's row version lies: a touch (an UPDATE) writes a new one, whatever its version. */
async function rowOf(db: Db, observation: string): Promise<string> {
  const [r] = rowsOf<{ ctid: string }>(await db.execute(sql`select ctid::text as ctid from observations where id = ${observation}`));
  return r.ctid;
}

const touchMeeting = (db: Db, meeting: string) => db.execute(sql`update meetings set updated_at = now() where id = ${meeting}`);
const rescore = (db: Db, meeting: string) => db.execute(sql`update rubric_scores set score = 4 - score where meeting_id = ${meeting}`);

describe('an observation touched by its parts', () => {
  it('moves once per transaction, however many of its parts change in it', async () => {
    const [{ meeting, observation }] = await scoredMeetings();
    const before = await versionOf(t.db, observation);
    let first = 0;
    await t.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await touchMeeting(db, meeting);
      first = await versionOf(db, observation);
      expect(first).toBeGreaterThan(before);
      // Five score rows and the meeting again: the observation keeps the version of the first touch.
      await rescore(db, meeting);
      await touchMeeting(db, meeting);
      expect(await versionOf(db, observation)).toBe(first);
    });
    expect(await versionOf(t.db, observation)).toBe(first);
    // The next transaction touches again.
    await rescore(t.db, meeting);
    expect(await versionOf(t.db, observation)).toBeGreaterThan(first);
  });

  it('touches again after a savepoint holding the touch is rolled back', async () => {
    const [{ meeting, observation }] = await scoredMeetings();
    const before = await versionOf(t.db, observation);
    let after = 0;
    await t.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await db.execute(sql`savepoint refused_row`);
      await rescore(db, meeting);
      expect(await versionOf(db, observation)).toBeGreaterThan(before);
      await db.execute(sql`rollback to savepoint refused_row`);
      expect(await versionOf(db, observation)).toBe(before);
      // The touch and the memory of it went together: this change touches the observation again.
      await rescore(db, meeting);
      after = await versionOf(db, observation);
      expect(after).toBeGreaterThan(before);
    });
    expect(await versionOf(t.db, observation)).toBe(after);
  });

  it('touches each observation whose parts change, when two take turns in one transaction', async () => {
    const [a, b] = await scoredMeetings();
    const beforeA = await versionOf(t.db, a.observation);
    const beforeB = await versionOf(t.db, b.observation);
    await t.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await rescore(db, a.meeting);
      await rescore(db, b.meeting);
      const midA = await versionOf(db, a.observation);
      const midRowA = await rowOf(db, a.observation);
      await rescore(db, a.meeting);
      expect(await versionOf(db, b.observation)).toBeGreaterThan(beforeB);
      // A was not the last touched: touched again (an extra update, never a missed one), keeping the version it
      // took in this transaction (migration 0016).
      expect(await rowOf(db, a.observation)).not.toBe(midRowA);
      expect(await versionOf(db, a.observation)).toBe(midA);
      expect(midA).toBeGreaterThan(beforeA);
    });
  });

  it('touches again through a parent after another observation was touched directly', async () => {
    const [a, b] = await scoredMeetings();
    await t.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      await rescore(db, a.meeting);
      const midRowA = await rowOf(db, a.observation);
      // B's meeting itself (a direct part): B becomes the observation touched last, and A's meeting is forgotten.
      await touchMeeting(db, b.meeting);
      await rescore(db, a.meeting);
      expect(await rowOf(db, a.observation)).not.toBe(midRowA);
    });
  });

  it('touches the observation of each kind of part', async () => {
    // Each kind reads its own key column from the row (migration 0013): a row of every kind is rewritten here.
    const viaPlan = sql`(select p.observation_id from observation_plans p where p.id = plan_id)`;
    const viaMeeting = sql`(select m.observation_id from meetings m where m.id = meeting_id)`;
    const viaPost = sql`(select p.observation_id from post_observations p where p.id = post_observation_id)`;
    const kinds = [
      { table: 'scheduling_requests', key: 'observation_id', observation: sql`observation_id` },
      { table: 'meetings', key: 'observation_id', observation: sql`observation_id` },
      { table: 'observation_plans', key: 'observation_id', observation: sql`observation_id` },
      { table: 'post_observations', key: 'observation_id', observation: sql`observation_id` },
      { table: 'observation_plan_steps', key: 'plan_id', observation: viaPlan },
      { table: 'rubric_scores', key: 'meeting_id', observation: viaMeeting },
      { table: 'post_observation_slots', key: 'post_observation_id', observation: viaPost },
      { table: 'artifacts', key: 'post_observation_id', observation: viaPost },
    ];
    for (const { table, key, observation } of kinds) {
      const [row] = rowsOf<{ observation: string; at: string }>(
        await t.db.execute(sql`select ${observation} as observation, ctid::text as at from ${sql.identifier(table)} limit 1`),
      );
      expect(row, `a staged ${table} row`).toBeDefined();
      const before = await versionOf(t.db, row.observation);
      // Rewritten unchanged: the row's trigger fires all the same.
      await t.db.execute(sql`update ${sql.identifier(table)} set ${sql.identifier(key)} = ${sql.identifier(key)} where ctid = ${row.at}::tid`);
      expect(await versionOf(t.db, row.observation), table).toBeGreaterThan(before);
    }
  });

  it('touches the observation when a part is deleted', async () => {
    const [{ meeting, observation }] = await scoredMeetings();
    const before = await versionOf(t.db, observation);
    await t.db.execute(sql`delete from rubric_scores where meeting_id = ${meeting}`);
    expect(await versionOf(t.db, observation)).toBeGreaterThan(before);
  });
});
