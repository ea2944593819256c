/**
 * Severity and drift from live observations (GET /calibration/severity/{observerId}): with ≥ 10 locked
 * observations on the version, per item the observer's mean difference from the department's other observers with
 * its 95 % interval (src/shared/calibration/severity.ts), and agreement with the faculty self-scores per month.
 * Only the HOD of the observer's department, Admin and Super_Admin; faculty and observers (the observer too) 403.
 *
 * The locked observations are written into the database directly: driving ten whole cycles through the API would
 * test the cycle again, not this; the rows are the ones the cycle leaves (a Completed meeting with both sides'
 * scores on the SPEC version's items).
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { meetings, observations, rubricItems, rubricScores, SPEC_RUBRIC_VERSION_ID, users } from '../../../src/server/db/schema.js';
import { meanWithInterval } from '../../../src/shared/calibration/index.js';
import type { CalibrationSeverity } from '../../../src/shared/contract/calibration.js';
import { useTestApp } from '../support/helpers.js';

const t = useTestApp();

/** A Completed observation of `observerId` locked at `lockedAt`, every item scored `observer(item)` / `faculty`. */
async function locked(observerId: string, lockedAt: Date, observer: number, faculty: number) {
  const [hod] = await t.db.select().from(users).where(eq(users.email, 'hod@university.edu'));
  const [fac] = await t.db.select().from(users).where(eq(users.email, 'faculty@university.edu'));
  const [o] = await t.db
    .insert(observations)
    .values({ facultyId: fac.id, observerId, hodId: hod.id, departmentId: hod.departmentId, semester: 'Fall', status: 'Completed', rubricVersionId: SPEC_RUBRIC_VERSION_ID })
    .returning();
  const [m] = await t.db.insert(meetings).values({ observationId: o.id, kind: 'informed', status: 'Completed', updatedAt: lockedAt }).returning();
  const items = await t.db.select().from(rubricItems).where(eq(rubricItems.rubricVersionId, SPEC_RUBRIC_VERSION_ID)).orderBy(asc(rubricItems.groupPosition), asc(rubricItems.position));
  await t.db.insert(rubricScores).values(items.flatMap((i) => [
    { meetingId: m.id, rubricItemId: i.id, side: 'observer', score: observer },
    { meetingId: m.id, rubricItemId: i.id, side: 'faculty', score: faculty },
  ]));
  return items.length;
}

describe('GET /api/calibration/severity/{observerId}', () => {
  it('gives per item the mean difference with its interval, and self-score agreement per month', async () => {
    const me = await t.userId('observer');
    const other = await t.userId('observer2');
    // observer@: 10 locked observations, alternately 3 and 4 on every item; the faculty's self-score is 3.
    let itemCount = 0;
    for (let k = 0; k < 10; k++) itemCount = await locked(me, new Date(Date.UTC(2026, k < 5 ? 8 : 9, 10 + k)), k % 2 === 0 ? 3 : 4, 3);
    // observer2@: the department's other observer, 1 on every item.
    for (let k = 0; k < 2; k++) await locked(other, new Date(Date.UTC(2026, 9, 1 + k)), 1, 1);

    const hod = await t.login('hod');
    const res = await t.get(`/api/calibration/severity/${me}?rubricVersionId=${SPEC_RUBRIC_VERSION_ID}`, hod);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as CalibrationSeverity;
    expect(body).toMatchObject({ observerId: me, lockedObservations: 10, required: 10, reason: null });
    expect(body.items).toHaveLength(itemCount);
    const want = meanWithInterval([2, 3, 2, 3, 2, 3, 2, 3, 2, 3]);
    for (const item of body.items!) {
      expect(item.n).toBe(10);
      expect(item.mean.value).toBeCloseTo(want.mean.value as number, 12);
      expect(item.low.value).toBeCloseTo(want.low.value as number, 12);
      expect(item.high.value).toBeCloseTo(want.high.value as number, 12);
      expect(item.low.value!).toBeLessThan(2.5);
    }
    // September: observations 0–4 (3 exact of 5), October: 5–9 (2 exact of 5); every one adjacent.
    expect(body.selfScores).toEqual([
      { period: '2026-09', compared: 5 * itemCount, exact: 3 * itemCount, adjacent: 5 * itemCount, exactPct: { value: 60 }, adjacentPct: { value: 100 } },
      { period: '2026-10', compared: 5 * itemCount, exact: 2 * itemCount, adjacent: 5 * itemCount, exactPct: { value: 40 }, adjacentPct: { value: 100 } },
    ]);

    // Fewer than 10 locked observations: no severity, the reason said.
    const few = (await t.get(`/api/calibration/severity/${other}?rubricVersionId=${SPEC_RUBRIC_VERSION_ID}`, hod)).json() as CalibrationSeverity;
    expect(few).toMatchObject({ lockedObservations: 2, items: null, reason: 'too-few-observations' });
    expect(JSON.stringify(few)).not.toMatch(/NaN|Infinity/);
  });

  it('is the HOD’s of the observer’s department, Admin’s and Super_Admin’s only; never faculty’s or observers’', async () => {
    const me = await t.userId('observer');
    const url = `/api/calibration/severity/${me}?rubricVersionId=${SPEC_RUBRIC_VERSION_ID}`;
    for (const who of ['hod', 'admin', 'superadmin']) expect((await t.get(url, await t.login(who))).statusCode, who).toBe(200);
    for (const who of ['faculty', 'faculty2', 'observer', 'observer2', 'hod.math', 'director', 'faculty.math']) {
      const res = await t.get(url, await t.login(who));
      expect(res.statusCode, who).toBe(403);
      expect(res.json()).toEqual({ error: expect.any(String) });
    }
    expect((await t.get(url)).statusCode).toBe(401);
    // An id that is no observer: 403 to whoever may not see severities, 404 to who may.
    const faculty = await t.userId('faculty');
    expect((await t.get(`/api/calibration/severity/${faculty}?rubricVersionId=${SPEC_RUBRIC_VERSION_ID}`, await t.login('observer'))).statusCode).toBe(403);
    expect((await t.get(`/api/calibration/severity/${faculty}?rubricVersionId=${SPEC_RUBRIC_VERSION_ID}`, await t.login('admin'))).statusCode).toBe(404);
    const missing = await t.get(`/api/calibration/severity/${me}`, await t.login('hod'));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/^rubricVersionId/);
  });
});
