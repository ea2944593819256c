/**
 * Which observations a dashboard is about, as an index prefix of the replica's `observations` table (db.ts v5):
 * full-menu roles count everything the replica holds, a Head of Department their department, an Observer and a
 * Faculty member their own. Counting through these prefixes never deserialises a document.
 */
import type { Role } from '../../../shared/enums.js';

export type ObservationScope =
  | { by: 'all' }
  | { by: 'departmentId'; value: number }
  | { by: 'observerId'; value: string }
  | { by: 'facultyId'; value: string }
  /** A Head of Department without a department: nothing to show. */
  | { by: 'none' };

export interface ScopeViewer {
  id: string;
  role: Role;
  department: { id: number } | null;
}

export function dashboardScope(viewer: ScopeViewer): ObservationScope {
  switch (viewer.role) {
    case 'Head_of_Department':
      return viewer.department ? { by: 'departmentId', value: viewer.department.id } : { by: 'none' };
    case 'Faculty':
      return { by: 'facultyId', value: viewer.id };
    case 'Observer':
      return { by: 'observerId', value: viewer.id };
    default:
      return { by: 'all' };
  }
}

/** True when a record belongs to the scope (for cursors that walk the createdAt index). */
export function inScope(scope: ObservationScope, o: Readonly<Record<string, unknown>>): boolean {
  switch (scope.by) {
    case 'all':
      return true;
    case 'none':
      return false;
    default:
      return o[scope.by] === scope.value;
  }
}
