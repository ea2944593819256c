/**
 * The User object of SPEC §3 (contract: src/shared/contract/users.ts `User`) built from user rows, in one
 * query however many users: department, the faculty's slots with their course, the faculty's observations.
 * Never includes password material. B's sync source for users and every user route use this.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { User } from '../../../shared/contract/users.js';
import type { Role } from '../../../shared/enums.js';
import type { Db, Tx } from '../../db/client.js';
import { courses, departments, observations, slots, users } from '../../db/schema.js';

export type UserRow = typeof users.$inferSelect;

export async function userDocuments(db: Db | Tx, rows: UserRow[]): Promise<User[]> {
  if (rows.length === 0) return [];
  // Outer columns are written qualified ("users".…): drizzle leaves them bare in a one-table select, where a
  // bare "id" inside the subqueries would mean the subquery's own table.
  // One round trip for every user's department, slots (with course) and observations: on PGlite each query
  // costs a wasm round trip, and this runs on every profile write and every pulled page of users.
  const extras = await db
    .select({
      id: users.id,
      department: sql<{ id: number; name: string } | null>`(select json_build_object('id', d.id, 'name', d.name)
        from ${departments} d where d.id = "users"."department_id")`,
      courseSlots: sql<SlotJson[] | null>`(select json_agg(json_build_object(
          'id', s.id, 'courseId', s.course_id, 'sectionCode', s.section_code, 'day', s.day, 'time', s.time,
          'location', s.location, 'courseCode', c.course_code, 'courseName', c.name)
        order by c.course_code, s.section_code)
        from ${slots} s join ${courses} c on c.id = s.course_id where s.faculty_id = "users"."id")`,
      facultyObs: sql<string[] | null>`(select json_agg(o.id order by o.created_at)
        from ${observations} o where o.faculty_id = "users"."id")`,
    })
    .from(users)
    .where(inArray(users.id, rows.map((r) => r.id)));
  const extraOf = new Map(extras.map((e) => [e.id, e]));
  return rows.map((r) => {
    const e = extraOf.get(r.id);
    return {
      id: r.id,
      name: r.name,
      email: r.email,
      role: r.role as Role,
      campus: r.campus,
      department: parseJson(e?.department) ?? null,
      phone: r.phone,
      dateOfBirth: r.dateOfBirth,
      designation: r.designation,
      avatar: r.avatar,
      institute: r.institute,
      degree: r.degree,
      starting: r.starting,
      ending: r.ending,
      facultyObs: parseJson(e?.facultyObs) ?? [],
      courseSlots: (parseJson(e?.courseSlots) ?? []).map((s) => ({
        id: s.id,
        courseId: s.courseId,
        course: { id: s.courseId, courseCode: s.courseCode, name: s.courseName },
        sectionCode: s.sectionCode,
        day: s.day,
        time: s.time,
        location: s.location,
      })),
    };
  });
}

interface SlotJson {
  id: string;
  courseId: string;
  sectionCode: string;
  day: string;
  time: string;
  location: string;
  courseCode: string;
  courseName: string;
}

/** Both drivers parse json columns; a json value computed in SQL may still arrive as text on some paths. */
function parseJson<T>(v: T | string | null | undefined): T | null {
  if (v == null) return null;
  return typeof v === 'string' ? (JSON.parse(v) as T) : v;
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
