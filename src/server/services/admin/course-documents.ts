/**
 * Builds course documents (the `Course` contract): a course with its departments as {id, name} and its slots
 * with the assigned faculty's id and name. One query per part, whatever the number of courses.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Course, SlotDocument } from '../../../shared/contract/courses.js';
import type { Db } from '../../db/client.js';
import { courseDepartments, courses, departments, slots, users } from '../../db/schema.js';

/** Course documents for `ids`, in the order given (unknown ids are skipped). Works inside a transaction too. */
export async function courseDocuments(db: Db, ids: readonly string[]): Promise<Course[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const [rows, deptRows, slotRows] = await Promise.all([
    db.select().from(courses).where(inArray(courses.id, unique)),
    db
      .select({ courseId: courseDepartments.courseId, id: departments.id, name: departments.name })
      .from(courseDepartments)
      .innerJoin(departments, eq(departments.id, courseDepartments.departmentId))
      .where(inArray(courseDepartments.courseId, unique))
      .orderBy(asc(departments.name)),
    slotQuery(db).where(inArray(slots.courseId, unique)).orderBy(asc(slots.sectionCode), asc(slots.id)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const docs: Course[] = [];
  for (const id of unique) {
    const c = byId.get(id);
    if (!c) continue;
    const depts = deptRows.filter((d) => d.courseId === id).map((d) => ({ id: d.id, name: d.name }));
    docs.push({
      id: c.id,
      courseCode: c.courseCode,
      name: c.name,
      credits: c.credits,
      department: depts,
      departments: depts.map((d) => d.id),
      campus: c.campus,
      isElective: c.isElective,
      isDepthElective: c.isDepthElective,
      slots: slotRows.filter((s) => s.courseId === id).map(toCourseSlot),
      createdAt: c.createdAt.toISOString(),
    });
  }
  return docs;
}

export async function courseDocument(db: Db, id: string): Promise<Course | undefined> {
  return (await courseDocuments(db, [id]))[0];
}

/** Slot documents (the `slots` sync entity) for `ids`, in the order given. */
export async function slotDocuments(db: Db, ids: readonly string[]): Promise<SlotDocument[]> {
  if (ids.length === 0) return [];
  const rows = await slotQuery(db).where(inArray(slots.id, [...new Set(ids)]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [toCourseSlot(r)];
  });
}

function slotQuery(db: Db) {
  return db
    .select({
      id: slots.id,
      courseId: slots.courseId,
      sectionCode: slots.sectionCode,
      day: slots.day,
      time: slots.time,
      location: slots.location,
      facultyId: slots.facultyId,
      faculty: users.name,
      courseCode: courses.courseCode,
      courseName: courses.name,
    })
    .from(slots)
    .innerJoin(courses, eq(courses.id, slots.courseId))
    .leftJoin(users, eq(users.id, slots.facultyId))
    .$dynamic();
}

type SlotRow = Awaited<ReturnType<ReturnType<typeof slotQuery>['execute']>>[number];

/** A course slot with its course (SPEC §3 Slot); as such it is also the `slots` sync entity's document. */
function toCourseSlot(s: SlotRow): SlotDocument {
  return {
    id: s.id,
    courseId: s.courseId,
    sectionCode: s.sectionCode,
    day: s.day,
    time: s.time,
    location: s.location,
    facultyId: s.facultyId,
    faculty: s.facultyId ? (s.faculty ?? null) : null,
    course: { id: s.courseId, courseCode: s.courseCode, name: s.courseName },
  };
}
