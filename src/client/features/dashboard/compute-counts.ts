/**
 * Dashboard counts by role (SPEC §6), computed from the replica so the dashboard opens offline. The same rules
 * as the server's GET /dashboard (src/server/services/admin/dashboard.ts):
 *   full-menu roles (Super_Admin, Admin, Campus_Director): observers, faculty, heads of department, observations
 *   Head_of_Department: observers and faculty of the department, observations of the department
 *   Faculty: their observations and their assigned course slots
 *   Observer: their observations
 * Super_Admin rows are never counted (they are never listed either). Every count is an IndexedDB count() on an
 * index (db.ts v5), never a table loaded into memory.
 */
import Dexie from 'dexie';
import type { ReplicaDb } from '../../db/db.js';
import { dashboardScope, type ObservationScope, type ScopeViewer } from './observation-scope.js';

export interface CountCard {
  key: 'observers' | 'faculty' | 'headsOfDepartment' | 'observations' | 'slots';
  label: string;
  value: number;
}

export type Viewer = ScopeViewer;

export function countObservations(db: ReplicaDb, scope: ObservationScope): Promise<number> {
  switch (scope.by) {
    case 'all':
      return db.observations.count();
    case 'none':
      return Promise.resolve(0);
    case 'facultyId':
      return db.observations.where('facultyId').equals(scope.value).count();
    default:
      // A department's or an observer's: the prefix of its [scope+status+createdAt] index (db.ts v17), the one
      // the stream chart counts on.
      return db.observations
        .where(`[${scope.by}+status+createdAt]`)
        // [v] sorts before every longer key starting with v, [v, maxKey] after them all.
        .between([scope.value], [scope.value, Dexie.maxKey], true, true)
        .count();
  }
}

function countRole(db: ReplicaDb, role: string, dept?: number | null): Promise<number> {
  if (dept === undefined) return db.users.where('role').equals(role).count();
  if (dept === null) return Promise.resolve(0);
  return db.users.where('[role+department.id]').equals([role, dept]).count();
}

/** Course slots assigned to a faculty member: one pass over the courses (a few hundred), keeping only numbers. */
async function countSlots(db: ReplicaDb, facultyId: string): Promise<number> {
  let n = 0;
  await db.courses.each((c) => {
    for (const s of (c.slots as { facultyId: string | null }[] | undefined) ?? []) if (s.facultyId === facultyId) n++;
  });
  return n;
}

export async function loadCounts(db: ReplicaDb, viewer: Viewer): Promise<CountCard[]> {
  const observations = () => countObservations(db, dashboardScope(viewer));
  switch (viewer.role) {
    case 'Head_of_Department': {
      const dept = viewer.department?.id ?? null;
      const [observers, faculty, obs] = await Promise.all([countRole(db, 'Observer', dept), countRole(db, 'Faculty', dept), observations()]);
      return [
        { key: 'observers', label: 'Observers', value: observers },
        { key: 'faculty', label: 'Faculty', value: faculty },
        { key: 'observations', label: 'Observations', value: obs },
      ];
    }
    case 'Faculty': {
      const [obs, slots] = await Promise.all([observations(), countSlots(db, viewer.id)]);
      return [
        { key: 'observations', label: 'Observations', value: obs },
        { key: 'slots', label: 'Assigned Slots', value: slots },
      ];
    }
    case 'Observer':
      return [{ key: 'observations', label: 'Observations', value: await observations() }];
    default: {
      const [observers, faculty, hods, obs] = await Promise.all([
        countRole(db, 'Observer'),
        countRole(db, 'Faculty'),
        countRole(db, 'Head_of_Department'),
        observations(),
      ]);
      return [
        { key: 'observers', label: 'Observers', value: observers },
        { key: 'faculty', label: 'Faculty', value: faculty },
        { key: 'headsOfDepartment', label: 'Heads of Department', value: hods },
        { key: 'observations', label: 'Observations', value: obs },
      ];
    }
  }
}
