/**
 * Base data every installation needs, inserted once (re-running is a no-op): rubric items, the master plans and
 * the email templates. Later edits by admins are never overwritten.
 */
import { eq, sql } from 'drizzle-orm';
import { EMAIL_TEMPLATE_TYPES, RUBRIC_CODES, RUBRIC_GROUP_TITLES } from '../../shared/enums.js';
import { SPEC_RUBRIC_NAME, SPEC_SCALE } from '../../shared/rubric-definition.js';
import type { Db } from '../db/client.js';
import { emailTemplates, planTemplates, planTemplateSteps, rubricItems, rubrics, rubricVersions, SPEC_RUBRIC_ID, SPEC_RUBRIC_VERSION_ID } from '../db/schema.js';
import { EMAIL_TEMPLATES } from './email-templates.js';
import { PLANS } from './plans.js';
import { RUBRIC_ITEMS } from './rubric-items.js';

export async function seedBase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Serialise concurrent starters (two processes on one PostgreSQL) so the count checks below hold.
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    // The institution's SPEC rubric, version 1 (migration 0024 made it of the items an older database had): written
    // as a draft, then published, because a published version's items can no longer be inserted.
    const [spec] = await tx.select({ id: rubricVersions.id }).from(rubricVersions).where(eq(rubricVersions.id, SPEC_RUBRIC_VERSION_ID));
    if (!spec) {
      await tx.insert(rubrics).values({ id: SPEC_RUBRIC_ID, name: SPEC_RUBRIC_NAME, institutionDefault: true });
      await tx.insert(rubricVersions).values({ id: SPEC_RUBRIC_VERSION_ID, rubricId: SPEC_RUBRIC_ID, number: 1, status: 'draft', scale: SPEC_SCALE });
      await tx.insert(rubricItems).values(
        RUBRIC_CODES.flatMap((code, g) =>
          RUBRIC_ITEMS[code].map((title, i) => ({
            rubricVersionId: SPEC_RUBRIC_VERSION_ID,
            code,
            groupTitle: RUBRIC_GROUP_TITLES[code],
            groupPosition: g + 1,
            position: i + 1,
            itemCode: `${code}.${i + 1}`,
            title,
          })),
        ),
      );
      await tx.update(rubricVersions).set({ status: 'published', publishedAt: new Date() }).where(eq(rubricVersions.id, SPEC_RUBRIC_VERSION_ID));
    }
    for (const plan of PLANS) {
      const [tpl] = await tx
        .insert(planTemplates)
        .values({ type: plan.type, name: plan.name })
        .onConflictDoNothing({ target: planTemplates.type })
        .returning({ id: planTemplates.id });
      if (tpl) {
        await tx
          .insert(planTemplateSteps)
          .values(plan.steps.map((s, i) => ({ templateId: tpl.id, position: i + 1, ...s })));
      }
    }
    await tx
      .insert(emailTemplates)
      .values(EMAIL_TEMPLATE_TYPES.map((type) => ({ type, ...EMAIL_TEMPLATES[type] })))
      .onConflictDoNothing({ target: emailTemplates.type });
  });
}
