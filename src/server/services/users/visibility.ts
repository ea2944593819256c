/**
 * Who may see which user (every rule on the server: docs/architecture.md).
 *   Super_Admin, Admin, Campus_Director → everyone
 *   Head_of_Department                  → their department, themselves, and people in their observations
 *   Observer, Faculty                   → themselves and the people they share an observation with
 *                                          (faculty, observer and HOD of that observation)
 * `visibleUsersWhere` is the same rule as a SQL condition on `users`, for lists and the sync pull.
 */
import { or, sql, type SQL } from 'drizzle-orm';
import { SEES_ALL_USERS } from '../../../shared/permissions.js';
import { users } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';
import { inline, type Bind } from '../../db/prepared-shapes.js';

export type Viewer = Pick<AuthUser, 'id' | 'role' | 'departmentId'>;

/**
 * The rule as a SQL condition on the users table (undefined = no restriction), with the viewer's values bound by
 * `bind`, and its shape (db/prepared-shapes.ts).
 */
export function usersRule(viewer: Viewer, bind: Bind): { shape: string; condition: SQL | undefined } {
  if (SEES_ALL_USERS.includes(viewer.role)) return { shape: 'all', condition: undefined };
  const me = bind('viewerId', viewer.id);
  const sharesObservation = sql`${users.id} in (
    select u.id from observations o
    cross join lateral (values (o.faculty_id), (o.observer_id), (o.hod_id)) as u(id)
    where ${me} in (o.faculty_id, o.observer_id, o.hod_id))`;
  const self = sql`${users.id} = ${me}`;
  if (viewer.role === 'Head_of_Department' && viewer.departmentId != null) {
    return { shape: 'department', condition: or(self, sql`${users.departmentId} = ${bind('departmentId', viewer.departmentId)}`, sharesObservation) };
  }
  return { shape: 'participant', condition: or(self, sharesObservation) };
}

/** SQL condition on the users table, the viewer's values inline; undefined = no restriction. */
export function visibleUsersWhere(viewer: Viewer): SQL | undefined {
  return usersRule(viewer, inline).condition;
}
