/**
 * The department rule of a course's slots, one home for assignment (assign-slots.ts) and slot edits
 * (course-slots.ts): a Head_of_Department acts on a course's slots only when
 *   - the course is one of their department's (a course may be shared between departments), and
 *   - the faculty member concerned — the one being assigned, or the one holding the slot being edited, moved,
 *     unassigned or deleted — is of their department too.
 * So on a course shared by two departments, each HOD manages the sections their own faculty teach and the free
 * ones, never the other department's people. Super_Admin and Admin act anywhere (the callers check the role).
 */
import { and, eq } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { courseDepartments, users } from '../../db/schema.js';
import { forbidden } from '../errors.js';
import type { AuthUser } from '../deps.js';

const bound = (user: AuthUser) => user.role === 'Head_of_Department';

/** 403 unless the caller may act on this course's slots (its department's course, for a HOD). */
export async function requireOwnDepartmentCourse(tx: Db, user: AuthUser, courseId: string): Promise<void> {
  if (!bound(user)) return;
  if (user.departmentId == null) throw forbidden(MSG.ownDepartmentSlot);
  const own = await tx
    .select({ courseId: courseDepartments.courseId })
    .from(courseDepartments)
    .where(and(eq(courseDepartments.courseId, courseId), eq(courseDepartments.departmentId, user.departmentId)));
  if (own.length === 0) throw forbidden(MSG.ownDepartmentSlot);
}

/** 403 unless the caller may act on this faculty member's slots (of the HOD's own department). */
export function requireOwnDepartmentFaculty(user: AuthUser, faculty: { departmentId: number | null }): void {
  if (bound(user) && (user.departmentId == null || faculty.departmentId !== user.departmentId)) throw forbidden(MSG.ownDepartmentFaculty);
}

/** requireOwnDepartmentFaculty for the holder of a slot (by id); nothing to check for a free slot. */
export async function requireOwnDepartmentHolder(tx: Db, user: AuthUser, facultyId: string | null): Promise<void> {
  if (!bound(user) || facultyId == null) return;
  const [holder] = await tx.select({ departmentId: users.departmentId }).from(users).where(eq(users.id, facultyId));
  requireOwnDepartmentFaculty(user, { departmentId: holder?.departmentId ?? null });
}

/**
 * The department rule of a new course (POST /course, and the courses import): a Head_of_Department's own
 * department must be among the course's departments. The message, or null when the rule holds.
 */
export function courseDepartmentsError(user: Pick<AuthUser, 'role' | 'departmentId'>, departmentIds: readonly number[]): string | null {
  if (user.role !== 'Head_of_Department') return null;
  return user.departmentId != null && departmentIds.includes(user.departmentId) ? null : MSG.ownDepartmentCourse;
}
