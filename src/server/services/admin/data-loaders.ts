/**
 * The data loaders of SPEC §7 and the paged user list. The replica is filled by the sync pull; these stay for
 * the documented contract. No answer ever carries password material (user documents come from
 * services/users/user-document.ts, which never reads the hash into the output), and each user reaches the
 * caller only as its projection allows (shared/contract/user-projection.ts).
 *
 *   GET /data/super-data          Super_Admin only: users (no Super_Admin rows), observations, courses, departments
 *   GET /data/{role}/{deptId}     {role} must be the caller's role; a Head_of_Department only their own
 *                                 department; Super_Admin/Admin/Campus_Director any department; others 403
 *   GET /users?role=&page=        Super_Admin/Admin/Campus_Director: everyone but Super_Admin rows;
 *                                 Head_of_Department: their department; others 403. USER_PAGE_SIZE a page.
 */
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type {
  DepartmentDataResponse,
  SuperDataResponse,
  UserListResponse,
} from '../../../shared/contract/admin.js';
import { USER_PAGE_SIZE } from '../../../shared/constants.js';
import { projectUsersFor } from '../../../shared/contract/user-projection.js';
import type { Role } from '../../../shared/enums.js';
import { can, SEES_ALL_USERS } from '../../../shared/permissions.js';
import type { Db } from '../../db/client.js';
import { courseDepartments, courses, departments, observations, users } from '../../db/schema.js';
import { forbidden } from '../errors.js';
import type { AuthUser } from '../deps.js';
import { buildDocuments } from '../observations/document.js';
import { userDocuments } from '../users/user-document.js';
import { courseDocuments } from './course-documents.js';

export async function superData(db: Db, user: AuthUser): Promise<SuperDataResponse> {
  if (!can(user.role, 'data.all')) throw forbidden();
  const [userRows, obsRows, courseRows, deptRows] = await Promise.all([
    db.select().from(users).where(ne(users.role, 'Super_Admin')).orderBy(asc(users.name), asc(users.id)),
    db.select().from(observations).orderBy(asc(observations.createdAt), asc(observations.id)),
    db.select({ id: courses.id }).from(courses).orderBy(asc(courses.courseCode), asc(courses.id)),
    db.select({ id: departments.id, name: departments.name }).from(departments).orderBy(asc(departments.name)),
  ]);
  // Full documents (SPEC §3 Observation), as GET /observation/{id} answers them; `progress` kept from the summary.
  const docs = await buildDocuments(db, user, obsRows);
  return {
    users: projectUsersFor(user, await userDocuments(db, userRows)),
    observations: docs.map((d) => ({ ...d, progress: d.observationProgress })),
    courses: await courseDocuments(db, courseRows.map((c) => c.id)),
    departments: deptRows,
  };
}

export async function departmentData(db: Db, user: AuthUser, role: string, departmentId: number): Promise<DepartmentDataResponse> {
  if (role !== user.role) throw forbidden();
  const mayLoad =
    SEES_ALL_USERS.includes(user.role) || (user.role === 'Head_of_Department' && user.departmentId === departmentId);
  if (!mayLoad) throw forbidden();
  const [userRows, courseRows] = await Promise.all([
    db
      .select()
      .from(users)
      .where(and(eq(users.departmentId, departmentId), ne(users.role, 'Super_Admin')))
      .orderBy(asc(users.name), asc(users.id)),
    db
      .select({ id: courses.id })
      .from(courses)
      .innerJoin(courseDepartments, eq(courseDepartments.courseId, courses.id))
      .where(eq(courseDepartments.departmentId, departmentId))
      .orderBy(asc(courses.courseCode), asc(courses.id)),
  ]);
  return {
    users: projectUsersFor(user, await userDocuments(db, userRows)),
    courses: await courseDocuments(db, courseRows.map((c) => c.id)),
  };
}

export async function listUsers(db: Db, user: AuthUser, query: { role?: Role; page: number }): Promise<UserListResponse> {
  let scope: SQL | undefined;
  if (!can(user.role, 'user.list')) throw forbidden();
  if (SEES_ALL_USERS.includes(user.role)) scope = undefined;
  else if (user.departmentId != null) scope = eq(users.departmentId, user.departmentId);
  else throw forbidden();
  const where = and(ne(users.role, 'Super_Admin'), scope, query.role ? eq(users.role, query.role) : undefined);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
  const page = query.page;
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(USER_PAGE_SIZE)
    .offset((page - 1) * USER_PAGE_SIZE);
  return { users: projectUsersFor(user, await userDocuments(db, rows)), total, page, pageSize: USER_PAGE_SIZE };
}
