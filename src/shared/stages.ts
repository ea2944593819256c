/**
 * Where each stage of an observation stands, in words every screen shares: the stage names, the status shown on
 * a stage's badge, what comes next, and the one "overdue" rule. The detail page, the stage cards, the first
 * screen's next steps and any list read these functions, so a stage never reads NOT STARTED on one screen and
 * "ready" on another, and overdue means the same everywhere.
 *
 * Plain functions over a structural subset of the Observation document (src/shared/contract/observations.ts),
 * no zod, so the first load of the UI stays small.
 */

export const STAGE_KEYS = ['scheduling', 'informed', 'uninformed', 'post'] as const;
export type StageKey = (typeof STAGE_KEYS)[number];

/** The stage titles of SPEC §2's observation detail. */
export const STAGE_TITLES: Record<StageKey, string> = {
  scheduling: 'Informed Observation Scheduling',
  informed: 'Informed Observation',
  uninformed: 'Uninformed Observation',
  post: 'Post Observation Meeting Scheduling',
};

/**
 * A dated item (a class to observe, a meeting) that is not completed this long after its date-time is overdue.
 * A day, so a class observed this morning whose scores are still being entered in the afternoon is not yet
 * flagged, while a meeting dated last week that still reads Scheduled is.
 */
export const OVERDUE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The overdue rule: something dated `at` (ISO date-time or YYYY-MM-DD) whose stage `status` is not 'Completed'
 * is overdue once `OVERDUE_AFTER_MS` has passed since that date-time. Undated or unparseable items never are.
 */
export function isOverdue(at: string | null | undefined, status: string | null | undefined, now: Date | number = Date.now()): boolean {
  if (!at || status === 'Completed') return false;
  const when = Date.parse(at.length === 10 ? `${at}T00:00:00` : at);
  if (Number.isNaN(when)) return false;
  const t = typeof now === 'number' ? now : now.getTime();
  return t - when > OVERDUE_AFTER_MS;
}

/** The fields of an Observation these functions read. */
export interface StageSource {
  status: string;
  obsRequest: { status: string; scheduledOn: string | null } | null;
  meetings: {
    informedObservation: { status: string } | null;
    uninformedObservation: { status: string } | null;
    postObservation: PostMeetingSource | null;
  };
}

export interface PostMeetingSource {
  status: string;
  scheduledOn: string | null;
  timeSlotByFaculty?: string | null;
  timeSlotsByObserver?: readonly { id: string; dateTime: string }[];
}

/** When the post-observation meeting takes place: its date, else the observer's slot the faculty chose. */
export function meetingAt(post: PostMeetingSource | null | undefined): string | null {
  if (!post) return null;
  return post.scheduledOn ?? post.timeSlotsByObserver?.find((s) => s.id === post.timeSlotByFaculty)?.dateTime ?? null;
}

/** Is the post-observation meeting overdue (dated in the past and not completed)? */
export function isMeetingOverdue(post: PostMeetingSource | null | undefined, now: Date | number = Date.now()): boolean {
  return !!post && isOverdue(meetingAt(post), post.status, now);
}

export interface StageState {
  key: StageKey;
  title: string;
  /** The badge text: the stored status ('Ongoing', 'Scheduled', 'Completed'), 'Ready to start' or 'Not started'. */
  status: string;
  /** True while an earlier stage must finish before this one can exist. */
  blocked: boolean;
  /** The date-time the stage is due (the observed class for the informed observation; the meeting), if any. */
  dueAt: string | null;
  overdue: boolean;
}

export const READY_TO_START = 'Ready to start';
export const NOT_STARTED = 'Not started';

/**
 * The four stages of one observation. A stage that does not exist yet reads 'Ready to start' when the stage
 * before it is completed (the uninformed observation after a completed informed one; the meeting after both
 * observations) and 'Not started' (blocked) while it still waits for that earlier stage.
 */
export function stageStates(o: StageSource, now: Date | number = Date.now()): StageState[] {
  const req = o.obsRequest;
  const informed = o.meetings.informedObservation;
  const uninformed = o.meetings.uninformedObservation;
  const post = o.meetings.postObservation;
  const done = (s: { status: string } | null | undefined) => s?.status === 'Completed';
  const absent = (ready: boolean) => (ready ? READY_TO_START : NOT_STARTED);

  const classAt = req?.scheduledOn ?? null;
  const postAt = meetingAt(post);
  return [
    { key: 'scheduling', title: STAGE_TITLES.scheduling, status: req?.status ?? NOT_STARTED, blocked: false, dueAt: null, overdue: false },
    {
      key: 'informed',
      title: STAGE_TITLES.informed,
      status: informed?.status ?? absent(done(req)),
      blocked: !informed && !done(req),
      dueAt: classAt,
      overdue: !!informed && isOverdue(classAt, informed.status, now),
    },
    {
      key: 'uninformed',
      title: STAGE_TITLES.uninformed,
      status: uninformed?.status ?? absent(done(informed)),
      blocked: !uninformed && !done(informed),
      dueAt: null,
      overdue: false,
    },
    {
      key: 'post',
      title: STAGE_TITLES.post,
      status: post?.status ?? absent(done(informed) && done(uninformed)),
      blocked: !post && !(done(informed) && done(uninformed)),
      dueAt: postAt,
      overdue: isMeetingOverdue(post, now),
    },
  ];
}

/** The overdue stages of one observation (empty when none), for badges and the next-steps list. */
export function overdueStages(o: StageSource, now: Date | number = Date.now()): StageState[] {
  if (o.status === 'Completed') return [];
  return stageStates(o, now).filter((s) => s.overdue);
}
