/**
 * Dashboard computation on a real (fake-indexeddb) replica: the stream's periods, quarters, semesters and years
 * from index counts, and the counts per role (SPEC §6, §9) — all without reading observation documents.
 */
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { ReplicaDb } from '../../src/client/db/db.js';
import { loadStream, MONTHS, QUARTERS, type StreamScope } from '../../src/client/features/dashboard/compute-stream.js';
import { loadCounts, type Viewer } from '../../src/client/features/dashboard/compute-counts.js';
import { dashboardScope } from '../../src/client/features/dashboard/observation-scope.js';
import { loadRecentObservations } from '../../src/client/features/dashboard/use-dashboard-data.js';
import type { User } from '../../src/shared/contract/users.js';

let n = 0;
const db = new ReplicaDb(`dashboard-compute-${process.pid}`);
const all: StreamScope = { by: 'all' };

const obs = [
  { status: 'Pending', semester: 'Spring', createdAt: '2025-01-15T10:00:00.000Z' },
  { status: 'Ongoing', semester: 'Spring', createdAt: '2025-03-31T23:59:00.000Z' },
  { status: 'Completed', semester: 'Summer', createdAt: '2025-06-01T00:00:00.000Z' },
  { status: 'Completed', semester: 'Fall', createdAt: '2025-10-20T08:00:00.000Z' },
  { status: 'Ongoing', semester: 'Fall', createdAt: '2027-11-02T08:00:00.000Z' },
  { status: 'Weird', semester: 'Fall', createdAt: '2027-11-02T08:00:00.000Z' },
  { status: 'Pending', semester: 'Fall', createdAt: 'not a date' },
].map((o) => ({ id: `o${n++}`, facultyId: 'f1', observerId: 'o1', departmentId: 1, ...o }));

beforeEach(async () => {
  await Promise.all([db.observations.clear(), db.users.clear(), db.courses.clear()]);
});

describe('observation stream from index counts', () => {
  it('takes the years from the data (ascending), or the current year when there is none', async () => {
    const empty = await loadStream(db, all, 'Yearly', null, 2031);
    expect(empty.years).toEqual([2031]);
    expect(empty.rows).toEqual([{ period: '2031', Pending: 0, Ongoing: 0, Completed: 0 }]);
    await db.observations.bulkPut(obs);
    expect((await loadStream(db, all, 'Yearly')).years).toEqual([2025, 2027]);
  });

  it('Monthly (default year = latest) has the twelve months of that year', async () => {
    await db.observations.bulkPut(obs);
    const s = await loadStream(db, all, 'Monthly');
    expect(s.year).toBe(2027);
    expect(s.rows.map((r) => r.period)).toEqual([...MONTHS]);
    expect(s.rows[10]).toEqual({ period: 'November', Pending: 0, Ongoing: 1, Completed: 0 });
    const y25 = await loadStream(db, all, 'Monthly', 2025);
    expect(y25.rows[0]).toMatchObject({ Pending: 1 });
    expect(y25.rows[2]).toMatchObject({ Ongoing: 1 });
    expect(y25.rows[5]).toMatchObject({ Completed: 1 });
    expect(y25.rows[11]).toMatchObject({ Pending: 0, Ongoing: 0, Completed: 0 });
  });

  it('Quarter groups January-March … October-December', async () => {
    await db.observations.bulkPut(obs);
    expect((await loadStream(db, all, 'Quarter', 2025)).rows).toEqual([
      { period: QUARTERS[0], Pending: 1, Ongoing: 1, Completed: 0 },
      { period: 'April-June', Pending: 0, Ongoing: 0, Completed: 1 },
      { period: 'July-September', Pending: 0, Ongoing: 0, Completed: 0 },
      { period: 'October-December', Pending: 0, Ongoing: 0, Completed: 1 },
    ]);
  });

  it('Semesters use each observation’s semester within the chosen year; Yearly has one bar per year', async () => {
    await db.observations.bulkPut(obs);
    expect((await loadStream(db, all, 'Semesters', 2025)).rows).toEqual([
      { period: 'Spring', Pending: 1, Ongoing: 1, Completed: 0 },
      { period: 'Summer', Pending: 0, Ongoing: 0, Completed: 1 },
      { period: 'Fall', Pending: 0, Ongoing: 0, Completed: 1 },
    ]);
    const y = await loadStream(db, all, 'Yearly');
    expect(y.year).toBeNull();
    expect(y.rows).toEqual([
      { period: '2025', Pending: 1, Ongoing: 1, Completed: 2 },
      { period: '2027', Pending: 0, Ongoing: 1, Completed: 0 },
    ]);
  });

  it('an unknown year falls back to the latest', async () => {
    await db.observations.bulkPut(obs);
    expect((await loadStream(db, all, 'Quarter', 1999)).year).toBe(2027);
  });

  it('a department or observer scope counts only its own observations', async () => {
    await db.observations.bulkPut([
      ...obs,
      { id: 'x1', facultyId: 'f9', observerId: 'o9', departmentId: 2, status: 'Pending', semester: 'Fall', createdAt: '2026-02-01T00:00:00.000Z' },
    ]);
    const dept2 = await loadStream(db, { by: 'departmentId', value: 2 }, 'Yearly');
    expect(dept2.rows).toEqual([{ period: '2026', Pending: 1, Ongoing: 0, Completed: 0 }]);
    const o1 = await loadStream(db, { by: 'observerId', value: 'o1' }, 'Yearly');
    expect(o1.years).toEqual([2025, 2027]);
    expect((await loadStream(db, { by: 'none' }, 'Monthly', null, 2030)).rows.every((r) => r.Pending + r.Ongoing + r.Completed === 0)).toBe(true);
  });

  it('counts every one of 10 000 observations in every period view', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      id: `m${i}`,
      facultyId: `f${i % 40}`,
      observerId: `r${i % 7}`,
      departmentId: i % 4,
      status: ['Pending', 'Ongoing', 'Completed'][i % 3],
      semester: ['Spring', 'Summer', 'Fall'][i % 3],
      createdAt: new Date(Date.UTC(2020 + (i % 6), i % 12, 1 + (i % 28))).toISOString(),
    }));
    await db.observations.bulkPut(many);
    const total = (rows: { Pending: number; Ongoing: number; Completed: number }[]) => rows.reduce((s, r) => s + r.Pending + r.Ongoing + r.Completed, 0);
    const yearly = await loadStream(db, all, 'Yearly');
    expect(total(yearly.rows)).toBe(10_000);
    let byYear = 0;
    for (const y of yearly.years) {
      for (const p of ['Monthly', 'Quarter', 'Semesters'] as const) {
        const s = await loadStream(db, all, p, y);
        if (p === 'Monthly') byYear += total(s.rows);
        else expect(total(s.rows)).toBe(total(yearly.rows.filter((r) => r.period === String(y))));
      }
    }
    expect(byYear).toBe(10_000);
  });
});

describe('dashboard counts by role', () => {
  const users = [
    { id: 'sa', role: 'Super_Admin', department: null },
    { id: 'h1', role: 'Head_of_Department', department: { id: 1 } },
    { id: 'o1', role: 'Observer', department: { id: 1 } },
    { id: 'o2', role: 'Observer', department: { id: 2 } },
    { id: 'f1', role: 'Faculty', department: { id: 1 } },
    { id: 'f2', role: 'Faculty', department: { id: 1 } },
    { id: 'f3', role: 'Faculty', department: { id: 2 } },
  ];
  const observations = [
    { id: 'a', facultyId: 'f1', observerId: 'o1', departmentId: 1, status: 'Pending', semester: 'Fall', createdAt: '2025-01-01T00:00:00.000Z' },
    { id: 'b', facultyId: 'f3', observerId: 'o2', departmentId: 2, status: 'Pending', semester: 'Fall', createdAt: '2025-02-01T00:00:00.000Z' },
  ];
  const courses = [{ id: 'c1', slots: [{ facultyId: 'f1' }, { facultyId: null }, { facultyId: 'f1' }] }];
  const v = (id: string, role: Viewer['role'], dept: number | null): Viewer => ({ id, role, department: dept == null ? null : { id: dept } });
  const values = async (viewer: Viewer) => Object.fromEntries((await loadCounts(db, viewer)).map((c) => [c.label, c.value]));
  const fill = () => Promise.all([db.users.bulkPut(users), db.observations.bulkPut(observations), db.courses.bulkPut(courses)]);

  it('Super_Admin: observers, faculty, heads of department, observations', async () => {
    await fill();
    expect(await values(v('sa', 'Super_Admin', null))).toEqual({ Observers: 2, Faculty: 3, 'Heads of Department': 1, Observations: 2 });
  });
  it('HOD: observers, faculty and observations of the department; the newest rows of the department only', async () => {
    await fill();
    expect(await values(v('h1', 'Head_of_Department', 1))).toEqual({ Observers: 1, Faculty: 2, Observations: 1 });
    expect(await values(v('h9', 'Head_of_Department', null))).toEqual({ Observers: 0, Faculty: 0, Observations: 0 });
    const recent = await loadRecentObservations(db, v('h1', 'Head_of_Department', 1) as unknown as User);
    expect(recent.map((r) => r.id)).toEqual(['a']);
    expect(dashboardScope(v('h1', 'Head_of_Department', 1))).toEqual({ by: 'departmentId', value: 1 });
  });
  it('Faculty: their observations and assigned slots; Observer: their observations', async () => {
    await fill();
    expect(await values(v('f1', 'Faculty', 1))).toEqual({ Observations: 1, 'Assigned Slots': 2 });
    expect(await values(v('o2', 'Observer', 2))).toEqual({ Observations: 1 });
  });
});
