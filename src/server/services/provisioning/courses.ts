/**
 * The courses file: a row per slot (course_code, name, credits, departments, section_code, day, time, location),
 * a course's rows agreeing on its name, credits and departments (`;` between department names). Matched by the
 * course code on the importer's campus (case-insensitive) and, within a course, the section code. The rules are
 * POST /course's (courseCreateError: details, credits, slot day and time; courseDepartmentsError: a HOD's own
 * department among the course's) and the slot edits' (a HOD changes only their own department's courses, and
 * slots held by their own faculty).
 *   new course / new section      → create
 *   name, credits, slot changed   → update; departments listed but not linked are added (none is removed)
 *   the same                      → unchanged
 * Sections not in the file are left as they are.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { courseCreateError, normaliseSlotTime } from '../../../shared/contract/courses.js';
import { MSG } from '../../../shared/messages.js';
import type { Db, Tx } from '../../db/client.js';
import { courseDepartments, courses, departments, slots, users } from '../../db/schema.js';
import { courseDepartmentsError } from '../admin/department-rule.js';
import type { AuthUser } from '../deps.js';
import type { CsvRow } from './csv.js';
import { chunks, PlanBuilder, type ImportPlan } from './plan.js';

const COURSE_COLUMNS = ['course_code', 'name', 'credits', 'departments'] as const;
const SLOT_COLUMNS = ['section_code', 'day', 'time', 'location'] as const;

/** The column a message of courseCreateError is about, for this row. */
function columnOf(message: string, cells: Record<string, string>): string {
  const firstEmpty = (cols: readonly string[]) => cols.find((c) => !cells[c]) ?? cols[0];
  if (message === MSG.courseDetails) return cells.credits && !/^-?\d+$/.test(cells.credits) ? 'credits' : firstEmpty(COURSE_COLUMNS);
  if (message === MSG.creditsRange) return 'credits';
  if (message === MSG.incompleteSlot) return firstEmpty(SLOT_COLUMNS);
  if (message === MSG.slotDay) return 'day';
  if (message === MSG.slotTime) return 'time';
  return 'section_code';
}

interface NewSlot {
  courseKey: string;
  sectionCode: string;
  day: string;
  time: string;
  location: string;
}

export async function planCourses(db: Db | Tx, actor: AuthUser, rows: CsvRow[]): Promise<ImportPlan> {
  const p = new PlanBuilder();
  const deptRows = await db.select({ id: departments.id, name: departments.name }).from(departments);
  const deptByName = new Map(deptRows.map((d) => [d.name.toLowerCase(), d.id]));

  const codes = [...new Set(rows.map((r) => r.cells.course_code.toUpperCase()).filter(Boolean))];
  const existing = new Map<string, { id: string; name: string; credits: number; departments: Set<number>; slots: Map<string, { id: string; day: string; time: string; location: string; holderDept: number | null; held: boolean }> }>();
  for (const part of chunks(codes, 5000)) {
    const found = await db
      .select({ id: courses.id, code: courses.courseCode, name: courses.name, credits: courses.credits })
      .from(courses)
      .where(and(eq(courses.campus, actor.campus), inArray(sql`upper(${courses.courseCode})`, part)));
    for (const c of found) existing.set(c.code.toUpperCase(), { id: c.id, name: c.name, credits: c.credits, departments: new Set(), slots: new Map() });
  }
  const byId = new Map([...existing.values()].map((c) => [c.id, c]));
  for (const part of chunks([...byId.keys()], 5000)) {
    for (const l of await db.select().from(courseDepartments).where(inArray(courseDepartments.courseId, part))) byId.get(l.courseId)!.departments.add(l.departmentId);
    const held = await db
      .select({ id: slots.id, courseId: slots.courseId, section: slots.sectionCode, day: slots.day, time: slots.time, location: slots.location, facultyId: slots.facultyId, holderDept: users.departmentId })
      .from(slots)
      .leftJoin(users, eq(users.id, slots.facultyId))
      .where(inArray(slots.courseId, part));
    for (const s of held) byId.get(s.courseId)!.slots.set(s.section.toUpperCase(), { id: s.id, day: s.day, time: s.time, location: s.location, holderDept: s.holderDept, held: s.facultyId !== null });
  }

  /** The first row of each course in the file: its course fields, and whether the course changes. */
  const firstOf = new Map<string, { row: number; name: string; credits: number; departmentIds: number[]; departmentsCell: string }>();
  const newCourses: { key: string; code: string; name: string; credits: number; departmentIds: number[] }[] = [];
  const courseUpdates: { id: string; name: string; credits: number; addDepartments: number[] }[] = [];
  const newSlots: NewSlot[] = [];
  const slotUpdates: { id: string; day: string; time: string; location: string }[] = [];
  const sectionsSeen = new Map<string, number>();

  for (const { row, cells } of rows) {
    const key = cells.course_code.toUpperCase();
    const section = cells.section_code.toUpperCase();
    const label = `${cells.course_code || `row ${row}`} ${cells.section_code}`.trim();
    const names = cells.departments.split(';').map((d) => d.trim()).filter(Boolean);
    const departmentIds: number[] = [];
    for (const n of names) {
      const id = deptByName.get(n.toLowerCase());
      if (id === undefined) p.error(row, 'departments', `${MSG.unknownDepartment} (${n})`);
      else if (!departmentIds.includes(id)) departmentIds.push(id);
    }
    const credits = /^-?\d+(\.\d+)?$/.test(cells.credits) ? Number(cells.credits) : cells.credits ? NaN : null;
    const slot = { sectionCode: cells.section_code, day: cells.day, time: cells.time, location: cells.location };
    const problem = courseCreateError({ courseCode: cells.course_code, name: cells.name, credits, departments: names.length ? departmentIds.length ? departmentIds : [0] : [], slots: [slot] });
    if (problem) p.error(row, columnOf(problem, cells), problem);
    const deptProblem = departmentIds.length ? courseDepartmentsError(actor, departmentIds) : null;
    if (deptProblem) p.error(row, 'departments', deptProblem);
    if (key && section) {
      const at = sectionsSeen.get(`${key} ${section}`);
      if (at !== undefined) p.error(row, 'section_code', `${MSG.duplicateSection} (already on row ${at})`);
      else sectionsSeen.set(`${key} ${section}`, row);
    }

    const first = firstOf.get(key);
    if (first) {
      if (cells.name !== first.name) p.error(row, 'name', `differs from row ${first.row} of the same course ("${first.name}")`);
      if (credits !== first.credits) p.error(row, 'credits', `differs from row ${first.row} of the same course (${first.credits})`);
      if (cells.departments.toLowerCase() !== first.departmentsCell.toLowerCase()) p.error(row, 'departments', `differ from row ${first.row} of the same course`);
    }

    const course = existing.get(key);
    const changes: string[] = [];
    let action: 'create' | 'update' | 'unchanged';
    if (!course) {
      action = 'create';
      if (!first && key && credits != null) newCourses.push({ key, code: cells.course_code, name: cells.name, credits, departmentIds });
    } else {
      // A HOD changes their own department's courses only (department-rule.ts, the rule of the slot routes).
      if (actor.role === 'Head_of_Department' && (actor.departmentId == null || !course.departments.has(actor.departmentId))) p.error(row, 'course_code', MSG.ownDepartmentSlot);
      if (!first) {
        if (course.name !== cells.name) changes.push('name');
        if (credits != null && course.credits !== credits) changes.push('credits');
        const add = departmentIds.filter((d) => !course.departments.has(d));
        if (add.length) changes.push('departments');
        if (changes.length && credits != null) courseUpdates.push({ id: course.id, name: cells.name, credits, addDepartments: add });
      }
      const had = course.slots.get(section);
      if (!had) action = 'create';
      else {
        const time = problem ? cells.time : normaliseSlotTime(cells.time);
        const slotChanges = (['day', 'time', 'location'] as const).filter((c) => had[c] !== (c === 'time' ? time : cells[c]));
        if (slotChanges.length) {
          if (actor.role === 'Head_of_Department' && had.held && had.holderDept !== actor.departmentId) p.error(row, 'section_code', MSG.ownDepartmentFaculty);
          slotUpdates.push({ id: had.id, day: cells.day, time, location: cells.location });
        }
        changes.push(...slotChanges);
        action = changes.length ? 'update' : 'unchanged';
      }
    }
    if (!first && key) firstOf.set(key, { row, name: cells.name, credits: credits ?? NaN, departmentIds, departmentsCell: cells.departments });
    if ((!course || !course.slots.has(section)) && key && section) newSlots.push({ courseKey: key, sectionCode: cells.section_code, day: cells.day, time: cells.time, location: cells.location });
    p.result(row, label, action, changes);
  }

  return {
    results: p.results,
    errors: p.errors,
    async apply(ctx) {
      const { tx } = ctx;
      const idOf = new Map([...existing.entries()].map(([k, c]) => [k, c.id]));
      for (const part of chunks(newCourses)) {
        const made = await tx
          .insert(courses)
          .values(part.map((c) => ({ courseCode: c.code, name: c.name, credits: c.credits, campus: actor.campus, createdBy: actor.id })))
          .returning({ id: courses.id, code: courses.courseCode });
        for (const m of made) idOf.set(m.code.toUpperCase(), m.id);
        await tx.insert(courseDepartments).values(part.flatMap((c) => c.departmentIds.map((departmentId) => ({ courseId: idOf.get(c.key)!, departmentId }))));
      }
      for (const u of courseUpdates) {
        await tx.update(courses).set({ name: u.name, credits: u.credits }).where(eq(courses.id, u.id));
        if (u.addDepartments.length) await tx.insert(courseDepartments).values(u.addDepartments.map((departmentId) => ({ courseId: u.id, departmentId })));
      }
      for (const part of chunks(newSlots)) {
        await tx.insert(slots).values(part.map((s) => ({ courseId: idOf.get(s.courseKey)!, sectionCode: s.sectionCode, day: s.day, time: normaliseSlotTime(s.time), location: s.location })));
      }
      for (const s of slotUpdates) await tx.update(slots).set({ day: s.day, time: s.time, location: s.location }).where(eq(slots.id, s.id));
    },
  };
}
