/**
 * POST /auth/create rules (SPEC §5, §6):
 *   - the creator's role may create the target role (CREATABLE_ROLES), else 403
 *   - the §5 form messages (createUserError, domain = UNIVERSITY_DOMAIN), else 400
 *   - campus and department come from the creator; a creator without a department (Super_Admin, Admin,
 *     Campus_Director) names one with `department` for department-bound roles (HOD, Observer, Faculty)
 *   - a Faculty user gets `courses` (slot ids): unassigned slots of `course`, locked and assigned here; SPEC §7's
 *     body names only the slots, so without `course` the course follows from them (they must share one course)
 *   - email unique (409); a client-chosen `id` is honoured so an offline client can create then refer
 *   - without a password the user is invited (services/auth/invitations.ts): the CreateUser email's {{link}} is
 *     the link to set their own password; with one (API clients) the account can sign in at once
 *   - a CreateUser email is queued, the creation audited
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreateUserRequest, User } from '../../../shared/contract/users.js';
import type { Role } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import { can, mayCreateRole } from '../../../shared/permissions.js';
import { createUserError } from '../../../shared/validation.js';
import type { Tx } from '../../db/client.js';
import { courseDepartments, courses, departments, slots, emailIs, users } from '../../db/schema.js';
import { badRequest, conflict, forbidden } from '../errors.js';
import type { AuthUser } from '../deps.js';
import { hashPassword } from '../auth/password.js';
import { createInvitation, unusablePasswordHash } from '../auth/invitations.js';
import { queueEmail } from '../mail/queue-email.js';
import { userDocument } from './user-document.js';
import type { WriteContext } from '../write-context.js';

const DEPARTMENT_ROLES: readonly Role[] = ['Head_of_Department', 'Observer', 'Faculty'];

/**
 * Where a new user's department comes from (docs/adr/2026-11-22-who-creates-whom.md): `named` when the creator
 * has no department and the role is department-bound (the request names it), else the creator's own (`creator`).
 * Used by POST /auth/create and the users import (services/provisioning/users.ts).
 */
export function departmentSource(creator: Pick<AuthUser, 'departmentId'>, role: Role): 'creator' | 'named' {
  return DEPARTMENT_ROLES.includes(role) && creator.departmentId == null ? 'named' : 'creator';
}

export async function createUser(
  ctx: WriteContext,
  creator: AuthUser,
  input: z.output<typeof CreateUserRequest>,
  domain: string,
  now: Date = new Date(),
): Promise<User> {
  const { tx } = ctx;
  if (!can(creator.role, 'user.create')) throw forbidden(MSG.forbidden);
  // Slots without a course (SPEC §7's body): the course is taken from the slots once the form checks pass.
  const courseFromSlots = input.role === 'Faculty' && !input.course && input.courses.length > 0;
  const problem = createUserError(
    {
      name: input.name,
      email: input.email,
      password: input.password,
      confirmPassword: input.confirmPassword,
      role: input.role,
      course: courseFromSlots ? 'from the slots' : input.course,
      slots: input.courses,
    },
    domain,
  );
  if (problem) throw badRequest(problem);
  const role = input.role as Role;
  if (!mayCreateRole(creator.role, role)) throw forbidden(MSG.roleNotAllowed);

  const departmentId = await resolveDepartment(tx, creator, role, input.department);
  const email = input.email.trim().toLowerCase();
  const [taken] = await tx.select({ id: users.id }).from(users).where(emailIs(email));
  if (taken) throw conflict(MSG.emailTaken);
  if (input.id) {
    const [idTaken] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.id));
    if (idTaken) throw conflict('A user with that id already exists!');
  }

  const invited = input.password === '' && !input.confirmPassword;
  let slotIds: string[] = [];
  if (role === 'Faculty') slotIds = await lockFreeSlots(tx, creator, courseFromSlots ? await courseOfSlots(tx, input.courses) : input.course!, input.courses);

  const [row] = await tx
    .insert(users)
    .values({
      ...(input.id ? { id: input.id } : {}),
      name: input.name.trim(),
      email,
      passwordHash: invited ? await unusablePasswordHash() : await hashPassword(input.password),
      role,
      campus: creator.campus,
      departmentId,
      createdBy: creator.id,
    })
    .returning();
  if (slotIds.length) await tx.update(slots).set({ facultyId: row.id }).where(inArray(slots.id, slotIds));

  const link = invited ? await createInvitation(tx, row.id, now) : undefined;
  await queueEmail(tx, { type: 'CreateUser', to: { name: row.name, email: row.email }, vars: link ? { link } : undefined });
  ctx.audit({
    actorId: creator.id,
    action: 'user.create',
    entity: 'users',
    entityId: row.id,
    detail: { role, departmentId, slots: slotIds },
  });
  return userDocument(tx, row);
}

async function resolveDepartment(tx: Tx, creator: AuthUser, role: Role, requested: number | undefined): Promise<number | null> {
  if (departmentSource(creator, role) === 'creator') return creator.departmentId;
  if (requested == null) throw badRequest(MSG.selectDepartment);
  const [dept] = await tx.select({ id: departments.id }).from(departments).where(eq(departments.id, requested));
  if (!dept) throw badRequest(MSG.unknownDepartment);
  return dept.id;
}

/**
 * The one course the given slots belong to (SPEC §7 sends only slot ids). Slots of several courses, or ids that
 * name no slot, are refused with the §5 message; a later check still requires every slot to be free.
 */
async function courseOfSlots(tx: Tx, slotIds: string[]): Promise<string> {
  const uuidLike = /^[0-9a-f-]{36}$/i;
  if (slotIds.some((id) => !uuidLike.test(id))) throw badRequest(MSG.noSlotsForCourse);
  const rows = await tx.selectDistinct({ courseId: slots.courseId }).from(slots).where(inArray(slots.id, [...new Set(slotIds)]));
  if (rows.length !== 1) throw badRequest(MSG.noSlotsForCourse);
  return rows[0].courseId;
}

/**
 * The requested slots, locked FOR UPDATE: all must be unassigned slots of `courseId`, and a creator bound to a
 * department may only hand out slots of courses of that department.
 */
async function lockFreeSlots(tx: Tx, creator: AuthUser, courseId: string, slotIds: string[]): Promise<string[]> {
  const ids = [...new Set(slotIds)];
  const uuidLike = /^[0-9a-f-]{36}$/i;
  if (!uuidLike.test(courseId) || ids.some((id) => !uuidLike.test(id))) throw badRequest(MSG.noSlotsForCourse);
  const [course] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId));
  if (!course) throw badRequest(MSG.noSlotsForCourse);
  if (creator.departmentId != null) {
    const [link] = await tx
      .select()
      .from(courseDepartments)
      .where(and(eq(courseDepartments.courseId, courseId), eq(courseDepartments.departmentId, creator.departmentId)));
    if (!link) throw forbidden(MSG.forbidden);
  }
  const free = await tx
    .select({ id: slots.id })
    .from(slots)
    .where(and(inArray(slots.id, ids), eq(slots.courseId, courseId), isNull(slots.facultyId)))
    .for('update');
  if (free.length !== ids.length) throw badRequest(MSG.noSlotsForCourse);
  return ids;
}
