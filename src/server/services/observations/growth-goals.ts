/**
 * Growth goals (the rule: src/shared/growth-goals.ts; who acts: shared/access-policy/growth-goals.ts). A goal is
 * a row of growth_goals under the observation whose meeting agreed it; its review in a later observation is a row
 * of growth_goal_reviews under that observation. Both travel inside the observation documents (document.ts), and
 * their triggers touch those observations, so every device that holds them gets the change.
 */
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { mayAgreeGoals, seesCarriedGoal, seesDepartmentGoals } from '../../../shared/access-policy/index.js';
import type { DepartmentGoals, GoalDeleteRequest, GoalReviewRequest, GoalSaveRequest, GrowthGoal } from '../../../shared/contract/growth-goals.js';
import { carriesInto, GOAL_MSG, goalEditError, goalReviewError } from '../../../shared/growth-goals.js';
import type { Db, Tx } from '../../db/client.js';
import { growthGoalReviews, growthGoals, observations, postObservations, rubricItems } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';
import { ID_IN_USE, loadForWrite, type ObservationRow } from './access.js';

type GoalRow = typeof growthGoals.$inferSelect;

/** The rule's answers: too many goals is the caller's input (400); the wrong stage is out of turn (409). */
const refusal = (message: string) => (message === GOAL_MSG.tooMany ? badRequest(message) : conflict(message));

/** A goal as documents carry it, from its row (or the row as json: times as text). */
export function goalDocument(g: Omit<GoalRow, 'facultyId' | 'createdAt' | 'updatedAt'> & { createdAt: Date | string; updatedAt: Date | string }): GrowthGoal {
  return {
    id: g.id,
    observationId: g.observationId,
    rubricItemIds: g.rubricItemIds,
    goal: g.goal,
    actions: g.actions,
    targetDate: g.targetDate,
    createdBy: g.createdBy,
    createdAt: new Date(g.createdAt).toISOString(),
    updatedAt: new Date(g.updatedAt).toISOString(),
  };
}

async function stageOf(tx: Tx, o: ObservationRow) {
  const [post] = await tx.select({ id: postObservations.id }).from(postObservations).where(eq(postObservations.observationId, o.id));
  return { status: o.status, hasMeeting: post != null };
}

/** Every id names an item of the observation's rubric version (the goal is about what was scored). */
async function requireItems(tx: Tx, o: ObservationRow, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  const found = await tx
    .select({ id: rubricItems.id })
    .from(rubricItems)
    .where(and(inArray(rubricItems.id, unique), eq(rubricItems.rubricVersionId, o.rubricVersionId)));
  if (found.length !== unique.length) throw badRequest(GOAL_MSG.unknownItem);
}

async function loadForGoals(tx: Tx, u: AuthUser, observationId: string): Promise<ObservationRow> {
  const o = await loadForWrite(tx, u, observationId);
  if (!mayAgreeGoals(u, o)) throw forbidden(GOAL_MSG.onlyParticipants);
  return o;
}

/**
 * Before an observation is deleted: the goals agreed in it, and its reviews (a goal reviewed as met there stops
 * carrying), shape what the faculty member's later observations carry (document.ts; carriesInto). The rows go
 * with the observation, but no trigger touches those later observations, so this does: every device holding one
 * gets its document again without the deleted cycle's goals.
 */
export async function touchLaterCarriers(tx: Tx, o: Pick<ObservationRow, 'id' | 'facultyId' | 'createdAt'>, now: Date): Promise<void> {
  const [goals] = await tx.select({ n: count() }).from(growthGoals).where(eq(growthGoals.observationId, o.id));
  const [reviews] = await tx.select({ n: count() }).from(growthGoalReviews).where(eq(growthGoalReviews.observationId, o.id));
  if (!goals?.n && !reviews?.n) return;
  await tx
    .update(observations)
    .set({ updatedAt: now })
    .where(and(eq(observations.facultyId, o.facultyId), gt(observations.createdAt, o.createdAt)));
}

export async function saveGoal(ctx: WriteContext, u: AuthUser, body: z.output<typeof GoalSaveRequest>): Promise<GrowthGoal> {
  const { tx, now } = ctx;
  const o = await loadForGoals(tx, u, body.observationsId);
  const [existing] = await tx.select().from(growthGoals).where(eq(growthGoals.id, body.id));
  if (existing && existing.observationId !== o.id) throw conflict(ID_IN_USE);
  const [{ n }] = await tx.select({ n: count() }).from(growthGoals).where(eq(growthGoals.observationId, o.id));
  const error = goalEditError(await stageOf(tx, o), Number(n) + (existing ? 0 : 1));
  if (error) throw refusal(error);
  await requireItems(tx, o, body.rubricItemIds);
  const values = { rubricItemIds: [...new Set(body.rubricItemIds)], goal: body.goal.trim(), actions: body.actions.trim(), targetDate: body.targetDate, updatedAt: now };
  const [row] = existing
    ? await tx.update(growthGoals).set(values).where(eq(growthGoals.id, existing.id)).returning()
    : await tx.insert(growthGoals).values({ id: body.id, observationId: o.id, facultyId: o.facultyId, createdBy: u.id, createdAt: now, ...values }).returning();
  ctx.audit({ actorId: u.id, action: existing ? 'goal.edit' : 'goal.agree', entity: 'observations', entityId: o.id, detail: { goalId: row.id, items: row.rubricItemIds.length } });
  return goalDocument(row);
}

export async function deleteGoal(ctx: WriteContext, u: AuthUser, body: z.output<typeof GoalDeleteRequest>): Promise<void> {
  const { tx } = ctx;
  const o = await loadForGoals(tx, u, body.observationsId);
  const error = goalEditError(await stageOf(tx, o), 0);
  if (error) throw refusal(error);
  const gone = await tx.delete(growthGoals).where(and(eq(growthGoals.id, body.id), eq(growthGoals.observationId, o.id))).returning({ id: growthGoals.id });
  if (gone.length === 0) throw notFound(GOAL_MSG.notFound);
  ctx.audit({ actorId: u.id, action: 'goal.remove', entity: 'observations', entityId: o.id, detail: { goalId: body.id } });
}

export async function reviewGoal(ctx: WriteContext, u: AuthUser, body: z.output<typeof GoalReviewRequest>): Promise<void> {
  const { tx, now } = ctx;
  const o = await loadForGoals(tx, u, body.observationsId);
  const error = goalReviewError(o);
  if (error) throw conflict(error);
  const [goal] = await tx
    .select({ id: growthGoals.id, facultyId: growthGoals.facultyId, agreedIn: growthGoals.observationId, agreedMode: observations.mode, agreedCreatedAt: observations.createdAt })
    .from(growthGoals)
    .innerJoin(observations, eq(observations.id, growthGoals.observationId))
    .where(eq(growthGoals.id, body.goalId));
  // Only a goal this observation carries: the same faculty member's, agreed in an earlier cycle, not met since.
  const carried = goal && goal.facultyId === o.facultyId && goal.agreedIn !== o.id && goal.agreedCreatedAt < o.createdAt && seesCarriedGoal(u, o, goal.agreedMode);
  if (!carried) throw badRequest(GOAL_MSG.notCarried);
  const reviews = await tx.select({ observationId: growthGoalReviews.observationId, status: growthGoalReviews.status }).from(growthGoalReviews).where(eq(growthGoalReviews.goalId, goal.id));
  if (!carriesInto(reviews, o.id)) throw badRequest(GOAL_MSG.notCarried);
  const values = { status: body.status, note: body.note.trim(), reviewedBy: u.id, reviewedAt: now };
  await tx
    .insert(growthGoalReviews)
    .values({ goalId: goal.id, observationId: o.id, ...values })
    .onConflictDoUpdate({ target: [growthGoalReviews.goalId, growthGoalReviews.observationId], set: values });
  ctx.audit({ actorId: u.id, action: 'goal.review', entity: 'observations', entityId: o.id, detail: { goalId: goal.id, status: body.status } });
}

/**
 * A department's goals by rubric item, for its HOD, Admin and Super_Admin: how many goals name each item and where
 * they stand by their latest review. Summative observations only: a formative cycle's goals are its faculty
 * member's (src/shared/observation-mode.ts).
 */
export async function departmentGoals(db: Db, u: AuthUser, departmentId: number): Promise<DepartmentGoals> {
  if (!seesDepartmentGoals(u, departmentId)) throw forbidden(GOAL_MSG.hodOnly);
  const goals = await db
    .select({ id: growthGoals.id, rubricItemIds: growthGoals.rubricItemIds })
    .from(growthGoals)
    .innerJoin(observations, eq(observations.id, growthGoals.observationId))
    .where(and(eq(observations.departmentId, departmentId), eq(observations.mode, 'summative')));
  const reviews = goals.length
    ? await db
        .select({ goalId: growthGoalReviews.goalId, status: growthGoalReviews.status, at: growthGoalReviews.reviewedAt })
        .from(growthGoalReviews)
        .where(inArray(growthGoalReviews.goalId, goals.map((g) => g.id)))
    : [];
  const latest = new Map<string, { status: string; at: Date }>();
  for (const r of reviews) if ((latest.get(r.goalId)?.at ?? 0) < r.at) latest.set(r.goalId, r);
  // The items the goals name, whatever version each observation was scored on (an item belongs to one version).
  const named = [...new Set(goals.flatMap((g) => g.rubricItemIds))];
  const items = named.length
    ? await db
        .select({ id: rubricItems.id, code: rubricItems.itemCode, title: rubricItems.title, group: rubricItems.groupPosition, position: rubricItems.position })
        .from(rubricItems)
        .where(inArray(rubricItems.id, named))
    : [];
  const tally = new Map(items.map((i) => [i.id, { goals: 0, met: 0, partly: 0, notYet: 0, open: 0 }]));
  for (const g of goals) {
    const status = latest.get(g.id)?.status;
    for (const itemId of new Set(g.rubricItemIds)) {
      const t = tally.get(itemId);
      if (!t) continue;
      t.goals++;
      if (status === 'met') t.met++;
      else if (status === 'partly') t.partly++;
      else if (status === 'not_yet') t.notYet++;
      else t.open++;
    }
  }
  return {
    departmentId,
    items: items
      .sort((a, b) => a.group - b.group || a.position - b.position || a.code.localeCompare(b.code))
      .map((i) => ({ rubricItemId: i.id, code: i.code, title: i.title, ...tally.get(i.id)! })),
  };
}
