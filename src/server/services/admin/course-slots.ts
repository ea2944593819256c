/**
 * Slots of an existing course: POST /course/{id}/slot, PUT /course/{id}/slot/{slotId},
 * DELETE /course/{id}/slot/{slotId}. Rules:
 * - Who: COURSE_CREATORS. A Head_of_Department only for a course of their own department, and for a slot held by a
 *   faculty member only when that member is of their department too (403 otherwise): the rule of assignment
 *   (department-rule.ts), so on a course shared between departments neither HOD moves the other's people.
 * - A slot follows the rules of course creation (`courseSlotError`: SPEC §5 messages, week day, 24-hour time) and
 *   its section code is unique within the course. The course row is locked FOR UPDATE first, so two concurrent
 *   writes to one course serialise and the second sees the first's section codes.
 * - Delete never drops a slot someone depends on: an assigned slot answers 409 "assigned to <name>; unassign it
 *   first", or "used by an observation of <name>" when that faculty member has an observation of this course.
 *   The slot row is locked FOR UPDATE, so a concurrent assignment (which locks the same row) either lands first
 *   and the delete sees it, or waits and then finds the slot gone (404). The last slot of a course is kept (409),
 *   since a course has at least one slot (SPEC §5).
 *
 * - Unassign frees an assigned slot (the faculty member leaves the section) unless that faculty member has an open
 *   (not Completed) observation of this course, which is scheduled on their slots: 409 then. Completed observations
 *   keep their history; their documents re-send the faculty's remaining slots.
 *
 * Sync: a slot insert or update bumps the slot's version (trigger), which raises its course document's version
 * (sync/sources/admin.ts). A delete leaves no row to carry a version, so the course row is touched. Editing an
 * assigned slot also touches the faculty member's user row and their observations, whose documents embed the
 * faculty's course slots.
 */
import { isUuid } from '../../../shared/ids.js';
import { and, eq, ne, sql } from 'drizzle-orm';
import { courseSlotError, normaliseSlotTime, type Course, type SlotWriteInput } from '../../../shared/contract/courses.js';
import { MSG } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { courses, observations, slots, users } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';
import { courseDocument } from './course-documents.js';
import { COURSE_CREATORS } from './create-course.js';
import { requireOwnDepartmentCourse, requireOwnDepartmentHolder } from './department-rule.js';


type SlotFields = { sectionCode: string; day: string; time: string; location: string };

/** Checks the caller may change the course's slots and locks the course row; 404 for an unknown course. */
async function lockCourse(tx: Db, user: AuthUser, courseId: string): Promise<void> {
  if (!COURSE_CREATORS.includes(user.role)) throw forbidden();
  if (!isUuid(courseId)) throw notFound();
  const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('update');
  if (!course) throw notFound();
  await requireOwnDepartmentCourse(tx, user, courseId);
}

/**
 * The slot row of `courseId`, locked; 404 when absent or of another course; 403 when it is held by a faculty
 * member the caller may not assign (another department's, on a shared course: department-rule.ts).
 */
async function lockSlot(tx: Db, user: AuthUser, courseId: string, slotId: string) {
  if (!isUuid(slotId)) throw notFound();
  const [slot] = await tx
    .select()
    .from(slots)
    .where(and(eq(slots.id, slotId), eq(slots.courseId, courseId)))
    .for('update');
  if (!slot) throw notFound();
  await requireOwnDepartmentHolder(tx, user, slot.facultyId);
  return slot;
}

/** Validates one slot against the course's other slots and returns its trimmed fields. */
async function checkedFields(tx: Db, courseId: string, input: SlotFields, exceptSlotId?: string): Promise<SlotFields> {
  const others = await tx
    .select({ sectionCode: slots.sectionCode })
    .from(slots)
    .where(exceptSlotId ? and(eq(slots.courseId, courseId), ne(slots.id, exceptSlotId)) : eq(slots.courseId, courseId));
  const error = courseSlotError(input, others);
  if (error) throw badRequest(error);
  return {
    sectionCode: input.sectionCode.trim(),
    day: input.day.trim(),
    time: normaliseSlotTime(input.time),
    location: input.location.trim(),
  };
}

async function document(tx: Db, courseId: string): Promise<Course> {
  const doc = await courseDocument(tx, courseId);
  if (!doc) throw notFound();
  return doc;
}

export async function addSlot(ctx: WriteContext, user: AuthUser, courseId: string, input: SlotWriteInput): Promise<Course> {
  const { tx } = ctx;
  await lockCourse(tx, user, courseId);
  const fields = await checkedFields(tx, courseId, input);
  if (input.id && (await tx.select({ id: slots.id }).from(slots).where(eq(slots.id, input.id))).length) {
    throw conflict(MSG.courseIdTaken);
  }
  const [row] = await tx
    .insert(slots)
    .values({ ...(input.id ? { id: input.id } : {}), courseId, ...fields })
    .returning({ id: slots.id });
  ctx.audit({ actorId: user.id, action: 'course.slot.add', entity: 'slots', entityId: row.id, detail: { courseId, sectionCode: fields.sectionCode } });
  return document(tx, courseId);
}

export async function updateSlot(ctx: WriteContext, user: AuthUser, courseId: string, slotId: string, input: SlotWriteInput): Promise<Course> {
  const { tx } = ctx;
  await lockCourse(tx, user, courseId);
  const slot = await lockSlot(tx, user, courseId, slotId);
  const fields = await checkedFields(tx, courseId, input, slotId);
  await tx.update(slots).set(fields).where(eq(slots.id, slotId));
  if (slot.facultyId) {
    // Their user document lists their course slots, and so does each of their observation documents.
    await tx.update(users).set({ updatedAt: sql`now()` }).where(eq(users.id, slot.facultyId));
    await tx.update(observations).set({ updatedAt: sql`now()` }).where(eq(observations.facultyId, slot.facultyId));
  }
  ctx.audit({ actorId: user.id, action: 'course.slot.update', entity: 'slots', entityId: slotId, detail: { courseId, ...fields } });
  return document(tx, courseId);
}

export async function deleteSlot(ctx: WriteContext, user: AuthUser, courseId: string, slotId: string): Promise<Course> {
  const { tx } = ctx;
  await lockCourse(tx, user, courseId);
  const slot = await lockSlot(tx, user, courseId, slotId);
  if (slot.facultyId) {
    const [faculty] = await tx.select({ name: users.name }).from(users).where(eq(users.id, slot.facultyId));
    const name = faculty?.name ?? 'a faculty member';
    const used = await tx
      .select({ id: observations.id })
      .from(observations)
      .where(and(eq(observations.facultyId, slot.facultyId), eq(observations.courseId, courseId)))
      .limit(1);
    throw conflict(used.length ? MSG.slotUsedByObservation(name) : MSG.slotAssignedTo(name));
  }
  const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(slots).where(eq(slots.courseId, courseId));
  if (Number(n) <= 1) throw conflict(MSG.lastSlot);
  await tx.delete(slots).where(eq(slots.id, slotId));
  // The deleted slot may have carried the course document's version: touch the course so the document's
  // version rises and the pull re-sends it without the slot.
  await tx.update(courses).set({ courseCode: sql`${courses.courseCode}` }).where(eq(courses.id, courseId));
  ctx.audit({ actorId: user.id, action: 'course.slot.delete', entity: 'slots', entityId: slotId, detail: { courseId, sectionCode: slot.sectionCode } });
  return document(tx, courseId);
}

export async function unassignSlot(ctx: WriteContext, user: AuthUser, courseId: string, slotId: string): Promise<Course> {
  const { tx } = ctx;
  await lockCourse(tx, user, courseId);
  const slot = await lockSlot(tx, user, courseId, slotId);
  if (!slot.facultyId) throw conflict(MSG.slotNotAssigned);
  const facultyId = slot.facultyId;
  const open = await tx
    .select({ id: observations.id })
    .from(observations)
    .where(and(eq(observations.facultyId, facultyId), eq(observations.courseId, courseId), ne(observations.status, 'Completed')))
    .limit(1);
  if (open.length) {
    const [faculty] = await tx.select({ name: users.name }).from(users).where(eq(users.id, facultyId));
    throw conflict(MSG.slotInOpenObservation(faculty?.name ?? 'The faculty member'));
  }
  await tx.update(slots).set({ facultyId: null }).where(eq(slots.id, slotId));
  // Their user document and each of their observation documents list their course slots.
  await tx.update(users).set({ updatedAt: sql`now()` }).where(eq(users.id, facultyId));
  await tx.update(observations).set({ updatedAt: sql`now()` }).where(eq(observations.facultyId, facultyId));
  ctx.audit({ actorId: user.id, action: 'course.slot.unassign', entity: 'slots', entityId: slotId, detail: { courseId, facultyId, sectionCode: slot.sectionCode } });
  return document(tx, courseId);
}
