/**
 * GET /api/analytics on the staged demo observations (Physics: one observation per stage, the
 * later ones with submitted observer and faculty scores): role and department scope, 403 for Faculty and Observer,
 * the funnel, overdue observations, and averages built from observer scores only.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AnalyticsResponse, ANALYTICS_OVERDUE_DAYS } from '../../../src/shared/contract/analytics.js';
import { departments, meetings, observations, rubricScores } from '../../../src/server/db/schema.js';
import { createTestApp, type TestApp } from '../support/helpers.js';

let t: TestApp;
let clock = new Date();
let physics: number;
let cs: number;

beforeAll(async () => {
  t = await createTestApp({ config: { seedDemoObservations: true, dataDir: mkdtempSync(path.join(tmpdir(), 'observa-analytics-')) }, now: () => clock });
  const depts = await t.db.select().from(departments);
  physics = depts.find((d) => d.name === 'Physics')!.id;
  cs = depts.find((d) => d.name === 'Computer Science')!.id;
  // Seeding the staged cycles through the services takes a while on a busy 2-core machine.
}, 240_000);
afterAll(() => t?.close());

async function analytics(who: string, query = '') {
  return t.get(`/api/analytics${query}`, await t.login(who));
}

describe('GET /api/analytics scope', () => {
  it('Faculty and Observer get 403 (observer scores are never shown to faculty)', async () => {
    for (const who of ['faculty.physics1', 'faculty', 'observer.physics', 'observer']) {
      for (const q of ['', `?departmentId=${physics}`]) {
        const res = await analytics(who, q);
        expect(res.statusCode, `${who} ${q}`).toBe(403);
        expect(res.json()).toEqual({ error: expect.any(String) });
      }
    }
  });

  it('a Head of Department sees their own department only', async () => {
    const own = await analytics('hod.physics');
    expect(own.statusCode, own.body).toBe(200);
    expect(AnalyticsResponse.parse(own.json()).departmentId).toBe(physics);
    expect((await analytics('hod.physics', `?departmentId=${physics}`)).statusCode).toBe(200);
    expect((await analytics('hod.physics', `?departmentId=${cs}`)).statusCode).toBe(403);
    const other = await analytics('hod', `?departmentId=${cs}`);
    expect(other.statusCode).toBe(200);
    expect(other.json().total).toBe(0);
  });

  it('full-menu roles see any department or all of them; an unknown department is 404; a bad id is 400 naming the field', async () => {
    for (const who of ['superadmin', 'admin', 'director']) {
      const all = await analytics(who);
      expect(all.statusCode, all.body).toBe(200);
      expect(all.json().departmentId).toBeNull();
      const phy = await analytics(who, `?departmentId=${physics}`);
      expect(phy.json().departmentId).toBe(physics);
      expect(all.json().total).toBeGreaterThanOrEqual(phy.json().total);
    }
    expect((await analytics('admin', '?departmentId=999999')).statusCode).toBe(404);
    for (const bad of ['?departmentId=abc', '?departmentId=0', '?departmentId=1.5', '?departmentId=99999999999', '?departmentId=1&departmentId=2']) {
      const res = await analytics('admin', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toMatch(/departmentId/);
    }
  });
});

describe('GET /api/analytics figures', () => {
  it('the funnel counts the observations that reached each stage', async () => {
    const a = AnalyticsResponse.parse((await analytics('hod.physics')).json());
    const [phyTotal] = await t.db.select().from(observations).where(eq(observations.departmentId, physics));
    expect(phyTotal).toBeDefined();
    const rows = await t.db.select({ progress: observations.progress }).from(observations).where(eq(observations.departmentId, physics));
    expect(a.total).toBe(rows.length);
    const reached = (p: number) => rows.filter((r) => r.progress >= p).length;
    expect(a.funnel.map((f) => f.count)).toEqual([reached(0), reached(10), reached(50), reached(80), reached(100)]);
    expect(a.funnel[0].count).toBeGreaterThan(a.funnel[4].count);
    expect(a.funnel[4].count).toBeGreaterThanOrEqual(1);
  });

  it('open observations older than the overdue limit are listed, oldest first; completed ones never', async () => {
    clock = new Date();
    const rows = await t.db.select().from(observations).where(eq(observations.departmentId, physics));
    const limit = clock.getTime() - ANALYTICS_OVERDUE_DAYS * 86_400_000;
    const today = AnalyticsResponse.parse((await analytics('hod.physics')).json());
    expect(today.overdue.count).toBe(rows.filter((o) => o.status !== 'Completed' && o.createdAt.getTime() < limit).length);
    expect(today.overdue.count).toBeLessThan(rows.length);
    clock = new Date(Date.now() + (ANALYTICS_OVERDUE_DAYS + 5) * 86_400_000);
    const a = AnalyticsResponse.parse((await analytics('hod.physics')).json());
    const open = (await t.db.select().from(observations).where(eq(observations.departmentId, physics))).filter((o) => o.status !== 'Completed');
    expect(a.overdue.count).toBe(open.length);
    expect(a.overdue.items.map((i) => i.status)).not.toContain('Completed');
    expect(a.overdue.items.every((i) => i.daysOpen >= ANALYTICS_OVERDUE_DAYS)).toBe(true);
    const dates = a.overdue.items.map((i) => i.createdAt);
    expect(dates).toEqual([...dates].sort());
    clock = new Date();
  });

  it('item averages and the heatmap use submitted observer scores only', async () => {
    const a = AnalyticsResponse.parse((await analytics('hod.physics')).json());
    expect(a.items).toHaveLength(20);
    const scores = await t.db
      .select({ score: rubricScores.score, item: rubricScores.rubricItemId, side: rubricScores.side, semester: observations.semester, facultyId: observations.facultyId })
      .from(rubricScores)
      .innerJoin(meetings, eq(meetings.id, rubricScores.meetingId))
      .innerJoin(observations, eq(observations.id, meetings.observationId))
      .where(and(eq(observations.departmentId, physics), eq(rubricScores.side, 'observer')));
    expect(scores.length).toBeGreaterThan(0);
    // Recompute one cell of each from the rows (all demo observer scores are submitted ones).
    const cell = a.heatmap[0];
    const mine = scores.filter((s) => s.facultyId === cell.facultyId && s.item === cell.rubricItemId);
    expect(cell.n).toBe(mine.length);
    expect(cell.average).toBeCloseTo(mine.reduce((x, s) => x + s.score, 0) / mine.length, 2);
    const avg = a.itemAverages[0];
    const bySem = scores.filter((s) => s.semester === avg.semester && s.item === avg.rubricItemId);
    expect(avg.n).toBe(bySem.length);
    expect(avg.average).toBeCloseTo(bySem.reduce((x, s) => x + s.score, 0) / bySem.length, 2);

    // A faculty self-score changes nothing: only the observer side is read.
    const [m] = await t.db.select({ id: meetings.id }).from(meetings).innerJoin(observations, eq(observations.id, meetings.observationId)).where(eq(observations.departmentId, physics)).limit(1);
    await t.db.update(rubricScores).set({ score: 1 }).where(and(eq(rubricScores.meetingId, m.id), eq(rubricScores.side, 'faculty')));
    expect(AnalyticsResponse.parse((await analytics('hod.physics')).json()).heatmap).toEqual(a.heatmap);
  });
});

describe('rubric items and the department export', () => {
  it('items come in rubric order (group, then position) with their titles', async () => {
    const a = AnalyticsResponse.parse((await analytics('hod.physics')).json());
    expect(a.items.map((i) => `${i.code}.${i.position}`)).toEqual(['1-A', '1-B', '1-C', '1-D'].flatMap((g) => [1, 2, 3, 4, 5].map((p) => `${g}.${p}`)));
    expect(a.items[0].title).toMatch(/knowledge of the subject/);
  });

  it('GET /api/analytics/export.csv: the HOD gets their department as CSV, one row per observation; faculty and observers 403; other departments 403', async () => {
    const hod = await t.login('hod.physics');
    const res = await t.get('/api/analytics/export.csv', hod);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="observations-physics.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toMatch(/^Course,Course name,Faculty,Observer,Department,Semester,Kind,Rubric,Status,Stage,/);
    expect(lines[0]).toContain('Totals out of,Informed: observer total,Informed: faculty total');
    // The seeded cycles are on SPEC's rubric: totals out of 80.
    expect(lines.slice(1).every((l) => l.includes('SPEC rubric v1') && l.includes(',80,'))).toBe(true);
    const rows = await t.db.select().from(observations).where(eq(observations.departmentId, physics));
    expect(lines).toHaveLength(rows.length + 1);
    expect(lines.some((l) => l.includes('Cycle completed'))).toBe(true);
    expect(lines.every((l, i) => i === 0 || l.includes('Physics'))).toBe(true);
    expect((await t.get(`/api/analytics/export.csv?departmentId=${cs}`, hod)).statusCode).toBe(403);
    for (const who of ['faculty.physics1', 'observer.physics']) {
      const refused = await t.get('/api/analytics/export.csv', await t.login(who));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: expect.any(String) });
    }
    const empty = await t.get(`/api/analytics/export.csv?departmentId=${cs}`, await t.login('admin'));
    expect(empty.body.replace(/^\uFEFF/, '').trim().split('\r\n')).toHaveLength(1);
  });
});
