/** GET /courses and GET /course/{id}: course documents the user may see (course-visibility.ts). */
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import type { Course } from '../../../shared/contract/courses.js';
import type { Db } from '../../db/client.js';
import { courses } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/types.js';
import { courseDocument, courseDocuments } from './course-documents.js';
import { canSeeCourse, courseVisibility } from './course-visibility.js';

export async function listCourses(db: Db, user: AuthUser): Promise<Course[]> {
  const rows = await db
    .select({ id: courses.id })
    .from(courses)
    .where(courseVisibility(user))
    .orderBy(asc(courses.courseCode), asc(courses.id));
  return courseDocuments(db, rows.map((r) => r.id));
}

/** 404 for an unknown course, 403 for one outside the user's visibility. */
export async function getCourse(db: Db, user: AuthUser, id: string): Promise<Course> {
  if (!z.uuid().safeParse(id).success) throw notFound();
  const doc = await courseDocument(db, id);
  if (!doc) throw notFound();
  if (!(await canSeeCourse(db, user, id))) throw forbidden();
  return doc;
}
