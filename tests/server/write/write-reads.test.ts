/**
 * What every observation write reads first, in fixed statements returning rows as JSON mapped back through the
 * columns (db/results.ts rowFromJson): `loadForWrite` (the observation, locked), `loadStages` (its scheduling
 * request, meetings and post-observation in one statement) and `observationMeetingThenSave` (the observation, one
 * meeting and the class's day, for a rubric call, here without a save). They must give exactly what Drizzle's own selects of
 * those tables give — every field, its type, dates to the millisecond, json parsed. Checked on every staged demo
 * observation (one per stage of the cycle), on PGlite and (OBSERVA_TEST_DB=postgres) PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../../src/server/db/client.js';
import { meetings, observations, postObservations, rubricItems, rubricScores, schedulingRequests, users } from '../../../src/server/db/schema.js';
import { loadForWrite, lockForWrite } from '../../../src/server/services/observations/access.js';
import { loadStages } from '../../../src/server/services/observations/cycle-state.js';
import { observationMeetingThenSave } from '../../../src/server/services/observations/rubrics.js';
import type { AuthUser } from '../../../src/server/http/types.js';
import { createTestApp, type TestApp } from '../support/helpers.js';

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

const admin: AuthUser = { id: '00000000-0000-4000-8000-0000000000aa', name: 'x', email: 'x', role: 'Super_Admin', campus: 'Main_Campus', departmentId: null, sessionId: 's' };
const asObserver = (o: { observerId: string }): AuthUser => ({ ...admin, id: o.observerId, role: 'Observer' });
const asFaculty = (o: { facultyId: string }): AuthUser => ({ ...admin, id: o.facultyId, role: 'Faculty' });

describe('the observation a write loads', () => {
  it('equals what Drizzle selects, field by field, for each staged observation; 404 and 403 as before', async () => {
    const rows = await t.db.select().from(observations);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    await t.db.transaction(async (tx) => {
      for (const expected of rows) {
        expect(await loadForWrite(tx, asObserver(expected), expected.id)).toStrictEqual(expected);
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

describe('the observation, one meeting and the class day, for a rubric save', () => {
  it('equal what Drizzle selects, for both kinds at every stage of the cycle; 404 and 403 as loadForWrite', async () => {
    const rows = await t.db.select().from(observations);
    let seen = { meetings: 0, days: 0 };
    await t.db.transaction(async (tx) => {
      for (const o of rows) {
        const expected = await drizzleStages(tx, o.id);
        for (const kind of ['informed', 'uninformed'] as const) {
          await lockForWrite(tx, o.id);
          const actual = await observationMeetingThenSave(tx, asObserver(o), o.id, kind, null);
          expect(actual).toStrictEqual({ o, meeting: expected[kind], scheduledOn: expected.request?.scheduledOn ?? null, written: 0 });
          seen = { meetings: seen.meetings + (actual.meeting ? 1 : 0), days: seen.days + (actual.scheduledOn ? 1 : 0) };
        }
      }
      const missing = '00000000-0000-4000-8000-000000000000';
      await lockForWrite(tx, missing);
      await expect(observationMeetingThenSave(tx, admin, missing, 'informed', null)).rejects.toMatchObject({ status: 404 });
      const stranger: AuthUser = { ...admin, id: '00000000-0000-4000-8000-000000000001', role: 'Faculty' };
      await expect(observationMeetingThenSave(tx, stranger, rows[0]!.id, 'informed', null)).rejects.toMatchObject({ status: 403 });
    });
    expect(seen.meetings).toBeGreaterThan(1);
    expect(seen.days).toBeGreaterThan(0);
  });
});

describe("a rubric save's guard", () => {
  it('writes a group only for the observer or faculty member of an open observation, into an existing, named, unlocked meeting, and not for a faculty side that submitted', async () => {
    const items = await t.db.select({ id: rubricItems.id, code: rubricItems.code }).from(rubricItems).orderBy(asc(rubricItems.code), asc(rubricItems.position));
    const entries = items.filter((i) => i.code === '1-A').map((i) => ({ id: i.id, score: 1 }));
    const [m] = await t.db.select().from(meetings).limit(1);
    expect(m).toBeDefined();
    const [o] = await t.db.select().from(observations).where(eq(observations.id, m.observationId));
    const now = new Date();
    // An HOD who may see the observation but takes no side in it.
    const [hod] = await t.db.select().from(users).where(and(eq(users.role, 'Head_of_Department'), eq(users.departmentId, o.departmentId!)));
    const asHod: AuthUser = { ...admin, id: hod.id, role: 'Head_of_Department', departmentId: hod.departmentId };
    const scoresOf = (tx: Tx) => tx.select().from(rubricScores).where(eq(rubricScores.meetingId, m.id));
    // Each call with the meeting (and the observation's status) put in the given state, in a transaction rolled
    // back afterwards (the staged data stays as it was for the other tests).
    const attempt = async (state: { status: string; facultyScore: number | null; observation?: string }, who: AuthUser, namedId?: string) => {
      let out = { written: -1, changed: false };
      await t.db
        .transaction(async (tx) => {
          const { observation, ...meeting } = state;
          await tx.update(meetings).set(meeting).where(eq(meetings.id, m.id));
          if (observation) await tx.update(observations).set({ status: observation }).where(eq(observations.id, o.id));
          const before = JSON.stringify(await scoresOf(tx));
          await lockForWrite(tx, o.id);
          const r = await observationMeetingThenSave(tx, who, m.observationId, m.kind as 'informed' | 'uninformed', { entries, namedId, now });
          expect(r.meeting).toMatchObject({ id: m.id, ...meeting });
          out = { written: r.written, changed: JSON.stringify(await scoresOf(tx)) !== before };
          throw new Error('roll back');
        })
        .catch((err: Error) => expect(err.message).toBe('roll back'));
      return out;
    };
    const open = { status: 'Ongoing', facultyScore: null };
    expect(await attempt(open, asFaculty(o))).toEqual({ written: 5, changed: true });
    expect(await attempt(open, asObserver(o))).toEqual({ written: 5, changed: true });
    expect(await attempt(open, asFaculty(o), m.id)).toEqual({ written: 5, changed: true });
    expect(await attempt(open, asFaculty(o), '00000000-0000-4000-8000-000000000000')).toEqual({ written: 0, changed: false });
    expect(await attempt(open, asHod)).toEqual({ written: 0, changed: false });
    expect(await attempt({ ...open, observation: 'Completed' }, asObserver(o))).toEqual({ written: 0, changed: false });
    expect(await attempt({ status: 'Completed', facultyScore: null }, asFaculty(o))).toEqual({ written: 0, changed: false });
    expect(await attempt({ status: 'Completed', facultyScore: 40 }, asObserver(o))).toMatchObject({ written: 0 });
    expect(await attempt({ status: 'Ongoing', facultyScore: 40 }, asFaculty(o))).toEqual({ written: 0, changed: false });
    expect(await attempt({ status: 'Ongoing', facultyScore: 40 }, asObserver(o))).toMatchObject({ written: 5 });
  });
});
