/**
 * Which courses a user may see (GET /courses, GET /course/{id}, the `courses` and `slots` sync entities):
 *   Super_Admin, Admin, Campus_Director  every course
 *   Head_of_Department, Observer         courses of their department
 *   Faculty                              courses in which they hold a slot
 * Returned as a SQL condition on `courses` (undefined = no restriction).
 */
import { sql, type SQL } from 'drizzle-orm';
import { SEES_ALL_USERS } from '../../../shared/permissions.js';
import { courseDepartments, courses, slots } from '../../db/schema.js';
import type { AuthUser } from '../../http/types.js';

export function courseVisibility(user: Pick<AuthUser, 'id' | 'role' | 'departmentId'>): SQL | undefined {
  if (SEES_ALL_USERS.includes(user.role)) return undefined;
  if (user.role === 'Faculty') {
    return sql`exists (select 1 from ${slots} where ${slots.courseId} = ${courses.id} and ${slots.facultyId} = ${user.id})`;
  }
  if (user.departmentId == null) return sql`false`;
  return sql`exists (select 1 from ${courseDepartments} where ${courseDepartments.courseId} = ${courses.id} and ${courseDepartments.departmentId} = ${user.departmentId})`;
}
