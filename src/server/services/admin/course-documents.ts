/**
 * Builds course documents (the `Course` contract): a course with its departments as {id, name} and its slots
 * with the assigned faculty's id and name. One statement whatever the number of courses: the departments and
 * slots are JSON subqueries of the course row (on PGlite every statement is a wasm round trip, and these
 * documents answer GET /course/{id}, GET /courses and every pulled page of courses).
 */
import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Course, SlotDocument } from '../../../shared/contract/courses.js';
import type { Db } from '../../db/client.js';
import { courseDepartments, courses, departments, slots, users } from '../../db/schema.js';
import { parseJson } from '../../db/results.js';
import { runPerShape } from '../../db/prepared-shapes.js';
import { courseRule } from './course-visibility.js';

/** A slot as the course statement's json gives it (its course is the row it came with). */
type SlotJson = Omit<SlotRow, 'courseId' | 'courseCode' | 'courseName'>;

/**
 * Course documents of the rows matching `where`, in `orderBy` order, each with `visible` = whether the
 * `visibleWhere` condition holds for it (course-visibility.ts; undefined = no restriction, always true). The
 * outer table is named explicitly in the subqueries: drizzle leaves columns bare in a one-table select, where a
 * bare "id" would mean the subquery's own table.
 */
export async function courseDocumentsWhere(
  db: Db,
  where: SQL | undefined,
  opts: { orderBy?: SQL[]; visibleWhere?: SQL } = {},
): Promise<(Course & { visible: boolean })[]> {
  const rows = await documentQuery(db, opts.visibleWhere)
    .where(where)
    .orderBy(...(opts.orderBy ?? []));
  return rows.map(toDocument);
}

function documentQuery(db: Db, visibleWhere: SQL | undefined) {
  return db.select(documentColumns(visibleWhere)).from(courses).$dynamic();
}

type DocumentRow = Awaited<ReturnType<ReturnType<typeof documentQuery>['execute']>>[number];

/** The course row, its departments and slots as json, and `visible` = whether `visibleWhere` holds for it. */
function documentColumns(visibleWhere: SQL | undefined) {
  const c = sql.identifier('courses');
  return {
    id: courses.id,
    courseCode: courses.courseCode,
    name: courses.name,
    credits: courses.credits,
    campus: courses.campus,
    isElective: courses.isElective,
    isDepthElective: courses.isDepthElective,
    createdAt: courses.createdAt,
    departments: sql<unknown>`(select json_agg(json_build_object('id', d.id, 'name', d.name) order by d.name)
        from ${courseDepartments} cd join ${departments} d on d.id = cd.department_id where cd.course_id = ${c}."id")`,
    slots: sql<unknown>`(select json_agg(json_build_object('id', s.id, 'sectionCode', s.section_code, 'day', s.day,
          'time', s.time, 'location', s.location, 'facultyId', s.faculty_id, 'faculty', u.name) order by s.section_code, s.id)
        from ${slots} s left join ${users} u on u.id = s.faculty_id where s.course_id = ${c}."id")`,
    visible: visibleWhere ? sql<boolean>`coalesce(${visibleWhere}, false)` : sql<boolean>`true`,
  };
}

function toDocument(r: DocumentRow): Course & { visible: boolean } {
  const depts = parseJson<{ id: number; name: string }[]>(r.departments) ?? [];
  return {
    id: r.id,
    courseCode: r.courseCode,
    name: r.name,
    credits: r.credits,
    department: depts,
    departments: depts.map((d) => d.id),
    campus: r.campus,
    isElective: r.isElective,
    isDepthElective: r.isDepthElective,
    slots: (parseJson<SlotJson[]>(r.slots) ?? []).map((s) => toCourseSlot({ ...s, courseId: r.id, courseCode: r.courseCode, courseName: r.name })),
    createdAt: r.createdAt.toISOString(),
    visible: r.visible === true,
  };
}

/**
 * GET /course/{id}: the document and whether `viewer` may see it, from a statement prepared once per database
 * and visibility shape (db/prepared-shapes.ts), with the id and the viewer's values as placeholders.
 */
export async function courseDocumentForViewer(db: Db, viewer: Parameters<typeof courseRule>[0], id: string): Promise<(Course & { visible: boolean }) | undefined> {
  const [row] = await runPerShape(
    db,
    'course_document',
    (bind) => courseRule(viewer, bind),
    (condition) => documentQuery(db, condition).where(eq(courses.id, sql.placeholder('id'))),
    { id },
  );
  return row ? toDocument(row) : undefined;
}

/**
 * Every course `viewer` may see, ordered by code, in a statement prepared once per database and visibility shape
 * (db/prepared-shapes.ts), as GET /courses answers on every call.
 */
export async function visibleCourseDocuments(db: Db, viewer: Parameters<typeof courseRule>[0]): Promise<Course[]> {
  const rows = await runPerShape(
    db,
    'course_list',
    (bind) => courseRule(viewer, bind),
    (condition) => documentQuery(db, undefined).where(condition).orderBy(asc(courses.courseCode), asc(courses.id)),
    {},
  );
  return rows.map((row) => {
    const { visible: _, ...doc } = toDocument(row);
    return doc;
  });
}

/** Course documents for `ids`, in the order given (unknown ids are skipped). Works inside a transaction too. */
export async function courseDocuments(db: Db, ids: readonly string[]): Promise<Course[]> {
  if (ids.length === 0) return [];
  const docs = await courseDocumentsWhere(db, inArray(courses.id, [...new Set(ids)]));
  const byId = new Map(docs.map(({ visible: _, ...d }) => [d.id, d]));
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
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
