/**
 * Live replica reads for the dashboard; `undefined` means "still loading". Nothing here loads a whole table
 *: counts are index counts, the tables read the five newest rows through a cursor on the createdAt
 * index (or the users' primary key), and rows keep only summary fields, so either grain of an observation
 * (src/shared/contract/observation-summary.ts) renders the same.
 */
import type { Course, CourseSlot } from '../../../shared/contract/courses.js';
import type { User } from '../../../shared/contract/users.js';
import { SEES_ALL_USERS } from '../../../shared/permissions.js';
import type { ReplicaDb, ReplicaRecord } from '../../db/db.js';
import { getDb } from '../../sync/index.js';
import { useMemo, useRef } from 'react';
import { stableFields, useReplicaQuery } from '../../hooks/use-replica-query.js';
import { loadCounts, type CountCard } from './compute-counts.js';
import { dashboardScope, inScope } from './observation-scope.js';
import type { DashboardObservation } from './recent-observations.js';
import type { DashboardUser } from './recent-users.js';
import type { FacultySlot } from './your-courses.js';

export const RECENT_LIMIT = 5;

export interface DashboardData {
  cards: CountCard[] | undefined;
  recent: DashboardObservation[] | undefined;
  users: DashboardUser[] | undefined;
  slots: FacultySlot[] | undefined;
}

/** The summary fields a dashboard row shows (present on both grains). */
function toRow(o: ReplicaRecord): DashboardObservation {
  return {
    id: o.id,
    course: (o.course as DashboardObservation['course']) ?? null,
    faculty: (o.faculty as DashboardObservation['faculty']) ?? null,
    observer: (o.observer as DashboardObservation['observer']) ?? null,
    semester: String(o.semester ?? ''),
    status: String(o.status ?? ''),
    createdAt: String(o.createdAt ?? ''),
    observationProgress: typeof o.observationProgress === 'number' ? o.observationProgress : undefined,
    cycleLabel: typeof o.cycleLabel === 'string' ? o.cycleLabel : undefined,
  };
}

export async function loadRecentObservations(db: ReplicaDb, viewer: User, limit = RECENT_LIMIT): Promise<DashboardObservation[]> {
  const scope = dashboardScope(viewer);
  const newest = db.observations.orderBy('createdAt').reverse();
  const rows = scope.by === 'all' ? await newest.limit(limit).toArray() : await newest.filter((o) => inScope(scope, o)).limit(limit).toArray();
  return rows.map(toRow);
}

/** The newest users the viewer manages: a reverse cursor on the primary key that stops after `limit` matches. */
export async function loadManagedUsers(db: ReplicaDb, viewer: User, limit = RECENT_LIMIT): Promise<DashboardUser[]> {
  const all = SEES_ALL_USERS.includes(viewer.role);
  const dept = viewer.department?.id ?? null;
  const rows = (await db.users
    .reverse()
    .filter((u) => u.role !== 'Super_Admin' && u.id !== viewer.id && (all || (dept != null && (u as unknown as User).department?.id === dept)))
    .limit(limit)
    .toArray()) as unknown as User[];
  return rows.map((u) => ({ id: u.id, name: u.name, email: u.email, role: u.role, department: u.department }));
}

export async function loadFacultySlots(db: ReplicaDb, facultyId: string): Promise<FacultySlot[]> {
  const out: FacultySlot[] = [];
  await db.courses.each((rec) => {
    const c = rec as unknown as Course;
    for (const s of c.slots as CourseSlot[]) {
      if (s.facultyId === facultyId) out.push({ id: s.id, courseCode: c.courseCode, courseName: c.name, sectionCode: s.sectionCode, day: s.day, time: s.time, location: s.location });
    }
  });
  return out;
}

export type LoadedDashboard = { [K in keyof DashboardData]: NonNullable<DashboardData[K]> };

/**
 * Everything the dashboard reads, in one read-only transaction: the cards and tables appear together, with one
 * render, instead of four queries (a dozen transactions) each re-rendering the page as it lands.
 */
export function loadDashboard(db: ReplicaDb, viewer: User): Promise<LoadedDashboard> {
  const managesUsers = SEES_ALL_USERS.includes(viewer.role) || viewer.role === 'Head_of_Department';
  return db.transaction('r', db.observations, db.users, db.courses, async () => {
    const [cards, recent, users, slots] = await Promise.all([
      loadCounts(db, viewer),
      loadRecentObservations(db, viewer),
      managesUsers ? loadManagedUsers(db, viewer) : [],
      viewer.role === 'Faculty' ? loadFacultySlots(db, viewer.id) : [],
    ]);
    return { cards, recent, users, slots };
  });
}

const LOADING: DashboardData = { cards: undefined, recent: undefined, users: undefined, slots: undefined };

/**
 * The viewer's fields that decide what is read are the deps: the route passes a new viewer object on every render
 * (the session merged with the live replica copy), and a new object must not start the reads again.
 */
export function useDashboardData(viewer: User): DashboardData {
  const dept = viewer.department?.id ?? null;
  const value = useReplicaQuery(() => loadDashboard(getDb(), viewer), [viewer.id, viewer.role, dept]);
  // A part that answers as before keeps its object, so its memoised panel does not render again.
  const last = useRef<LoadedDashboard | undefined>(undefined);
  return useMemo(() => {
    if (!value) return LOADING;
    last.current = stableFields(last.current, value);
    return last.current;
  }, [value]);
}
