/**
 * Sync sources of administration (issue 5):
 *   courses         course documents with their slots and department names, visible as GET /courses
 *   planTemplates   each master plan with its ordered steps (every signed-in user)
 *   emailTemplates  the four email templates (EDITS_TEMPLATES roles only)
 *
 * A document's version is the greatest version of the rows it is built from: a course's own row and its slots
 * (slot rows bump their own version, not the course's), a template's row and its steps. Each row belongs to one
 * document and every version is a distinct value of one sequence, so document versions never tie — a page
 * boundary can never split records of one version. Visibility follows course-visibility.ts; a Faculty member
 * who is assigned a slot pulls that course because the slot's new version raises the course's version.
 *
 * There is no separate `slots` source: slots travel inside their course document (a slot source would give
 * every slot of a course the course's version, which ties). The client may index them into its `slots` table.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { EDITS_TEMPLATES } from '../../../shared/permissions.js';
import type { SyncChange } from '../../../shared/sync/protocol.js';
import type { Db } from '../../db/client.js';
import { courses, emailTemplates, planTemplateSteps, planTemplates, slots } from '../../db/schema.js';
import { courseDocuments } from '../../services/admin/course-documents.js';
import { courseVisibility } from '../../services/admin/course-visibility.js';
import { emailTemplateDocuments } from '../../services/admin/email-templates.js';
import { planTemplateDocuments } from '../../services/admin/plan-templates.js';
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

export const coursesSource: SyncSource = {
  entity: 'courses',
  async changedSince(db: Db, user, since, upTo, limit) {
    const slotMax = db
      .select({ courseId: slots.courseId, v: sql<number>`max(${slots.version})`.as('slot_v') })
      .from(slots)
      .groupBy(slots.courseId)
      .as('slot_max');
    const v = sql<number>`greatest(${courses.version}, coalesce(${slotMax.v}, 0))`;
    const rows = await db
      .select({ id: courses.id, v: v.mapWith(Number) })
      .from(courses)
      .leftJoin(slotMax, eq(slotMax.courseId, courses.id))
      .where(and(sql`${v} > ${since}`, sql`${v} <= ${upTo}`, courseVisibility(user)))
      .orderBy(asc(v))
      .limit(limit);
    return changes('courses', rows, await courseDocuments(db, rows.map((r) => r.id)));
  },
};

export const planTemplatesSource: SyncSource = {
  entity: 'planTemplates',
  async changedSince(db: Db, _user, since, upTo, limit) {
    const stepMax = db
      .select({ templateId: planTemplateSteps.templateId, v: sql<number>`max(${planTemplateSteps.version})`.as('step_v') })
      .from(planTemplateSteps)
      .groupBy(planTemplateSteps.templateId)
      .as('step_max');
    const v = sql<number>`greatest(${planTemplates.version}, coalesce(${stepMax.v}, 0))`;
    const rows = await db
      .select({ id: planTemplates.id, v: v.mapWith(Number) })
      .from(planTemplates)
      .leftJoin(stepMax, eq(stepMax.templateId, planTemplates.id))
      .where(and(sql`${v} > ${since}`, sql`${v} <= ${upTo}`))
      .orderBy(asc(v))
      .limit(limit);
    return changes('planTemplates', rows, await planTemplateDocuments(db, rows.map((r) => r.id)));
  },
};

export const emailTemplatesSource: SyncSource = {
  entity: 'emailTemplates',
  async changedSince(db: Db, user, since, upTo, limit) {
    if (!EDITS_TEMPLATES.includes(user.role)) return [];
    const rows = await db
      .select({ id: emailTemplates.id, v: emailTemplates.version })
      .from(emailTemplates)
      .where(and(sql`${emailTemplates.version} > ${since}`, sql`${emailTemplates.version} <= ${upTo}`))
      .orderBy(asc(emailTemplates.version))
      .limit(limit);
    return changes('emailTemplates', rows, await emailTemplateDocuments(db, rows.map((r) => r.id)));
  },
};

export const ADMIN_SOURCES: SyncSource[] = [coursesSource, planTemplatesSource, emailTemplatesSource];

