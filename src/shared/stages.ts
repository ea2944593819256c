/**
 * Where each stage of an observation stands, in words every screen shares: the stage names, the status shown on
 * a stage's badge, what comes next, and the one "overdue" rule. The detail page, the stage cards, the first
 * screen's next steps and any list read these functions, so a stage never reads NOT STARTED on one screen and
 * "ready" on another, and overdue means the same everywhere.
 *
 * Plain functions over a structural subset of the Observation document (src/shared/contract/observations.ts),
 * no zod, so the first load of the UI stays small.
 */
import { dayOf } from './class-dates.js';

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
 * The overdue rule: a dated step (a class to observe and score, a meeting to hold) whose day has passed and that
 * is still not done. Days compare as `YYYY-MM-DD` strings (class-dates.ts `dayOf`); `today` is the caller's day.
 * So a class observed this morning whose scores are entered in the afternoon is not flagged, while a meeting
 * dated last week that still reads Scheduled is. Every screen (stage cards, detail page, next steps) uses this.
 */
export function isOverdue(due: string | null | undefined, done: boolean, today: string): boolean {
  const day = dayOf(due);
  return !done && day != null && day < today;
}

/** The calendar day (UTC) of a moment: the `today` of the stage functions below. */
export function dayAt(now: Date | number): string {
  return new Date(typeof now === 'number' ? now : now.getTime()).toISOString().slice(0, 10);
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
  return !!post && isOverdue(meetingAt(post), post.status === 'Completed', dayAt(now));
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
      overdue: !!informed && isOverdue(classAt, informed.status === 'Completed', dayAt(now)),
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
