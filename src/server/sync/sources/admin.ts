/**
 * Sync sources of administration:
 *   courses         course documents with their slots and department names, visible as GET /courses
 *   planTemplates   each master plan with its ordered steps (every signed-in user)
 *   emailTemplates  the four email templates ('email.edit' roles only)
 *
 * A document's version is the greatest version of the rows it is built from: a course's own row and its slots
 * (slot rows bump their own version, not the course's), a template's row and its steps. Each row belongs to one
 * document and every version is a distinct value of one sequence, so document versions never tie — a page
 * boundary can never split records of one version. Visibility follows course-visibility.ts; a Faculty member
 * who is assigned a slot pulls that course because the slot's new version raises the course's version.
 *
 * `byIds` answers a client's re-pull of records whose change the server refused, with the same visibility.
 *
 * There is no separate `slots` source: slots travel inside their course document (a slot source would give
 * every slot of a course the course's version, which ties). The client may index them into its `slots` table.
 */
import { isUuid } from '../../../shared/ids.js';
import { and, asc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { can } from '../../../shared/permissions.js';
import type { SyncChange } from '../../../shared/sync/protocol.js';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/results.js';
import { courses, emailTemplates, planTemplateSteps, planTemplates } from '../../db/schema.js';
import { courseDocuments } from '../../services/admin/course-documents.js';
import { courseVisibility } from '../../services/admin/course-visibility.js';
import { emailTemplateDocuments } from '../../services/admin/email-templates.js';
import { planTemplateDocuments } from '../../services/admin/plan-templates.js';
import type { AuthUser } from '../../services/deps.js';
import type { SyncSource } from './types.js';


function changes<T extends { id: string }>(
  entity: SyncChange['entity'],
  rows: { id: string; v: number }[],
  docs: T[],
): SyncChange[] {
  const byId = new Map(docs.map((d) => [d.id, d]));
  return rows.flatMap((r) => {
    const doc = byId.get(r.id);
    return doc ? [{ entity, id: r.id, version: r.v, data: doc as unknown as Record<string, unknown> }] : [];
  });
}

/** Rows (id, document version) of visible courses matching `where`, ordered by version. */
async function courseRows(db: Db, user: AuthUser, where: (v: SQL) => SQL | undefined, limit?: number) {
  // Correlated per course (slots_course_idx): computed only for the rows the other conditions leave. `+ 0` keeps
  // the planner on that index (see userVersion in profile.ts: max(version) may become a backward walk of the
  // version index, which reads every slot for a course without any).
  const v = sql<number>`greatest("courses"."version", coalesce((select max(s.version + 0) from slots s where s.course_id = "courses"."id"), 0))`;
  const q = db
    .select({ id: courses.id, v: v.mapWith(Number) })
    .from(courses)
    .where(and(where(v), courseVisibility(user)))
    .orderBy(asc(v))
    .$dynamic();
  return limit === undefined ? q : q.limit(limit);
}

/**
 * Courses whose document may have changed after `since`: their own row or one of their slots has a newer
 * version. Two version-index probes; an idle pull stops there, before any course's version is computed.
 */
async function changedCourseIds(db: Db, since: number): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(
    sql`select c.id from courses c where c.version > ${since} union select s.course_id from slots s where s.version > ${since}`,
  );
  return rowsOf<{ id: string }>(rows).map((r) => r.id);
}

async function templateRows(db: Db, where: (v: SQL) => SQL | undefined, limit?: number) {
  const stepMax = db
    .select({ templateId: planTemplateSteps.templateId, v: sql<number>`max(${planTemplateSteps.version})`.as('step_v') })
    .from(planTemplateSteps)
    .groupBy(planTemplateSteps.templateId)
    .as('step_max');
  const v = sql<number>`greatest(${planTemplates.version}, coalesce(${stepMax.v}, 0))`;
  const q = db
    .select({ id: planTemplates.id, v: v.mapWith(Number) })
    .from(planTemplates)
    .leftJoin(stepMax, eq(stepMax.templateId, planTemplates.id))
    .where(where(v))
    .orderBy(asc(v))
    .$dynamic();
  return limit === undefined ? q : q.limit(limit);
}

const window = (since: number, upTo: number) => (v: SQL | AnyColumn) => and(sql`${v} > ${since}`, sql`${v} <= ${upTo}`);
const idsUpTo = (column: AnyColumn, ids: string[], upTo: number) => (v: SQL | AnyColumn) =>
  and(inArray(column, ids), sql`${v} <= ${upTo}`);

// `byIds` (optional in SyncSource) answers a client's re-pull of records whose change the server refused.
export const coursesSource = {
  entity: 'courses' as const,
  async changedSince(db: Db, user: AuthUser, since: number, upTo: number, limit: number) {
    const ids = since > 0 ? await changedCourseIds(db, since) : null;
    if (ids && ids.length === 0) return [];
    const rows = await courseRows(db, user, (v) => and(window(since, upTo)(v), ids ? inArray(courses.id, ids) : undefined), limit);
    return changes('courses', rows, await courseDocuments(db, rows.map((r) => r.id)));
  },
  async byIds(db: Db, user: AuthUser, ids: string[], upTo: number) {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    const rows = await courseRows(db, user, idsUpTo(courses.id, valid, upTo));
    return changes('courses', rows, await courseDocuments(db, rows.map((r) => r.id)));
  },
};

export const planTemplatesSource = {
  entity: 'planTemplates' as const,
  async changedSince(db: Db, _user: AuthUser, since: number, upTo: number, limit: number) {
    const rows = await templateRows(db, window(since, upTo), limit);
    return changes('planTemplates', rows, await planTemplateDocuments(db, rows.map((r) => r.id)));
  },
  async byIds(db: Db, _user: AuthUser, ids: string[], upTo: number) {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    const rows = await templateRows(db, idsUpTo(planTemplates.id, valid, upTo));
    return changes('planTemplates', rows, await planTemplateDocuments(db, rows.map((r) => r.id)));
  },
};

export const emailTemplatesSource = {
  entity: 'emailTemplates' as const,
  async changedSince(db: Db, user: AuthUser, since: number, upTo: number, limit: number) {
    if (!can(user.role, 'email.edit')) return [];
    const rows = await db
      .select({ id: emailTemplates.id, v: emailTemplates.version })
      .from(emailTemplates)
      .where(window(since, upTo)(emailTemplates.version))
      .orderBy(asc(emailTemplates.version))
      .limit(limit);
    return changes('emailTemplates', rows, await emailTemplateDocuments(db, rows.map((r) => r.id)));
  },
  async byIds(db: Db, user: AuthUser, ids: string[], upTo: number) {
    const valid = ids.filter(isUuid);
    if (!can(user.role, 'email.edit') || valid.length === 0) return [];
    const rows = await db
      .select({ id: emailTemplates.id, v: emailTemplates.version })
      .from(emailTemplates)
      .where(idsUpTo(emailTemplates.id, valid, upTo)(emailTemplates.version))
      .orderBy(asc(emailTemplates.version));
    return changes('emailTemplates', rows, await emailTemplateDocuments(db, rows.map((r) => r.id)));
  },
};

export const ADMIN_SOURCES: SyncSource[] = [coursesSource, planTemplatesSource, emailTemplatesSource];

