/**
 * Which courses a user may see (GET /courses, GET /course/{id}, the `courses` and `slots` sync entities):
 *   Super_Admin, Admin, Campus_Director  every course
 *   Head_of_Department, Observer         courses of their department
 *   Faculty                              courses in which they hold a slot
 * Returned as a SQL condition on `courses` (undefined = no restriction). The rule is written once (`courseRule`)
 * and rendered with the viewer's values inline (courseVisibility) or as placeholders, one condition per shape,
 * for a statement prepared once per shape (db/prepared-shapes.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import { SEES_ALL_USERS } from '../../../shared/permissions.js';
import { courseDepartments, courses, slots } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';
import { inline, type Bind } from '../../db/prepared-shapes.js';

type Viewer = Pick<AuthUser, 'id' | 'role' | 'departmentId'>;

export function courseRule(user: Viewer, value: Bind): { shape: string; condition: SQL | undefined } {
  if (SEES_ALL_USERS.includes(user.role)) return { shape: 'all', condition: undefined };
  if (user.role === 'Faculty') {
    return {
      shape: 'faculty',
      condition: sql`exists (select 1 from ${slots} where ${slots.courseId} = ${courses.id} and ${slots.facultyId} = ${value('viewerId', user.id)})`,
    };
  }
  if (user.departmentId == null) return { shape: 'none', condition: sql`false` };
  return {
    shape: 'department',
    condition: sql`exists (select 1 from ${courseDepartments} where ${courseDepartments.courseId} = ${courses.id} and ${courseDepartments.departmentId} = ${value('departmentId', user.departmentId)})`,
  };
}

export function courseVisibility(user: Viewer): SQL | undefined {
  return courseRule(user, inline).condition;
}
