/**
 * Master plan questionnaires (GET/PUT /template/{id}). `{id}` is a plan type (Teaching | Reflection) or the
 * template's uuid. Only roles with 'template.edit' (Super_Admin, Admin; CAPABILITIES) change a step, and only its name (label) and
 * field (text): the response key, section and order are fixed because answers are stored against them.
 * Observations keep their own copies of the steps (made when scheduling starts), so an edit here never
 * changes a plan already in an observation.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { planStepError, type PlanTemplate } from '../../../shared/contract/templates.js';
import { PLAN_TYPES, type PlanType } from '../../../shared/enums.js';
import { can } from '../../../shared/permissions.js';
import type { Db } from '../../db/client.js';
import { planTemplateSteps, planTemplates } from '../../db/schema.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';

const Uuid = z.uuid();

/** The template row addressed by type or uuid; 404 when there is none. */
export async function resolvePlanTemplate(db: Db, idOrType: string) {
  const byType = (PLAN_TYPES as readonly string[]).includes(idOrType);
  if (!byType && !Uuid.safeParse(idOrType).success) throw notFound();
  const [row] = await db
    .select()
    .from(planTemplates)
    .where(byType ? eq(planTemplates.type, idOrType) : eq(planTemplates.id, idOrType));
  if (!row) throw notFound();
  return row;
}

/** Template documents with their ordered steps. */
export async function planTemplateDocuments(db: Db, ids: readonly string[]): Promise<PlanTemplate[]> {
  if (ids.length === 0) return [];
  const unique = [...new Set(ids)];
  const [rows, steps] = await Promise.all([
    db.select().from(planTemplates).where(inArray(planTemplates.id, unique)),
    db
      .select()
      .from(planTemplateSteps)
      .where(inArray(planTemplateSteps.templateId, unique))
      .orderBy(asc(planTemplateSteps.position), asc(planTemplateSteps.id)),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.flatMap((id) => {
    const t = byId.get(id);
    if (!t) return [];
    return [
      {
        id: t.id,
        type: t.type as PlanType,
        name: t.name,
        steps: steps
          .filter((s) => s.templateId === id)
          .map((s) => ({
            id: s.id,
            templateId: s.templateId,
            templatePlanId: s.templateId,
            position: s.position,
            key: s.key,
            code: s.code,
            name: s.name,
            field: s.field,
          })),
      },
    ];
  });
}

export async function getPlanTemplate(db: Db, idOrType: string): Promise<PlanTemplate> {
  const row = await resolvePlanTemplate(db, idOrType);
  const [doc] = await planTemplateDocuments(db, [row.id]);
  return doc;
}

export async function updatePlanStep(
  ctx: WriteContext,
  user: AuthUser,
  idOrType: string,
  input: { stepId: string; name: string; field: string },
): Promise<PlanTemplate> {
  const { tx } = ctx;
  if (!can(user.role, 'template.edit')) throw forbidden();
  const template = await resolvePlanTemplate(tx, idOrType);
  const error = planStepError(input);
  if (error) throw badRequest(error);
  if (!Uuid.safeParse(input.stepId).success) throw notFound();
  const updated = await tx
    .update(planTemplateSteps)
    .set({ name: input.name.trim(), field: input.field.trim() })
    .where(and(eq(planTemplateSteps.id, input.stepId), eq(planTemplateSteps.templateId, template.id)))
    .returning({ id: planTemplateSteps.id });
  if (updated.length === 0) throw notFound();
  ctx.audit({ actorId: user.id, action: 'planTemplate.updateStep', entity: 'plan_template_steps', entityId: input.stepId });
  const [doc] = await planTemplateDocuments(tx, [template.id]);
  return doc;
}
