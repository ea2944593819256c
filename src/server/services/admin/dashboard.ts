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
import { runPerShape } from '../../db/prepared-shapes.js';
import { observations, slots, users } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';

const countUsers = (db: Db, role: string, where?: SQL) =>
  db.select({ n: sql`count(*)` }).from(users).where(and(eq(users.role, role), where));
const countObservations = (db: Db, where?: SQL) => db.select({ n: sql`count(*)` }).from(observations).where(where);

/** The caller's id and department, bound into the prepared statement of their shape. */
const ME = sql.placeholder('me');
const DEPT = sql.placeholder('dept');

type Shape = 'hod' | 'hod_none' | 'faculty' | 'observer' | 'all';

/** Every count of a shape in one statement (one round trip; on PGlite one wasm call instead of three or four). */
function countsOf(db: Db, shape: Shape): Record<string, { getSQL(): SQL }> {
  switch (shape) {
    case 'hod':
    case 'hod_none': {
      const dept = shape === 'hod_none' ? sql`false` : eq(users.departmentId, DEPT);
      return {
        observers: countUsers(db, 'Observer', dept),
        faculty: countUsers(db, 'Faculty', dept),
        observations: countObservations(db, shape === 'hod_none' ? sql`false` : eq(observations.departmentId, DEPT)),
      };
    }
    case 'faculty':
      return {
        observations: countObservations(db, eq(observations.facultyId, ME)),
        slots: db.select({ n: sql`count(*)` }).from(slots).where(eq(slots.facultyId, ME)),
      };
    case 'observer':
      return { observations: countObservations(db, eq(observations.observerId, ME)) };
    case 'all':
      return {
        observers: countUsers(db, 'Observer'),
        faculty: countUsers(db, 'Faculty'),
        headsOfDepartment: countUsers(db, 'Head_of_Department'),
        observations: countObservations(db),
      };
  }
}

function shapeOf(user: AuthUser): Shape {
  switch (user.role) {
    case 'Head_of_Department':
      return user.departmentId == null ? 'hod_none' : 'hod';
    case 'Faculty':
      return 'faculty';
    case 'Observer':
      return 'observer';
    default:
      return 'all';
  }
}

/**
 * The counts of the caller's shape, in a statement built and prepared once per database and shape
 * (db/prepared-shapes.ts): building it with Drizzle on every call cost more than PostgreSQL answering it.
 */
export async function dashboardCounts(db: Db, user: AuthUser): Promise<DashboardResponse> {
  const shape = shapeOf(user);
  const [row] = await runPerShape(
    db,
    'dashboard',
    () => ({ shape, condition: undefined }),
    () => {
      const columns = Object.fromEntries(Object.entries(countsOf(db, shape)).map(([name, q]) => [name, sql<number>`(${q})::int`]));
      return db.select(columns).from(sql`(select 1) as one`);
    },
    { me: user.id, dept: user.departmentId ?? 0 },
  );
  return { role: user.role, counts: row as unknown as DashboardCounts };
}
