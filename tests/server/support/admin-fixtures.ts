/** Small lookups shared by the admin tests (demo data of src/server/seed/demo-accounts.ts). */
import { eq, sql } from 'drizzle-orm';
import type { Course } from '../../../src/shared/contract/courses.js';
import { departments, notifications } from '../../../src/server/db/schema.js';
import type { TestApp } from './helpers.js';

export async function deptId(t: TestApp, name: string): Promise<number> {
  const [row] = await t.db.select().from(departments).where(eq(departments.name, name));
  if (!row) throw new Error(`no department ${name}`);
  return row.id;
}

/** Every course as Super_Admin sees it. */
export async function allCourses(t: TestApp): Promise<Course[]> {
  const token = await t.login('superadmin');
  const res = await t.get('/api/courses', token);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().courses;
}

export async function courseByCode(t: TestApp, code: string): Promise<Course> {
  const c = (await allCourses(t)).find((x) => x.courseCode === code);
  if (!c) throw new Error(`no course ${code}`);
  return c;
}

export function slotOf(course: Course, section: string) {
  const s = course.slots.find((x) => x.sectionCode === section);
  if (!s) throw new Error(`no section ${section} in ${course.courseCode}`);
  return s;
}

export async function notificationsOf(t: TestApp, userId: string) {
  return t.db.select().from(notifications).where(eq(notifications.userId, userId));
}

export async function count(t: TestApp, table: string): Promise<number> {
  const rows = await t.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  const list = Array.isArray(rows) ? rows : (rows as { rows: { n: number }[] }).rows;
  return list[0].n;
}
