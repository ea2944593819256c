/**
 * Who may see which user (DESIGN.md: every rule on the server).
 *   Super_Admin, Admin, Campus_Director → everyone
 *   Head_of_Department                  → their department, themselves, and people in their observations
 *   Observer, Faculty                   → themselves and the people they share an observation with
 *                                          (faculty, observer and HOD of that observation)
 * `visibleUsersWhere` is the same rule as a SQL condition on `users`, for lists and the sync pull.
 */
import { eq, or, sql, type SQL } from 'drizzle-orm';
import { SEES_ALL_USERS } from '../../../shared/permissions.js';
import { users } from '../../db/schema.js';
import type { AuthUser } from '../../http/types.js';

export type Viewer = Pick<AuthUser, 'id' | 'role' | 'departmentId'>;

/** SQL condition on the users table; undefined = no restriction. */
export function visibleUsersWhere(viewer: Viewer): SQL | undefined {
  if (SEES_ALL_USERS.includes(viewer.role)) return undefined;
  const sharesObservation = sql`${users.id} in (
    select u.id from observations o
    cross join lateral (values (o.faculty_id), (o.observer_id), (o.hod_id)) as u(id)
    where ${viewer.id} in (o.faculty_id, o.observer_id, o.hod_id))`;
  const self = eq(users.id, viewer.id);
  if (viewer.role === 'Head_of_Department' && viewer.departmentId != null) {
    return or(self, eq(users.departmentId, viewer.departmentId), sharesObservation);
  }
  return or(self, sharesObservation);
}
