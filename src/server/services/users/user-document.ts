/**
 * The User object of SPEC §3 (contract: src/shared/contract/users.ts `User`) built from user rows, in three
 * queries however many users: departments, the faculty's slots with their course, the faculty's observations.
 * Never includes password material. B's sync source for users and every user route use this.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { User } from '../../../shared/contract/users.js';
import type { Role } from '../../../shared/enums.js';
import type { Db, Tx } from '../../db/client.js';
import { courses, departments, observations, slots, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export async function userDocuments(db: Db | Tx, rows: UserRow[]): Promise<User[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const deptIds = [...new Set(rows.map((r) => r.departmentId).filter((d): d is number => d != null))];
  const [depts, slotRows, obsRows] = await Promise.all([
    deptIds.length ? db.select().from(departments).where(inArray(departments.id, deptIds)) : Promise.resolve([]),
    db
      .select({
        id: slots.id,
        courseId: slots.courseId,
        sectionCode: slots.sectionCode,
        day: slots.day,
        time: slots.time,
        location: slots.location,
        facultyId: slots.facultyId,
        courseCode: courses.courseCode,
        courseName: courses.name,
      })
      .from(slots)
      .innerJoin(courses, eq(courses.id, slots.courseId))
      .where(inArray(slots.facultyId, ids))
      .orderBy(asc(courses.courseCode), asc(slots.sectionCode)),
    db
      .select({ id: observations.id, facultyId: observations.facultyId })
      .from(observations)
      .where(inArray(observations.facultyId, ids))
      .orderBy(asc(observations.createdAt)),
  ]);
  const deptById = new Map(depts.map((d) => [d.id, { id: d.id, name: d.name }]));
  const slotsOf = groupBy(slotRows, (s) => s.facultyId!);
  const obsOf = groupBy(obsRows, (o) => o.facultyId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role as Role,
    campus: r.campus,
    department: r.departmentId != null ? (deptById.get(r.departmentId) ?? null) : null,
    phone: r.phone,
    dateOfBirth: r.dateOfBirth,
    designation: r.designation,
    avatar: r.avatar,
    institute: r.institute,
    degree: r.degree,
    starting: r.starting,
    ending: r.ending,
    facultyObs: (obsOf.get(r.id) ?? []).map((o) => o.id),
    courseSlots: (slotsOf.get(r.id) ?? []).map((s) => ({
      id: s.id,
      courseId: s.courseId,
      course: { id: s.courseId, courseCode: s.courseCode, name: s.courseName },
      sectionCode: s.sectionCode,
      day: s.day,
      time: s.time,
      location: s.location,
    })),
  }));
}

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

export async function userDocument(db: Db | Tx, row: UserRow): Promise<User> {
  const [doc] = await userDocuments(db, [row]);
  return doc;
}

/** The document of one user by id, or null. */
export async function userDocumentById(db: Db | Tx, id: string): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ? userDocument(db, row) : null;
}
