/** GET /courses and GET /course/{id}: course documents the user may see (course-visibility.ts). */
import { z } from 'zod';
import type { Course } from '../../../shared/contract/courses.js';
import type { Db } from '../../db/client.js';
import { forbidden, notFound } from '../errors.js';
import type { AuthUser } from '../deps.js';
import { courseDocumentForViewer, visibleCourseDocuments } from './course-documents.js';

/** One statement: the visible courses with their departments and slots. */
export async function listCourses(db: Db, user: AuthUser): Promise<Course[]> {
  return visibleCourseDocuments(db, user);
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
