/** Wire shapes of growth goals (src/shared/growth-goals.ts): in the observation document, and their requests. */
import { z } from 'zod';
import { GOAL_ACTIONS_MAX, GOAL_MSG, GOAL_NOTE_MAX, GOAL_REVIEWS, GOAL_TEXT_MAX, isDay } from '../growth-goals.js';
import { text } from './text.js';

const uuid = z.uuid();

export const GoalReview = z.object({
  status: z.enum(GOAL_REVIEWS),
  note: z.string(),
  reviewedAt: z.string(),
  reviewedBy: z.string().nullable(),
});
export type GoalReview = z.infer<typeof GoalReview>;

/** A goal agreed in this observation's meeting. */
export const GrowthGoal = z.object({
  id: z.string(),
  observationId: z.string(),
  rubricItemIds: z.array(z.string()),
  goal: z.string(),
  actions: z.string(),
  targetDate: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GrowthGoal = z.infer<typeof GrowthGoal>;

/** A goal agreed in an earlier cycle, carried into this one: its review here (null until reviewed). */
export const CarriedGoal = GrowthGoal.extend({
  /** When the earlier observation's cycle ended (its Ending), for "agreed in …". */
  agreedIn: z.object({ semester: z.string(), ending: z.string().nullable() }),
  review: GoalReview.nullable(),
  /** The latest review in an observation between (partly / not yet), or null. */
  earlierReview: GoalReview.nullable(),
});
export type CarriedGoal = z.infer<typeof CarriedGoal>;

/** PUT /observation/goal: agree a goal (new client UUID `id`) or edit it. */
export const GoalSaveRequest = z.object({
  observationsId: uuid,
  id: uuid,
  rubricItemIds: z.array(uuid).min(1, GOAL_MSG.rubricItems).max(20),
  goal: text(GOAL_TEXT_MAX).trim().min(1, GOAL_MSG.goal),
  actions: text(GOAL_ACTIONS_MAX).optional().default(''),
  targetDate: text(10).refine(isDay, GOAL_MSG.targetDate),
});
export type GoalSaveRequest = z.input<typeof GoalSaveRequest>;

/** DELETE /observation/goal */
export const GoalDeleteRequest = z.object({ observationsId: uuid, id: uuid });
export type GoalDeleteRequest = z.input<typeof GoalDeleteRequest>;

/** PUT /observation/goal-review: review a carried goal in this observation. */
export const GoalReviewRequest = z.object({
  observationsId: uuid,
  goalId: uuid,
  status: z.enum(GOAL_REVIEWS),
  note: text(GOAL_NOTE_MAX).optional().default(''),
});
export type GoalReviewRequest = z.input<typeof GoalReviewRequest>;

/** GET /analytics/goals?departmentId: the department's goals by rubric item (summative observations). */
export const DepartmentGoalsQuery = z.object({ departmentId: z.coerce.number().int().positive() });
export const DepartmentGoalsItem = z.object({
  rubricItemId: z.string(),
  code: z.string(),
  title: z.string(),
  goals: z.number().int(),
  met: z.number().int(),
  partly: z.number().int(),
  notYet: z.number().int(),
  /** Agreed and not reviewed yet. */
  open: z.number().int(),
});
export const DepartmentGoals = z.object({ departmentId: z.number().int(), items: z.array(DepartmentGoalsItem) });
export type DepartmentGoals = z.infer<typeof DepartmentGoals>;
