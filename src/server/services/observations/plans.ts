/**
 * Plans copied into an observation (docs/architecture.md: later edits of the master plan never change a running
 * observation) and their submission by the faculty member.
 */
import { and, asc, eq } from 'drizzle-orm';
import { planAnswersError } from '../../../shared/cycle.js';
import type { TemplateResponse } from '../../../shared/contract/observations.js';
import type { PlanType } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import type { Tx } from '../../db/client.js';
import { observationPlans, observationPlanSteps, planTemplates, planTemplateSteps } from '../../db/schema.js';
import { badRequest, conflict } from '../errors.js';

export type PlanRow = typeof observationPlans.$inferSelect;

/** Copies the master plan of `type` into the observation (no-op when it already has one). */
export async function copyMasterPlan(tx: Tx, observationId: string, type: PlanType): Promise<PlanRow> {
  const [existing] = await tx
    .select()
    .from(observationPlans)
    .where(and(eq(observationPlans.observationId, observationId), eq(observationPlans.type, type)));
  if (existing) return existing;
  const [template] = await tx.select().from(planTemplates).where(eq(planTemplates.type, type));
  const [plan] = await tx
    .insert(observationPlans)
    .values({ observationId, type, templateId: template?.id ?? null })
    .returning();
  if (template) {
    const steps = await tx.select().from(planTemplateSteps).where(eq(planTemplateSteps.templateId, template.id)).orderBy(asc(planTemplateSteps.position));
    if (steps.length > 0) {
      await tx.insert(observationPlanSteps).values(
        steps.map((s) => ({
          planId: plan.id,
          templateStepId: s.id,
          position: s.position,
          key: s.key,
          code: s.code,
          name: s.name,
          field: s.field,
        })),
      );
    }
  }
  return plan;
}

/**
 * Stores the faculty's answers: every step answered, ≤ 500 words each, reflective write-ups ≥ 60 words without
 * bullets (shared rule, so the form shows the same message). Marks the plan edited by the faculty member.
 */
export async function submitPlan(
  tx: Tx,
  observationId: string,
  type: PlanType,
  answers: TemplateResponse,
  facultyId: string,
  now: Date,
): Promise<void> {
  const [plan] = await tx
    .select()
    .from(observationPlans)
    .where(and(eq(observationPlans.observationId, observationId), eq(observationPlans.type, type)));
  if (!plan) throw conflict(type === 'Teaching' ? MSG.schedulingNotStarted : MSG.postNotCreated);
  const steps = await tx.select({ id: observationPlanSteps.id, code: observationPlanSteps.code }).from(observationPlanSteps).where(eq(observationPlanSteps.planId, plan.id));
  const error = planAnswersError(steps, answers);
  if (error) throw badRequest(error);
  for (const a of answers) {
    await tx
      .update(observationPlanSteps)
      .set({ response: a.response.trim() })
      .where(and(eq(observationPlanSteps.id, a.id), eq(observationPlanSteps.planId, plan.id)));
  }
  await tx.update(observationPlans).set({ editedBy: facultyId, editedAt: now }).where(eq(observationPlans.id, plan.id));
}

export async function planEdited(tx: Tx, observationId: string, type: PlanType): Promise<boolean> {
  const [plan] = await tx
    .select({ editedBy: observationPlans.editedBy })
    .from(observationPlans)
    .where(and(eq(observationPlans.observationId, observationId), eq(observationPlans.type, type)));
  return plan?.editedBy != null;
}
