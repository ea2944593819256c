/**
 * What every observation write reads first, in fixed statements returning rows as JSON mapped back through the
 * columns (db/results.ts rowFromJson): `loadForWrite` (the observation, locked), `loadStages` (its scheduling
 * request, meetings and post-observation in one statement) and `meetingThenSave` (one meeting and the class's day, for a
 * rubric call, here without a save). They must give exactly what Drizzle's own selects of
 * those tables give — every field, its type, dates to the millisecond, json parsed. Checked on every staged demo
 * observation (one per stage of the cycle), on PGlite and (OBSERVA_TEST_DB=postgres) PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../src/server/db/client.js';
import { meetings, observations, postObservations, rubricItems, rubricScores, schedulingRequests } from '../../src/server/db/schema.js';
import { loadForWrite } from '../../src/server/services/observations/access.js';
import { loadStages } from '../../src/server/services/observations/cycle-state.js';
import { meetingThenSave } from '../../src/server/services/observations/rubrics.js';
import type { AuthUser } from '../../src/server/http/types.js';
import { createTestApp, type TestApp } from './helpers.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'observa-stages-'));
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { seedDemoObservations: true, dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function drizzleStages(tx: Tx, id: string) {
  const [request] = await tx.select().from(schedulingRequests).where(eq(schedulingRequests.observationId, id));
  const ms = await tx.select().from(meetings).where(eq(meetings.observationId, id));
  const [post] = await tx.select().from(postObservations).where(eq(postObservations.observationId, id));
  return {
    request: request ?? null,
    informed: ms.find((m) => m.kind === 'informed') ?? null,
    uninformed: ms.find((m) => m.kind === 'uninformed') ?? null,
    post: post ?? null,
  };
}

describe('the observation a write loads', () => {
  it('equals what Drizzle selects, field by field, for each staged observation; 404 and 403 as before', async () => {
    const rows = await t.db.select().from(observations);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const admin: AuthUser = { id: 'nobody', name: 'x', email: 'x', role: 'Super_Admin', campus: 'Main_Campus', departmentId: null, sessionId: 's' };
    await t.db.transaction(async (tx) => {
      for (const expected of rows) {
        const observer: AuthUser = { ...admin, id: expected.observerId, role: 'Observer' };
        expect(await loadForWrite(tx, observer, expected.id)).toStrictEqual(expected);
      }
      await expect(loadForWrite(tx, admin, '00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({ status: 404 });
      const stranger: AuthUser = { ...admin, id: '00000000-0000-4000-8000-000000000001', role: 'Faculty' };
      await expect(loadForWrite(tx, stranger, rows[0]!.id)).rejects.toMatchObject({ status: 403 });
    });
  });
});

describe('the stages of an observation in one statement', () => {
  it('equal what Drizzle selects, field by field, at every stage of the cycle', async () => {
    const ids = (await t.db.select({ id: observations.id }).from(observations)).map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(6);
    let seen = { request: 0, meetings: 0, post: 0, jsonSlots: 0 };
    await t.db.transaction(async (tx) => {
      for (const id of ids) {
        const expected = await drizzleStages(tx, id);
        const actual = await loadStages(tx, id);
        expect(actual).toStrictEqual(expected);
        seen = {
          request: seen.request + (expected.request ? 1 : 0),
          meetings: seen.meetings + (expected.informed ? 1 : 0) + (expected.uninformed ? 1 : 0),
          post: seen.post + (expected.post ? 1 : 0),
          jsonSlots: seen.jsonSlots + (expected.request?.timeSlotsByFaculty.length ? 1 : 0),
        };
      }
    });
    // The comparison covered rows of every kind, dates, scores and json lists included.
    expect(seen.request).toBeGreaterThan(0);
    expect(seen.meetings).toBeGreaterThan(1);
    expect(seen.post).toBeGreaterThan(0);
    expect(seen.jsonSlots).toBeGreaterThan(0);
  });

  it('is empty for an observation without stages, and for no observation at all', async () => {
    await t.db.transaction(async (tx) => {
      const none = { request: null, informed: null, uninformed: null, post: null };
      expect(await loadStages(tx, '00000000-0000-4000-8000-000000000000')).toStrictEqual(none);
      const pending = (await tx.select({ id: observations.id }).from(observations).where(eq(observations.status, 'Pending')))[0];
      if (pending) expect(await loadStages(tx, pending.id)).toStrictEqual(await drizzleStages(tx, pending.id));
    });
  });
});

describe('one meeting and the class day, for a rubric save', () => {
  it('equal what Drizzle selects, for both kinds at every stage of the cycle', async () => {
    const ids = (await t.db.select({ id: observations.id }).from(observations)).map((r) => r.id);
    let seen = { meetings: 0, days: 0 };
    await t.db.transaction(async (tx) => {
      for (const id of [...ids, '00000000-0000-4000-8000-000000000000']) {
        const expected = await drizzleStages(tx, id);
        for (const kind of ['informed', 'uninformed'] as const) {
          const actual = await meetingThenSave(tx, id, kind, null);
          expect(actual).toStrictEqual({ meeting: expected[kind], scheduledOn: expected.request?.scheduledOn ?? null, written: 0 });
          seen = { meetings: seen.meetings + (actual.meeting ? 1 : 0), days: seen.days + (actual.scheduledOn ? 1 : 0) };
        }
      }
    });
    expect(seen.meetings).toBeGreaterThan(1);
    expect(seen.days).toBeGreaterThan(0);
  });
});

describe("a rubric save's guard", () => {
  it('writes a group only into an existing, named, unlocked meeting, and not for a faculty side that submitted', async () => {
    const items = await t.db.select({ id: rubricItems.id, code: rubricItems.code }).from(rubricItems).orderBy(asc(rubricItems.code), asc(rubricItems.position));
    const entries = items.filter((i) => i.code === '1-A').map((i) => ({ id: i.id, score: 1 }));
    const [m] = await t.db.select().from(meetings).limit(1);
    expect(m).toBeDefined();
    const now = new Date();
    const scoresOf = (tx: Tx) => tx.select().from(rubricScores).where(and(eq(rubricScores.meetingId, m.id), eq(rubricScores.side, 'faculty')));
    // Each call on the meeting put in the given state, in a transaction rolled back afterwards (the staged data stays
    // as it was for the other tests).
    const attempt = async (state: { status: string; facultyScore: number | null }, side: 'observer' | 'faculty', namedId?: string) => {
      let out = { written: -1, changed: false };
      await t.db
        .transaction(async (tx) => {
          await tx.update(meetings).set(state).where(eq(meetings.id, m.id));
          const before = JSON.stringify(await scoresOf(tx));
          const r = await meetingThenSave(tx, m.observationId, m.kind as 'informed' | 'uninformed', { side, entries, namedId, now });
          expect(r.meeting).toMatchObject({ id: m.id, ...state });
          out = { written: r.written, changed: JSON.stringify(await scoresOf(tx)) !== before };
          throw new Error('roll back');
        })
        .catch((err: Error) => expect(err.message).toBe('roll back'));
      return out;
    };
    const open = { status: 'Ongoing', facultyScore: null };
    expect(await attempt(open, 'faculty')).toEqual({ written: 5, changed: true });
    expect(await attempt(open, 'faculty', m.id)).toEqual({ written: 5, changed: true });
    expect(await attempt(open, 'faculty', '00000000-0000-4000-8000-000000000000')).toEqual({ written: 0, changed: false });
    expect(await attempt({ status: 'Completed', facultyScore: null }, 'faculty')).toEqual({ written: 0, changed: false });
    expect(await attempt({ status: 'Completed', facultyScore: 40 }, 'observer')).toMatchObject({ written: 0 });
    expect(await attempt({ status: 'Ongoing', facultyScore: 40 }, 'faculty')).toEqual({ written: 0, changed: false });
    expect(await attempt({ status: 'Ongoing', facultyScore: 40 }, 'observer')).toMatchObject({ written: 5 });
    // No meeting of that kind: nothing read, nothing written.
    const none = await t.db.transaction((tx) => meetingThenSave(tx, '00000000-0000-4000-8000-000000000000', 'informed', { side: 'observer', entries, namedId: undefined, now: new Date() }));
    expect(none).toEqual({ meeting: null, scheduledOn: null, written: 0 });
  });
});
