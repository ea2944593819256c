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
import { rowsOf } from '../../db/results.js';
import { observations, slots, users } from '../../db/schema.js';
import type { AuthUser } from '../../http/types.js';

const countUsers = (db: Db, role: string, where?: SQL) =>
  db.select({ n: sql`count(*)` }).from(users).where(and(eq(users.role, role), where));
const countObservations = (db: Db, where?: SQL) => db.select({ n: sql`count(*)` }).from(observations).where(where);

/** Every count in one statement (one round trip; on PGlite one wasm call instead of three or four). */
async function countAll<K extends string>(db: Db, parts: Record<K, { getSQL(): SQL }>): Promise<Record<K, number>> {
  const columns = sql.join(
    Object.entries<{ getSQL(): SQL }>(parts).map(([name, q]) => sql`(${q})::int as ${sql.identifier(name)}`),
    sql`, `,
  );
  const res = await db.execute(sql`select ${columns}`);
  return rowsOf<Record<K, number>>(res)[0]!;
}

export async function dashboardCounts(db: Db, user: AuthUser): Promise<DashboardResponse> {
  let counts: DashboardCounts;
  switch (user.role) {
    case 'Head_of_Department': {
      const dept = user.departmentId == null ? sql`false` : eq(users.departmentId, user.departmentId);
      const obsDept = user.departmentId == null ? sql`false` : eq(observations.departmentId, user.departmentId);
      counts = await countAll(db, {
        observers: countUsers(db, 'Observer', dept),
        faculty: countUsers(db, 'Faculty', dept),
        observations: countObservations(db, obsDept),
      });
      break;
    }
    case 'Faculty':
      counts = await countAll(db, {
        observations: countObservations(db, eq(observations.facultyId, user.id)),
        slots: db.select({ n: sql`count(*)` }).from(slots).where(eq(slots.facultyId, user.id)),
      });
      break;
    case 'Observer':
      counts = await countAll(db, { observations: countObservations(db, eq(observations.observerId, user.id)) });
      break;
    default:
      counts = await countAll(db, {
        observers: countUsers(db, 'Observer'),
        faculty: countUsers(db, 'Faculty'),
        headsOfDepartment: countUsers(db, 'Head_of_Department'),
        observations: countObservations(db),
      });
  }
  return { role: user.role, counts };
}
