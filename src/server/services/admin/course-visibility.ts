/**
 * Which courses a user may see (GET /courses, GET /course/{id}, the `courses` and `slots` sync entities):
 *   Super_Admin, Admin, Campus_Director  every course
 *   Head_of_Department, Observer         courses of their department
 *   Faculty                              courses in which they hold a slot
 * Returned as a SQL condition on `courses` (undefined = no restriction). The rule is written once (`rule`) and
 * rendered two ways: with the viewer's values inline (courseVisibility), or with them as placeholders, one
 * condition per role shape, for a statement prepared once per shape (courseVisibilityShape).
 */
import { sql, type SQL } from 'drizzle-orm';
import { SEES_ALL_USERS } from '../../../shared/permissions.js';
import { courseDepartments, courses, slots } from '../../db/schema.js';
import type { AuthUser } from '../../http/types.js';

type Viewer = Pick<AuthUser, 'id' | 'role' | 'departmentId'>;
type ValueName = 'viewerId' | 'departmentId';

function rule(user: Viewer, value: (name: ValueName, v: string | number) => unknown): { shape: string; condition: SQL | undefined } {
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
  return rule(user, (_, v) => v).condition;
}

/** The condition with the viewer's values as placeholders, the shape it has, and the values to execute it with. */
export function courseVisibilityShape(user: Viewer): { shape: string; condition: SQL | undefined; values: Partial<Record<ValueName, string | number>> } {
  const values: Partial<Record<ValueName, string | number>> = {};
  const r = rule(user, (name, v) => {
    values[name] = v;
    return sql.placeholder(name);
  });
  return { ...r, values };
}
