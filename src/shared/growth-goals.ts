/**
 * Growth goals: at the post-observation meeting the observer and the faculty member agree goals, each tied to
 * rubric items, with actions and a target date. A goal carries into the faculty member's next cycles — shown when
 * the next observation is scheduled, on its meeting's agenda — and is reviewed at that meeting (met, partly, not
 * yet). A goal reviewed as met stops carrying; partly and not yet carry on to the cycle after.
 *
 *   agree / edit / remove   the observation's observer or faculty member, once its post-observation meeting
 *                           exists and until the cycle is completed
 *   review                  the same two people, in the next observation, from its start until it is completed
 *
 * One rule for the server (services/observations/growth-goals.ts enforces it) and the client (which offers only
 * what it allows). Who acts: access-policy/growth-goals.ts.
 */
export const GOAL_REVIEWS = ['met', 'partly', 'not_yet'] as const;
export type GoalReviewStatus = (typeof GOAL_REVIEWS)[number];

export const GOAL_REVIEW_LABEL: Record<GoalReviewStatus, string> = { met: 'Met', partly: 'Partly met', not_yet: 'Not yet' };

/** Goals agreed in one meeting: a handful keeps a year's work in focus. */
export const GOALS_PER_OBSERVATION = 8;
export const GOAL_TEXT_MAX = 500;
export const GOAL_ACTIONS_MAX = 2000;
export const GOAL_NOTE_MAX = 1000;

export const GOAL_MSG = {
  noMeeting: 'Goals are agreed at the post-observation meeting: schedule it first.',
  completed: 'The cycle is completed: its goals can no longer change.',
  tooMany: `goals: at most ${GOALS_PER_OBSERVATION} goals per observation.`,
  goal: 'goal: describe the goal.',
  rubricItems: 'rubricItemIds: tie the goal to at least one rubric item.',
  unknownItem: 'rubricItemIds: unknown rubric item.',
  targetDate: 'targetDate: choose the day the goal should be reached (YYYY-MM-DD).',
  notFound: 'This goal does not exist.',
  notCarried: 'goalId: this goal is not carried into this observation.',
  onlyParticipants: 'Only the observer and the faculty member of this observation agree and review its goals.',
  hodOnly: 'Only the department’s head, Campus_Director, Admin or Super_Admin sees the department’s goals.',
} as const;

/** The observation's fields the rule reads. */
export interface GoalStage {
  status: string;
  /** Whether the post-observation meeting exists (scheduled or held). */
  hasMeeting: boolean;
}

/** Whether goals of this observation may be agreed, edited or removed now. */
export function goalEditError(s: GoalStage, goalsAfter: number): string | null {
  if (s.status === 'Completed') return GOAL_MSG.completed;
  if (!s.hasMeeting) return GOAL_MSG.noMeeting;
  if (goalsAfter > GOALS_PER_OBSERVATION) return GOAL_MSG.tooMany;
  return null;
}

/** Whether a carried goal may be reviewed in this observation now. */
export function goalReviewError(s: Pick<GoalStage, 'status'>): string | null {
  return s.status === 'Completed' ? GOAL_MSG.completed : null;
}

/** A calendar day, YYYY-MM-DD, that exists. */
export function isDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/**
 * Whether a goal agreed earlier still carries into a later observation: it was not reviewed as met in any
 * observation other than that one (a review in that observation is shown there, whatever it says).
 */
export function carriesInto(reviews: readonly { observationId: string; status: string }[], observationId: string): boolean {
  return !reviews.some((r) => r.observationId !== observationId && r.status === 'met');
}
