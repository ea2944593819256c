/**
 * POST /course (SPEC §5, §7). Rules:
 * - Only Head_of_Department, Super_Admin and Admin create courses (403 otherwise).
 * - SPEC §5 messages for missing details / slots; credits a whole number 1–6; slot day a week day; slot time
 *   24-hour HH:MM or HH:MM-HH:MM; section codes unique within the course.
 * - Every department must exist. A Head_of_Department's own department must be among them (a HOD creates
 *   courses for their department, possibly shared with others) and the campus is the HOD's own.
 * - The course code is unique per campus, case-insensitively (409). A transaction-scoped advisory lock on
 *   (campus, code) makes two concurrent creates of one code answer 201 and 409, never two rows.
 * - Client-chosen uuids (offline create-then-refer) must be new (409 otherwise).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { courseCreateError, normaliseSlotTime, type Course, type CreateCourseInput } from '../../../shared/contract/courses.js';
import { can, COURSE_CREATORS } from '../../../shared/permissions.js';
import { MSG } from '../../../shared/messages.js';
import { courseDepartments, courses, departments, slots } from '../../db/schema.js';
import { badRequest, conflict, forbidden } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';
import { courseDocument } from './course-documents.js';
import { courseDepartmentsError } from './department-rule.js';

export { COURSE_CREATORS };

export async function createCourse(ctx: WriteContext, user: AuthUser, input: CreateCourseInput): Promise<Course> {
  const { tx } = ctx;
  if (!can(user.role, 'course.create')) throw forbidden();
  const error = courseCreateError(input);
  if (error) throw badRequest(error);

  const deptIds = [...new Set(input.departments)];
  const found = await tx.select({ id: departments.id }).from(departments).where(inArray(departments.id, deptIds));
  if (found.length !== deptIds.length) throw badRequest(MSG.unknownDepartment);

  let campus: string = input.campus ?? 'Main_Campus';
  const departmentProblem = courseDepartmentsError(user, deptIds);
  if (departmentProblem) throw forbidden(departmentProblem);
  if (user.role === 'Head_of_Department') campus = user.campus;

  const code = input.courseCode.trim();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`course:${campus}:${code.toUpperCase()}`}))`);
  const same = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.campus, campus), sql`upper(${courses.courseCode}) = ${code.toUpperCase()}`));
  if (same.length > 0) throw conflict(MSG.courseCodeTaken);

  const clientIds = [input.id, ...input.slots.map((s) => s.id)].filter((v): v is string => !!v);
  if (new Set(clientIds).size !== clientIds.length) throw badRequest(MSG.courseDetails);
  if (input.id && (await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, input.id))).length) {
    throw conflict(MSG.courseIdTaken);
  }
  const slotIds = input.slots.map((s) => s.id).filter((v): v is string => !!v);
  if (slotIds.length && (await tx.select({ id: slots.id }).from(slots).where(inArray(slots.id, slotIds))).length) {
    throw conflict(MSG.courseIdTaken);
  }

  const [row] = await tx
    .insert(courses)
    .values({
      ...(input.id ? { id: input.id } : {}),
      courseCode: code,
      name: input.name.trim(),
      credits: input.credits as number,
      campus,
      isElective: input.isElective,
      isDepthElective: input.isDepthElective,
      createdBy: user.id,
    })
    .returning({ id: courses.id });
  await tx.insert(courseDepartments).values(deptIds.map((departmentId) => ({ courseId: row.id, departmentId })));
  await tx.insert(slots).values(
    input.slots.map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      courseId: row.id,
      sectionCode: s.sectionCode.trim(),
      day: s.day.trim(),
      time: normaliseSlotTime(s.time),
      location: s.location.trim(),
    })),
  );
  ctx.audit({ actorId: user.id, action: 'course.create', entity: 'courses', entityId: row.id, detail: { courseCode: code } });
  const doc = await courseDocument(tx, row.id);
  if (!doc) throw new Error('created course vanished');
  return doc;
}
