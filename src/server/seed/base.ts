/**
 * Base data every installation needs, inserted once (re-running is a no-op): rubric items, the master plans and
 * the email templates. Later edits by admins are never overwritten.
 */
import { sql } from 'drizzle-orm';
import { EMAIL_TEMPLATE_TYPES, RUBRIC_CODES } from '../../shared/enums.js';
import type { Db } from '../db/client.js';
import { emailTemplates, planTemplates, planTemplateSteps, rubricItems } from '../db/schema.js';
import { EMAIL_TEMPLATES } from './email-templates.js';
import { PLANS } from './plans.js';
import { RUBRIC_ITEMS } from './rubric-items.js';

export async function seedBase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Serialise concurrent starters (two processes on one PostgreSQL) so the count checks below hold.
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(rubricItems);
    if (n === 0) {
      await tx.insert(rubricItems).values(
        RUBRIC_CODES.flatMap((code) => RUBRIC_ITEMS[code].map((title, i) => ({ code, position: i + 1, title }))),
      );
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
