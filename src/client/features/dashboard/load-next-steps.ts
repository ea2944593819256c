/**
 * Reads the open observations a viewer's next steps come from (src/shared/next-steps.ts) out of the replica, so
 * the first screen answers offline. Only open ones (Pending, Ongoing) on the scope's [scope+status+createdAt]
 * index (db.ts v5/v17), only full documents (a summary carries no stages), the newest OPEN_LIMIT per status: the
 * first screen reads a bounded number of documents however large the replica (the analytics page counts them all).
 */
import Dexie from 'dexie';
import type { Observation } from '../../../shared/contract/observations.js';
import type { User } from '../../../shared/contract/users.js';
import type { ReplicaDb, ReplicaRecord } from '../../db/db.js';
import { dashboardScope } from './observation-scope.js';

export const OPEN_LIMIT = 100;
const OPEN = ['Pending', 'Ongoing'] as const;

export async function loadOpenObservations(db: ReplicaDb, viewer: Pick<User, 'id' | 'role' | 'department'>): Promise<Observation[]> {
  const scope = dashboardScope({ id: viewer.id, role: viewer.role, department: viewer.department ? { id: viewer.department.id } : null });
  let rows: ReplicaRecord[];
  if (scope.by === 'none') return [];
  if (scope.by === 'facultyId') {
    rows = await db.observations.where('facultyId').equals(scope.value).filter((o) => o.status !== 'Completed').toArray();
  } else {
    const parts = await Promise.all(
      OPEN.map((st) => {
        const range =
          scope.by === 'all'
            ? db.observations.where('[status+createdAt]').between([st, Dexie.minKey], [st, Dexie.maxKey])
            : db.observations.where(`[${scope.by}+status+createdAt]`).between([scope.value, st, Dexie.minKey], [scope.value, st, Dexie.maxKey]);
        return range.reverse().limit(OPEN_LIMIT).toArray();
      }),
    );
    rows = parts.flat();
  }
  return rows.filter((o) => o.grain !== 'summary' && o.meetings != null) as unknown as Observation[];
}

/**
 * Completed observations whose cycle is not closed yet (not signed off: src/shared/closing.ts), for the closing
 * steps — acknowledge, respond, sign off. Bounded like the open ones: the newest OPEN_LIMIT completed in scope.
 */
export async function loadClosingObservations(db: ReplicaDb, viewer: Pick<User, 'id' | 'role' | 'department'>): Promise<Observation[]> {
  const scope = dashboardScope({ id: viewer.id, role: viewer.role, department: viewer.department ? { id: viewer.department.id } : null });
  // Admin, Super_Admin and Campus_Director neither close cycles nor follow them to the end: their screen keeps to
  // the open ones.
  if (scope.by === 'none' || scope.by === 'all') return [];
  const range =
    scope.by === 'facultyId'
      ? db.observations.where('facultyId').equals(scope.value).filter((o) => o.status === 'Completed')
      : db.observations.where(`[${scope.by}+status+createdAt]`).between([scope.value, 'Completed', Dexie.minKey], [scope.value, 'Completed', Dexie.maxKey]).reverse();
  const rows = await range.limit(OPEN_LIMIT).toArray();
  return rows.filter((o) => o.grain !== 'summary' && o.meetings != null && o.closing != null && (o.closing as { signedOffAt?: unknown }).signedOffAt == null) as unknown as Observation[];
}

/**
 * A Head of Department's own next step: the faculty members of their department the replica shows with no
 * observation at all (initiating is the HOD's part of the cycle). Names in name order; empty for other roles.
 */
export async function loadUninitiatedFaculty(db: ReplicaDb, viewer: Pick<User, 'role' | 'department'>): Promise<string[]> {
  if (viewer.role !== 'Head_of_Department' || !viewer.department) return [];
  const faculty = (await db.users.where('[role+department.id]').equals(['Faculty', viewer.department.id]).toArray()) as unknown as { id: string; name: string }[];
  const out: string[] = [];
  for (const f of faculty) {
    if ((await db.observations.where('facultyId').equals(f.id).count()) === 0) out.push(f.name);
  }
  return out.sort((a, b) => a.localeCompare(b));
}
