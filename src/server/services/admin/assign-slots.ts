/**
 * PUT /course/user/{facultyId} (SPEC §5, §6). Rules:
 * - Head_of_Department assigns within their department: the faculty member and the course must both belong
 *   to it (403 otherwise; department-rule.ts, the same rule as slot edits). Super_Admin and Admin may assign
 *   anywhere. Other roles: 403.
 * - The target must be a Faculty user (400); at least one slot ('Please select the slots!'); all slots of one
 *   course (400); a slot held by another faculty member → 409. Slots already held by this faculty member are
 *   left as they are (a repeated assignment is harmless).
 * - The faculty member is notified of newly assigned slots.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Course } from '../../../shared/contract/courses.js';
import { MSG } from '../../../shared/messages.js';
import { slots, users } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';
import { notify } from '../notify.js';
import { courseDocument } from './course-documents.js';
import { requireOwnDepartmentCourse, requireOwnDepartmentFaculty } from './department-rule.js';
import { can } from '../../../shared/permissions.js';

const Uuid = z.uuid();

export async function assignSlots(
  ctx: WriteContext,
  user: AuthUser,
  facultyId: string,
  slotIds: readonly string[],
): Promise<{ course: Course; assigned: number }> {
  const { tx } = ctx;
  if (!can(user.role, 'slots.assign')) throw forbidden();
  if (!Uuid.safeParse(facultyId).success) throw badRequest(MSG.assignDetails);
  const ids = [...new Set(slotIds)];
  if (ids.length === 0) throw badRequest(MSG.selectSlots);
  if (ids.some((id) => !Uuid.safeParse(id).success)) throw badRequest(MSG.assignDetails);

  const [faculty] = await tx
    .select({ id: users.id, role: users.role, departmentId: users.departmentId })
    .from(users)
    .where(eq(users.id, facultyId));
  if (!faculty) throw notFound();
  requireOwnDepartmentFaculty(user, faculty);
  if (faculty.role !== 'Faculty') throw badRequest(MSG.notFaculty);

  // Lock the slots: two concurrent assignments of one slot serialise, the second sees it taken.
  const rows = await tx.select().from(slots).where(inArray(slots.id, ids)).for('update');
  if (rows.length !== ids.length) throw notFound();
  const courseIds = new Set(rows.map((r) => r.courseId));
  if (courseIds.size !== 1) throw badRequest(MSG.slotsOfOneCourse);
  const courseId = rows[0].courseId;

  await requireOwnDepartmentCourse(tx, user, courseId);
  if (rows.some((r) => r.facultyId !== null && r.facultyId !== facultyId)) throw conflict(MSG.slotTaken);

  const fresh = rows.filter((r) => r.facultyId === null).map((r) => r.id);
  if (fresh.length > 0) {
    const updated = await tx
      .update(slots)
      .set({ facultyId })
      .where(and(inArray(slots.id, fresh), isNull(slots.facultyId)))
      .returning({ id: slots.id });
    if (updated.length !== fresh.length) throw conflict(MSG.slotTaken);
    // The faculty member's user document lists their course slots: bump it so the sync pull re-sends it.
    await tx.update(users).set({ updatedAt: sql`now()` }).where(eq(users.id, facultyId));
    ctx.audit({ actorId: user.id, action: 'course.assign', entity: 'slots', entityId: facultyId, detail: { slots: fresh } });
  }

  const course = await courseDocument(tx, courseId);
  if (!course) throw notFound();
  if (fresh.length > 0) {
    const sections = course.slots.filter((s) => fresh.includes(s.id)).map((s) => s.sectionCode);
    await notify(tx, {
      userId: facultyId,
      title: 'Course assigned',
      message: `You were assigned ${course.courseCode} ${course.name}, section(s) ${sections.join(', ')}.`,
      route: '/',
    });
  }
  return { course, assigned: fresh.length };
}
