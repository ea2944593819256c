/**
 * Master plan questionnaires (GET/PUT /template/{id}) and email templates (GET/PUT /email/{id}).
 * `{id}` is either the record's uuid or its type: a plan type (Teaching | Reflection) or an email template
 * type (CreateUser | InitiateObs | UpdateObs | ObsPrompt), so the editors can address a template by route slug
 * without first knowing its id.
 */
import { z } from 'zod';
import { EMAIL_TEMPLATE_MAX_WORDS, TEXT_MAX, countWords } from '../constants.js';
import { EmailTemplateType, PlanType } from './enums.js';
import { MSG } from '../messages.js';
import { text } from './text.js';

/** One step of a master plan. `templatePlanId` (SPEC §3) and `templateId` both name the plan it belongs to. */
export const PlanTemplateStep = z.object({
  id: z.string(),
  templateId: z.string(),
  templatePlanId: z.string(),
  position: z.number().int(),
  /** Response key of SPEC §3 (ProgramOutcomes, …); fixed, never edited. */
  key: z.string(),
  /** Section: Teacher Perspective, Teaching Context, Student Learning, Reflective Write-ups. */
  code: z.string(),
  /** The label shown above the answer (editable). */
  name: z.string(),
  /** The question / guidance text (editable). */
  field: z.string(),
});
export type PlanTemplateStep = z.infer<typeof PlanTemplateStep>;

/** A master plan with its ordered steps (the `planTemplates` sync entity). */
export const PlanTemplate = z.object({
  id: z.string(),
  type: PlanType,
  name: z.string(),
  steps: z.array(PlanTemplateStep),
});
export type PlanTemplate = z.infer<typeof PlanTemplate>;

/** Limits of an editable step (our decision: labels are short, texts are a paragraph or two). */
export const PLAN_STEP_NAME_MAX = TEXT_MAX.line;
export const PLAN_STEP_FIELD_MAX = TEXT_MAX.planField;

/**
 * PUT /template/{id}: update one step's name and text (SPEC §2 plan editors). The step is named by `stepId`, or —
 * as SPEC's per-step Update sends the step itself, `{id, name, field}` — by `id`; one of them is required.
 */
export const UpdatePlanStepRequest = z.object({
  stepId: text(TEXT_MAX.id).min(1).optional(),
  id: text(TEXT_MAX.id).min(1).optional(),
  name: text(PLAN_STEP_NAME_MAX).trim().optional().default(''),
  field: text(PLAN_STEP_FIELD_MAX).trim().optional().default(''),
});
export type UpdatePlanStepRequest = z.input<typeof UpdatePlanStepRequest>;

export function planStepError(input: { name?: string; field?: string }): string | null {
  const name = (input.name ?? '').trim();
  const field = (input.field ?? '').trim();
  if (!name || !field) return MSG.planStepDetails;
  if (name.length > PLAN_STEP_NAME_MAX || field.length > PLAN_STEP_FIELD_MAX) return MSG.planStepDetails;
  return null;
}

/** PUT /template/{id} answers the whole updated template. */
export const PlanTemplateResponse = PlanTemplate;

/** An email template (SPEC §3: id, email = the body text). Bodies are plain text with {{name}} / {{email}}. */
export const EmailTemplate = z.object({
  id: z.string(),
  type: EmailTemplateType,
  subject: z.string(),
  email: z.string(),
  updatedAt: z.string(),
});
export type EmailTemplate = z.infer<typeof EmailTemplate>;

/** The tokens the editor's insert buttons add (SPEC §2). `{{link}}` is replaced by the product's address. */
export const EMAIL_TOKENS = { name: '{{name}}', email: '{{email}}', link: '{{link}}' } as const;

export const EMAIL_SUBJECT_MAX = TEXT_MAX.line;

/** PUT /email/{id}. `subject` is optional (the editor of SPEC edits only the body). */
export const UpdateEmailTemplateRequest = z.object({
  email: text(TEXT_MAX.emailTemplate).optional().default(''),
  subject: text(EMAIL_SUBJECT_MAX).trim().optional(),
});
export type UpdateEmailTemplateRequest = z.input<typeof UpdateEmailTemplateRequest>;

/** Body required, at most 500 words (SPEC §9); same check on both sides. */
export function emailTemplateError(body: string): string | null {
  if (!body.trim()) return MSG.provideAllRequired;
  if (countWords(body) > EMAIL_TEMPLATE_MAX_WORDS) return MSG.templateTooLong;
  return null;
}
