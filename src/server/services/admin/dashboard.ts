/**
 * GET /dashboard counts (SPEC §6). The client computes the same numbers from its replica (so the dashboard
 * opens offline); this call is the documented contract and a cross-check.
 *   full-menu roles (Super_Admin, Admin, Campus_Director): observers, faculty, heads of department (Super_Admin
 *     rows never counted), observations
 *   Head_of_Department: observers, faculty and observations of the department
 *   Faculty: their observations and their assigned slots
 *   Observer: their observations
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DashboardCounts, DashboardResponse } from '../../../shared/contract/admin.js';
import type { Db } from '../../db/client.js';
import { observations, slots, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/types.js';

async function countUsers(db: Db, role: string, where?: SQL): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(and(eq(users.role, role), where));
  return r.n;
}
async function countObservations(db: Db, where?: SQL): Promise<number> {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(observations).where(where);
  return r.n;
}

export async function dashboardCounts(db: Db, user: AuthUser): Promise<DashboardResponse> {
  let counts: DashboardCounts;
  switch (user.role) {
    case 'Head_of_Department': {
      const dept = user.departmentId == null ? sql`false` : eq(users.departmentId, user.departmentId);
      const obsDept = user.departmentId == null ? sql`false` : eq(observations.departmentId, user.departmentId);
      counts = {
        observers: await countUsers(db, 'Observer', dept),
        faculty: await countUsers(db, 'Faculty', dept),
        observations: await countObservations(db, obsDept),
      };
      break;
    }
    case 'Faculty': {
      const [s] = await db.select({ n: sql<number>`count(*)::int` }).from(slots).where(eq(slots.facultyId, user.id));
      counts = { observations: await countObservations(db, eq(observations.facultyId, user.id)), slots: s.n };
      break;
    }
    case 'Observer':
      counts = { observations: await countObservations(db, eq(observations.observerId, user.id)) };
      break;
    default:
      counts = {
        observers: await countUsers(db, 'Observer'),
        faculty: await countUsers(db, 'Faculty'),
        headsOfDepartment: await countUsers(db, 'Head_of_Department'),
        observations: await countObservations(db),
      };
  }
  return { role: user.role, counts };
}
