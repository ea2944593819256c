/**
 * Live replica reads for the dashboard; `undefined` means "still loading". Nothing here loads a whole table
 * (#12.5): counts are index counts, the tables read the five newest rows through a cursor on the createdAt
 * index (or the users' primary key), and rows keep only summary fields, so either grain of an observation
 * (src/shared/contract/observation-summary.ts) renders the same.
 */
import type { Course, CourseSlot } from '../../../shared/contract/courses.js';
import type { User } from '../../../shared/contract/users.js';
import { SEES_ALL_USERS } from '../../../shared/permissions.js';
import type { ReplicaDb, ReplicaRecord } from '../../db/db.js';
import { getDb } from '../../sync/index.js';
import { useStableLiveQuery } from '../../hooks/use-stable-live-query.js';
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

export function useDashboardData(viewer: User): DashboardData {
  const managesUsers = SEES_ALL_USERS.includes(viewer.role) || viewer.role === 'Head_of_Department';
  const isFaculty = viewer.role === 'Faculty';
  // Stable results: a re-run that finds the same rows (every downloaded page re-runs these) renders nothing new.
  const cards = useStableLiveQuery(() => loadCounts(getDb(), viewer), [viewer]);
  const recent = useStableLiveQuery(() => loadRecentObservations(getDb(), viewer), [viewer]);
  const users = useStableLiveQuery(() => (managesUsers ? loadManagedUsers(getDb(), viewer) : Promise.resolve([])), [viewer, managesUsers]);
  const slots = useStableLiveQuery(() => (isFaculty ? loadFacultySlots(getDb(), viewer.id) : Promise.resolve([])), [viewer.id, isFaculty]);
  return { cards, recent, users, slots };
}
