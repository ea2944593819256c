/**
 * The slot assignments file (course_code, section_code, faculty_email): who teaches which section. The rules are
 * PUT /course/user/{facultyId}'s: the person is an active Faculty member; a HOD assigns within their department
 * (the course one of theirs, the faculty member theirs: department-rule.ts); a section held by someone else is
 * refused (unassign it first, on the course page). Matched by course code (the importer's campus) and section.
 *   free section                         → create (assigned)
 *   already held by this faculty member  → unchanged
 * The faculty members are told of their new sections (one notification each).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { MSG } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/client.js';
import { courseDepartments, courses, slots, users } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';
import { conflict } from '../errors.js';
import { notify } from '../notify.js';
import type { CsvRow } from './csv.js';
import { chunks, PlanBuilder, type ImportPlan } from './plan.js';

export async function planAssignments(db: Db | Tx, actor: AuthUser, rows: CsvRow[]): Promise<ImportPlan> {
  const p = new PlanBuilder();
  const codes = [...new Set(rows.map((r) => r.cells.course_code.toUpperCase()).filter(Boolean))];
  const courseByCode = new Map<string, { id: string; code: string; name: string; departments: Set<number> }>();
  for (const part of chunks(codes, 5000)) {
    const found = await db
      .select({ id: courses.id, code: courses.courseCode, name: courses.name })
      .from(courses)
      .where(and(eq(courses.campus, actor.campus), inArray(sql`upper(${courses.courseCode})`, part)));
    for (const c of found) courseByCode.set(c.code.toUpperCase(), { ...c, departments: new Set() });
  }
  const courseById = new Map([...courseByCode.values()].map((c) => [c.id, c]));
  const slotOf = new Map<string, { id: string; courseId: string; section: string; facultyId: string | null; holder: string | null }>();
  for (const part of chunks([...courseById.keys()], 5000)) {
    for (const l of await db.select().from(courseDepartments).where(inArray(courseDepartments.courseId, part))) courseById.get(l.courseId)!.departments.add(l.departmentId);
    const found = await db
      .select({ id: slots.id, courseId: slots.courseId, section: slots.sectionCode, facultyId: slots.facultyId, holder: users.name })
      .from(slots)
      .leftJoin(users, eq(users.id, slots.facultyId))
      .where(inArray(slots.courseId, part));
    for (const s of found) slotOf.set(`${courseById.get(s.courseId)!.code.toUpperCase()} ${s.section.toUpperCase()}`, s);
  }
  const emails = [...new Set(rows.map((r) => r.cells.faculty_email.toLowerCase()).filter(Boolean))];
  const facultyByEmail = new Map<string, { id: string; role: string; departmentId: number | null; deactivatedAt: Date | null }>();
  for (const part of chunks(emails, 5000)) {
    const found = await db
      .select({ id: users.id, email: users.email, role: users.role, departmentId: users.departmentId, deactivatedAt: users.deactivatedAt })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, part));
    for (const u of found) facultyByEmail.set(u.email.toLowerCase(), u);
  }

  const assign: { slotId: string; facultyId: string; courseId: string; section: string }[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells } of rows) {
    const key = `${cells.course_code.toUpperCase()} ${cells.section_code.toUpperCase()}`;
    const label = `${cells.course_code} ${cells.section_code} → ${cells.faculty_email}`.trim();
    for (const c of ['course_code', 'section_code', 'faculty_email'] as const) if (!cells[c]) p.error(row, c, MSG.assignDetails);
    const course = courseByCode.get(cells.course_code.toUpperCase());
    const slot = slotOf.get(key);
    const faculty = facultyByEmail.get(cells.faculty_email.toLowerCase());
    if (cells.course_code && !course) p.error(row, 'course_code', `no course ${cells.course_code} on your campus`);
    else if (course && cells.section_code && !slot) p.error(row, 'section_code', `${cells.course_code} has no section ${cells.section_code}`);
    if (cells.faculty_email && !faculty) p.error(row, 'faculty_email', 'no account with this address');
    else if (faculty && faculty.role !== 'Faculty') p.error(row, 'faculty_email', MSG.notFaculty);
    else if (faculty?.deactivatedAt) p.error(row, 'faculty_email', `${MSG.accountDeactivated}`);
    // A HOD: their own department's faculty and courses (department-rule.ts, as PUT /course/user/{facultyId}).
    if (actor.role === 'Head_of_Department') {
      if (faculty && faculty.departmentId !== actor.departmentId) p.error(row, 'faculty_email', MSG.ownDepartmentFaculty);
      if (course && (actor.departmentId == null || !course.departments.has(actor.departmentId))) p.error(row, 'course_code', MSG.ownDepartmentSlot);
    }
    const at = seen.get(key);
    if (at !== undefined) p.error(row, 'section_code', `this section is already on row ${at}`);
    else seen.set(key, row);
    let action: 'create' | 'unchanged' = 'create';
    if (slot && faculty) {
      if (slot.facultyId === faculty.id) action = 'unchanged';
      else if (slot.facultyId !== null) p.error(row, 'section_code', `${MSG.slotTaken} (${slot.holder ?? 'someone else'})`);
      else assign.push({ slotId: slot.id, facultyId: faculty.id, courseId: slot.courseId, section: slot.section });
    }
    p.result(row, label, action);
  }

  return {
    results: p.results,
    errors: p.errors,
    async apply(ctx) {
      const { tx } = ctx;
      const byFaculty = new Map<string, typeof assign>();
      for (const a of assign) byFaculty.set(a.facultyId, [...(byFaculty.get(a.facultyId) ?? []), a]);
      for (const [facultyId, list] of byFaculty) {
        const done = await tx.update(slots).set({ facultyId }).where(and(inArray(slots.id, list.map((a) => a.slotId)), isNull(slots.facultyId))).returning({ id: slots.id });
        // Taken meanwhile by another assignment: the whole file rolls back.
        if (done.length !== list.length) throw conflict(MSG.slotTaken);
        // The faculty member's user document lists their slots: bump it so the sync pull re-sends it (as assign-slots.ts).
        await tx.update(users).set({ updatedAt: sql`now()` }).where(eq(users.id, facultyId));
        const named = list.map((a) => `${courseById.get(a.courseId)!.code} ${a.section}`).join(', ');
        await notify(tx, { userId: facultyId, title: 'Course assigned', message: `You were assigned section(s) ${named}.`, route: '/' });
      }
    },
  };
}
