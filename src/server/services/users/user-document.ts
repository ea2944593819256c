/**
 * The User object of SPEC §3 (contract: src/shared/contract/users.ts `User`) built from user rows, in one
 * query however many users: department, the faculty's slots with their course, the faculty's observations.
 * Never includes password material. B's sync source for users and every user route use this.
 */
import { eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { User } from '../../../shared/contract/users.js';
import type { Role } from '../../../shared/enums.js';
import type { Db, Tx } from '../../db/client.js';
import { courses, departments, observations, slots, users } from '../../db/schema.js';
import { parseJson } from '../../db/results.js';
import { runPerShape } from '../../db/prepared-shapes.js';
import { rawRows } from '../../db/raw.js';
import { PgDialect } from 'drizzle-orm/pg-core';
import { usersRule, type Viewer } from './visibility.js';

export type UserRow = typeof users.$inferSelect;

/** The computed parts of a user document, for the users row visible in SQL as `alias`. */
function extrasSql(alias: string) {
  const t = sql.identifier(alias);
  return {
    department: sql<{ id: number; name: string } | null>`(select json_build_object('id', d.id, 'name', d.name)
        from ${departments} d where d.id = ${t}."department_id")`,
    courseSlots: sql<SlotJson[] | null>`(select json_agg(json_build_object(
          'id', s.id, 'courseId', s.course_id, 'sectionCode', s.section_code, 'day', s.day, 'time', s.time,
          'location', s.location, 'courseCode', c.course_code, 'courseName', c.name)
        order by c.course_code, s.section_code)
        from ${slots} s join ${courses} c on c.id = s.course_id where s.faculty_id = ${t}."id")`,
    facultyObs: sql<string[] | null>`(select json_agg(o.id order by o.created_at)
        from ${observations} o where o.faculty_id = ${t}."id")`,
  };
}

interface Extras {
  department: unknown;
  courseSlots: unknown;
  facultyObs: unknown;
}

/**
 * The users columns a document is built from (toDocument), by field: what every document statement reads of the
 * row — never the password hash, the timestamps or the version, each a field the driver would copy out for nothing.
 */
const DOCUMENT_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  campus: users.campus,
  phone: users.phone,
  dateOfBirth: users.dateOfBirth,
  designation: users.designation,
  avatar: users.avatar,
  institute: users.institute,
  degree: users.degree,
  starting: users.starting,
  ending: users.ending,
  deactivatedAt: users.deactivatedAt,
};

/** What a document reads of a users row. */
type DocumentRow = Pick<UserRow, keyof typeof DOCUMENT_COLUMNS>;

function toDocument(r: DocumentRow, e: Extras | undefined): User {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role as Role,
    campus: r.campus,
    department: parseJson<{ id: number; name: string }>(e?.department) ?? null,
    phone: r.phone,
    dateOfBirth: r.dateOfBirth,
    designation: r.designation,
    avatar: r.avatar,
    institute: r.institute,
    degree: r.degree,
    starting: r.starting,
    ending: r.ending,
    facultyObs: parseJson<string[]>(e?.facultyObs) ?? [],
    deactivatedAt: r.deactivatedAt ? new Date(r.deactivatedAt).toISOString() : null,
    courseSlots: (parseJson<SlotJson[]>(e?.courseSlots) ?? []).map((s) => ({
      id: s.id,
      courseId: s.courseId,
      course: { id: s.courseId, courseCode: s.courseCode, name: s.courseName },
      sectionCode: s.sectionCode,
      day: s.day,
      time: s.time,
      location: s.location,
    })),
  };
}

export async function userDocuments(db: Db | Tx, rows: UserRow[]): Promise<User[]> {
  if (rows.length === 0) return [];
  // One round trip for every user's department, slots (with course) and observations: on PGlite each query
  // costs a wasm round trip, and this runs on every profile write and every pulled page of users.
  // The outer table is named explicitly: drizzle leaves columns bare in a one-table select, where a bare "id"
  // inside the subqueries would mean the subquery's own table.
  const extras = await db
    .select({ id: users.id, ...extrasSql('users') })
    .from(users)
    .where(inArray(users.id, rows.map((r) => r.id)));
  const extraOf = new Map(extras.map((e) => [e.id, e]));
  return rows.map((r) => toDocument(r, extraOf.get(r.id)));
}

/** Each column a profile write returns (DOCUMENT_COLUMNS), with the UserRow field it fills. */
const DOCUMENT_FIELDS = Object.entries(DOCUMENT_COLUMNS).map(([field, column]) => [column.name, field] as const);
const DOCUMENT_COLUMN_LIST = DOCUMENT_FIELDS.map(([column]) => `"${column}"`).join(', ');

/**
 * UPDATE users SET … WHERE id = … and the updated user's document in one statement (the profile write path:
 * one round trip instead of two). `set` maps column names to values. Null when no such user.
 */
export async function updateUserReturningDocument(tx: Tx, id: string, set: Record<string, unknown>): Promise<User | null> {
  const columns = Object.keys(set);
  const values = columns.map((c) => set[c]);
  values.push(id);
  const [raw] = await rawRows<Record<string, unknown>>(tx, updateText(columns), values);
  if (!raw) return null;
  const row: Record<string, unknown> = {};
  for (const [column, field] of DOCUMENT_FIELDS) row[field] = raw[column];
  return toDocument(row as DocumentRow, { department: raw.x_department, courseSlots: raw.x_course_slots, facultyObs: raw.x_faculty_obs });
}

/**
 * The statement's text per set of columns, built once (Drizzle's building of it cost as much as running it, on
 * every profile write). Columns are the schema's own names, never input. The computed parts are subqueries of
 * RETURNING, which sees the updated row (a CTE around the UPDATE cost PGlite a further ~0.03 ms per write).
 */
const updateTexts = new Map<string, string>();
function updateText(columns: string[]): string {
  const key = columns.join(',');
  let text = updateTexts.get(key);
  if (!text) {
    const e = extrasSql('users');
    const extras = new PgDialect().sqlToQuery(sql`${e.department} as "x_department", ${e.courseSlots} as "x_course_slots", ${e.facultyObs} as "x_faculty_obs"`).sql;
    const assignments = columns.map((c, i) => `"${c.replace(/"/g, '""')}" = $${i + 1}`).join(', ');
    text = `update "users" set ${assignments} where "id" = $${columns.length + 1} returning ${DOCUMENT_COLUMN_LIST}, ${extras}`;
    updateTexts.set(key, text);
  }
  return text;
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

export async function userDocument(db: Db | Tx, row: UserRow): Promise<User> {
  const [doc] = await userDocuments(db, [row]);
  return doc;
}

/** One user's row and computed parts by id, with whether `visibleWhere` holds for it (true when undefined). */
function userByIdQuery(db: Db | Tx, id: string | SQLWrapper, visibleWhere?: SQL) {
  return db
    .select({ row: DOCUMENT_COLUMNS, ...extrasSql('users'), visible: visibleWhere ? sql<boolean>`coalesce(${visibleWhere}, false)` : sql<boolean>`true` })
    .from(users)
    .where(eq(users.id, id));
}

/**
 * The document of one user by id and whether `viewer` may see it (visibility.ts), in one statement prepared once
 * per database and visibility shape (db/prepared-shapes.ts); null when there is no such user.
 */
export async function userDocumentForViewer(db: Db, id: string, viewer: Viewer): Promise<{ doc: User; visible: boolean } | null> {
  const [r] = await runPerShape(db, 'user_document', (bind) => usersRule(viewer, bind), (condition) => userByIdQuery(db, sql.placeholder('id'), condition), { id });
  return r ? { doc: toDocument(r.row, r), visible: viewer.id === id || r.visible === true } : null;
}

/** The document of one user by id, or null. */
export async function userDocumentById(db: Db | Tx, id: string): Promise<User | null> {
  const [r] = await userByIdQuery(db, id);
  return r ? toDocument(r.row, r) : null;
}
