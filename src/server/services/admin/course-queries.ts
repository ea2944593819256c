/** GET /courses and GET /course/{id}: course documents the user may see (course-visibility.ts). */
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import type { Course } from '../../../shared/contract/courses.js';
import type { Db } from '../../db/client.js';
import { courses } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import type { AuthUser } from '../../http/types.js';
import { courseDocumentForViewer, courseDocumentsWhere } from './course-documents.js';
import { courseVisibility } from './course-visibility.js';

/** One statement: the visible courses with their departments and slots. */
export async function listCourses(db: Db, user: AuthUser): Promise<Course[]> {
  const docs = await courseDocumentsWhere(db, courseVisibility(user), { orderBy: [asc(courses.courseCode), asc(courses.id)] });
  return docs.map(({ visible: _, ...doc }) => doc);
}

/** 404 for an unknown course, 403 for one outside the user's visibility. */
export async function getCourse(db: Db, user: AuthUser, id: string): Promise<Course> {
  if (!z.uuid().safeParse(id).success) throw notFound();
  // The document and whether this user may see it, in one statement.
  const found = await courseDocumentForViewer(db, user, id);
  if (!found) throw notFound();
  const { visible, ...doc } = found;
  if (!visible) throw forbidden();
  return doc;
}
