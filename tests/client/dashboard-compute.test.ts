/** Dashboard computation: periods, quarters, semesters, years from the data, counts per role (SPEC §6, §9). */
import { describe, expect, it } from 'vitest';
import { computeStream, MONTHS, QUARTERS, streamYears } from '../../src/client/features/dashboard/compute-stream.js';
import { computeCounts, dashboardObservations, type Viewer } from '../../src/client/features/dashboard/compute-counts.js';

const obs = [
  { status: 'Pending', semester: 'Spring', createdAt: '2025-01-15T10:00:00.000Z' },
  { status: 'Ongoing', semester: 'Spring', createdAt: '2025-03-31T23:59:00.000Z' },
  { status: 'Completed', semester: 'Summer', createdAt: '2025-06-01T00:00:00.000Z' },
  { status: 'Completed', semester: 'Fall', createdAt: '2025-10-20T08:00:00.000Z' },
  { status: 'Ongoing', semester: 'Fall', createdAt: '2027-11-02T08:00:00.000Z' },
  { status: 'Weird', semester: 'Fall', createdAt: '2027-11-02T08:00:00.000Z' },
  { status: 'Pending', semester: 'Fall', createdAt: 'not a date' },
];

describe('observation stream', () => {
  it('takes the years from the data (ascending), or the current year when there is none', () => {
    expect(streamYears(obs)).toEqual([2025, 2027]);
    expect(streamYears([], 2031)).toEqual([2031]);
    expect(computeStream([], 'Yearly', null, 2031).rows).toEqual([{ period: '2031', Pending: 0, Ongoing: 0, Completed: 0 }]);
  });

  it('Monthly (default year = latest) has the twelve months of that year', () => {
    const s = computeStream(obs, 'Monthly');
    expect(s.year).toBe(2027);
    expect(s.rows.map((r) => r.period)).toEqual([...MONTHS]);
    expect(s.rows[10]).toEqual({ period: 'November', Pending: 0, Ongoing: 1, Completed: 0 });
    const y25 = computeStream(obs, 'Monthly', 2025);
    expect(y25.rows[0]).toMatchObject({ Pending: 1 });
    expect(y25.rows[2]).toMatchObject({ Ongoing: 1 });
    expect(y25.rows[5]).toMatchObject({ Completed: 1 });
  });

  it('Quarter groups January-March … October-December', () => {
    const s = computeStream(obs, 'Quarter', 2025);
    expect(s.rows).toEqual([
      { period: QUARTERS[0], Pending: 1, Ongoing: 1, Completed: 0 },
      { period: 'April-June', Pending: 0, Ongoing: 0, Completed: 1 },
      { period: 'July-September', Pending: 0, Ongoing: 0, Completed: 0 },
      { period: 'October-December', Pending: 0, Ongoing: 0, Completed: 1 },
    ]);
  });

  it('Semesters use each observation’s semester within the chosen year; Yearly has one bar per year', () => {
    expect(computeStream(obs, 'Semesters', 2025).rows).toEqual([
      { period: 'Spring', Pending: 1, Ongoing: 1, Completed: 0 },
      { period: 'Summer', Pending: 0, Ongoing: 0, Completed: 1 },
      { period: 'Fall', Pending: 0, Ongoing: 0, Completed: 1 },
    ]);
    const y = computeStream(obs, 'Yearly');
    expect(y.year).toBeNull();
    expect(y.rows).toEqual([
      { period: '2025', Pending: 1, Ongoing: 1, Completed: 2 },
      { period: '2027', Pending: 0, Ongoing: 1, Completed: 0 },
    ]);
  });

  it('an unknown year falls back to the latest', () => {
    expect(computeStream(obs, 'Quarter', 1999).year).toBe(2027);
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
    { facultyId: 'f1', observerId: 'o1', departmentId: 1 },
    { facultyId: 'f3', observerId: 'o2', departmentId: 2 },
  ];
  const courses = [{ slots: [{ facultyId: 'f1' }, { facultyId: null }, { facultyId: 'f1' }] }];
  const v = (id: string, role: Viewer['role'], dept: number | null): Viewer => ({ id, role, department: dept == null ? null : { id: dept } });
  const values = (viewer: Viewer) => Object.fromEntries(computeCounts(viewer, users, observations, courses).map((c) => [c.label, c.value]));

  it('Super_Admin: observers, faculty, heads of department, observations', () => {
    expect(values(v('sa', 'Super_Admin', null))).toEqual({ Observers: 2, Faculty: 3, 'Heads of Department': 1, Observations: 2 });
  });
  it('HOD: observers and faculty of the department', () => {
    expect(values(v('h1', 'Head_of_Department', 1))).toEqual({ Observers: 1, Faculty: 2, Observations: 1 });
    expect(dashboardObservations(v('h1', 'Head_of_Department', 1), observations)).toHaveLength(1);
  });
  it('Faculty: their observations and assigned slots; Observer: their observations', () => {
    expect(values(v('f1', 'Faculty', 1))).toEqual({ Observations: 1, 'Assigned Slots': 2 });
    expect(values(v('o2', 'Observer', 2))).toEqual({ Observations: 1 });
  });

  // Speed is measured by tests/bench/dashboard-compute.ts (timed tests are flaky on shared machines); here the
  // totals of a 10 000-observation stream must add up in every period view.
  it('counts every one of 10 000 observations in every period view', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      status: ['Pending', 'Ongoing', 'Completed'][i % 3],
      semester: ['Spring', 'Summer', 'Fall'][i % 3],
      createdAt: new Date(Date.UTC(2020 + (i % 6), i % 12, 1 + (i % 28))).toISOString(),
    }));
    const yearly = computeStream(many, 'Yearly');
    const total = (rows: typeof yearly.rows) => rows.reduce((n, r) => n + r.Pending + r.Ongoing + r.Completed, 0);
    expect(total(yearly.rows)).toBe(10_000);
  });
});
