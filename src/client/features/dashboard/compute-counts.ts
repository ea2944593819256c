/**
 * Dashboard counts by role (SPEC §6), computed from the replica so the dashboard opens offline. The same rules
 * as the server's GET /dashboard (src/server/services/admin/dashboard.ts):
 *   full-menu roles (Super_Admin, Admin, Campus_Director): observers, faculty, heads of department, observations
 *   Head_of_Department: observers and faculty of the department, observations of the department
 *   Faculty: their observations and their assigned course slots
 *   Observer: their observations
 * Super_Admin rows are never counted (they are never listed either).
 */
import type { Role } from '../../../shared/enums.js';

export interface CountUser {
  id: string;
  role: string;
  department: { id: number } | null;
}
export interface CountObservation {
  facultyId: string;
  observerId: string;
  departmentId: number | null;
}
export interface CountCourse {
  slots: { facultyId: string | null }[];
}

export interface CountCard {
  key: 'observers' | 'faculty' | 'headsOfDepartment' | 'observations' | 'slots';
  label: string;
  value: number;
}

export interface Viewer {
  id: string;
  role: Role;
  department: { id: number } | null;
}

function countRole(users: readonly CountUser[], role: string, dept?: number | null): number {
  let n = 0;
  for (const u of users) if (u.role === role && (dept === undefined || u.department?.id === dept)) n++;
  return n;
}

export function computeCounts(
  viewer: Viewer,
  users: readonly CountUser[],
  observations: readonly CountObservation[],
  courses: readonly CountCourse[],
): CountCard[] {
  switch (viewer.role) {
    case 'Head_of_Department': {
      const dept = viewer.department?.id ?? null;
      return [
        { key: 'observers', label: 'Observers', value: dept == null ? 0 : countRole(users, 'Observer', dept) },
        { key: 'faculty', label: 'Faculty', value: dept == null ? 0 : countRole(users, 'Faculty', dept) },
        { key: 'observations', label: 'Observations', value: observations.filter((o) => dept != null && o.departmentId === dept).length },
      ];
    }
    case 'Faculty': {
      let slots = 0;
      for (const c of courses) for (const s of c.slots) if (s.facultyId === viewer.id) slots++;
      return [
        { key: 'observations', label: 'Observations', value: observations.filter((o) => o.facultyId === viewer.id).length },
        { key: 'slots', label: 'Assigned Slots', value: slots },
      ];
    }
    case 'Observer':
      return [{ key: 'observations', label: 'Observations', value: observations.filter((o) => o.observerId === viewer.id).length }];
    default:
      return [
        { key: 'observers', label: 'Observers', value: countRole(users, 'Observer') },
        { key: 'faculty', label: 'Faculty', value: countRole(users, 'Faculty') },
        { key: 'headsOfDepartment', label: 'Heads of Department', value: countRole(users, 'Head_of_Department') },
        { key: 'observations', label: 'Observations', value: observations.length },
      ];
  }
}

/** The observations a viewer's dashboard is about (the replica holds only visible ones; HOD: their department). */
export function dashboardObservations<T extends CountObservation>(viewer: Viewer, observations: readonly T[]): T[] {
  switch (viewer.role) {
    case 'Head_of_Department':
      return observations.filter((o) => o.departmentId === (viewer.department?.id ?? null));
    case 'Faculty':
      return observations.filter((o) => o.facultyId === viewer.id);
    case 'Observer':
      return observations.filter((o) => o.observerId === viewer.id);
    default:
      return [...observations];
  }
}
