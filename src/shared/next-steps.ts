/**
 * "What needs me now and what comes next", computed from observation documents alone (pure: the client runs it on
 * the replica, offline; tests run it without a browser). Each open observation has one or two next actions, each
 * owned by one side (observer or faculty) and done on one screen. A viewer's first screen sorts them into
 * overdue, today, this week, to do (theirs, undated) and waiting on others.
 *
 * Days are `YYYY-MM-DD` strings; class times are the slot's campus-local "HH:MM" (the class day is stored as
 * that day at UTC midnight, src/shared/class-dates.ts); meeting slots are ISO instants.
 */
import { dayOf } from './class-dates.js';
import type { Observation } from './contract/observations.js';
import { isOverdue } from './stages.js';
import { isFinal } from './closing.js';

/** Who acts: the observer, the faculty member, or (closing the cycle) the HOD who signs off. */
export type StepSide = 'observer' | 'faculty' | 'hod';

export type StepKind =
  | 'startScheduling'
  | 'teachingPlan'
  | 'offerSlots'
  | 'pickClass'
  | 'facultyConfirm'
  | 'observerConfirm'
  | 'finishScheduling'
  | 'observeInformed'
  | 'selfScoreInformed'
  | 'lockInformed'
  | 'startUninformed'
  | 'observeUninformed'
  | 'selfScoreUninformed'
  | 'lockUninformed'
  | 'createMeeting'
  | 'reflectionPlan'
  | 'shareArtifact'
  | 'chooseMeetingSlot'
  | 'markScheduled'
  | 'holdMeeting'
  | 'acknowledge'
  | 'respond'
  | 'signOff';

/** The client routes where a step is done (all take the observation id). */
export const STEP_ROUTES = {
  scheduling: '/observations/observation-scheduling/$id',
  informed: '/observations/observation-rubric/$id',
  uninformed: '/observations/uninformed-observation-rubric/$id',
  post: '/observations/post-observation-meeting/$id',
  detail: '/observations/detail-observation/$id',
} as const;
export type StepRoute = (typeof STEP_ROUTES)[keyof typeof STEP_ROUTES];

/** Per kind: who acts, where, the stage it belongs to, and what the actor reads ("you" form) and others read. */
const KINDS: Record<StepKind, { side: StepSide; route: StepRoute; stage: string; todo: string; waiting: string }> = {
  startScheduling: { side: 'observer', route: STEP_ROUTES.scheduling, stage: 'scheduling', todo: 'Select the course and start scheduling', waiting: 'to start scheduling' },
  teachingPlan: { side: 'faculty', route: STEP_ROUTES.scheduling, stage: 'scheduling', todo: 'Fill in the teaching plan', waiting: 'to fill in the teaching plan' },
  offerSlots: { side: 'faculty', route: STEP_ROUTES.scheduling, stage: 'scheduling', todo: 'Offer your class slots', waiting: 'to offer class slots' },
  pickClass: { side: 'observer', route: STEP_ROUTES.scheduling, stage: 'scheduling', todo: 'Pick a slot and the class date', waiting: 'to pick a slot and the class date' },
  facultyConfirm: { side: 'faculty', route: STEP_ROUTES.scheduling, stage: 'scheduling', todo: 'Confirm the class date', waiting: 'to confirm the class date' },
  observerConfirm: { side: 'observer', route: STEP_ROUTES.scheduling, stage: 'scheduling', todo: 'Confirm the class date', waiting: 'to confirm the class date' },
  finishScheduling: { side: 'observer', route: STEP_ROUTES.scheduling, stage: 'scheduling', todo: 'Finish scheduling (Done)', waiting: 'to finish scheduling' },
  observeInformed: { side: 'observer', route: STEP_ROUTES.informed, stage: 'informed observation', todo: 'Observe the class and enter scores', waiting: 'to enter informed scores' },
  selfScoreInformed: { side: 'faculty', route: STEP_ROUTES.informed, stage: 'informed observation', todo: 'Enter your self-assessment scores', waiting: 'to enter self-assessment scores' },
  lockInformed: { side: 'observer', route: STEP_ROUTES.informed, stage: 'informed observation', todo: 'Review and lock the informed scores', waiting: 'to lock the informed scores' },
  startUninformed: { side: 'observer', route: STEP_ROUTES.uninformed, stage: 'uninformed observation', todo: 'Start the uninformed observation', waiting: 'to start the uninformed observation' },
  observeUninformed: { side: 'observer', route: STEP_ROUTES.uninformed, stage: 'uninformed observation', todo: 'Observe a class and enter scores', waiting: 'to enter uninformed scores' },
  selfScoreUninformed: { side: 'faculty', route: STEP_ROUTES.uninformed, stage: 'uninformed observation', todo: 'Enter your self-assessment scores', waiting: 'to enter self-assessment scores' },
  lockUninformed: { side: 'observer', route: STEP_ROUTES.uninformed, stage: 'uninformed observation', todo: 'Review and lock the uninformed scores', waiting: 'to lock the uninformed scores' },
  createMeeting: { side: 'observer', route: STEP_ROUTES.post, stage: 'post-observation meeting', todo: 'Offer meeting slots and a room', waiting: 'to offer meeting slots' },
  reflectionPlan: { side: 'faculty', route: STEP_ROUTES.post, stage: 'post-observation meeting', todo: 'Fill in the reflection plan', waiting: 'to fill in the reflection plan' },
  shareArtifact: { side: 'faculty', route: STEP_ROUTES.post, stage: 'post-observation meeting', todo: 'Share an artifact', waiting: 'to share an artifact' },
  chooseMeetingSlot: { side: 'faculty', route: STEP_ROUTES.post, stage: 'post-observation meeting', todo: 'Choose a meeting slot', waiting: 'to choose a meeting slot' },
  markScheduled: { side: 'observer', route: STEP_ROUTES.post, stage: 'post-observation meeting', todo: 'Mark the meeting scheduled', waiting: 'to mark the meeting scheduled' },
  holdMeeting: { side: 'observer', route: STEP_ROUTES.post, stage: 'post-observation meeting', todo: 'Hold the meeting and complete the observation', waiting: 'to hold the meeting' },
  acknowledge: { side: 'faculty', route: STEP_ROUTES.detail, stage: 'closing the cycle', todo: 'Acknowledge the observation', waiting: 'to acknowledge the observation' },
  respond: { side: 'faculty', route: STEP_ROUTES.detail, stage: 'closing the cycle', todo: 'Write your response (optional) before the window closes', waiting: 'to respond or let the window close' },
  signOff: { side: 'hod', route: STEP_ROUTES.detail, stage: 'closing the cycle', todo: 'Sign off the observation', waiting: 'to sign off' },
};

export interface CycleAction {
  observationId: string;
  kind: StepKind;
  side: StepSide;
  /** The person who acts, and the other person of the observation. */
  actor: string;
  other: string;
  route: StepRoute;
  stage: string;
  course: string;
  /** `YYYY-MM-DD` of the class or meeting (campus day), null for undated steps. */
  day: string | null;
  /** Campus-local "HH:MM" (or range) of the class or meeting. */
  time: string | null;
  location: string | null;
  overdue: boolean;
}

type Doc = Pick<Observation, 'id' | 'status' | 'course' | 'faculty' | 'observer' | 'obsRequest' | 'meetings'> & Partial<Pick<Observation, 'hod' | 'closing'>>;

/** "HH:MM" of an ISO instant in the given IANA zone (the campus's; the device's when undefined). */
export function timeIn(iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(d);
}

/** `YYYY-MM-DD` of an ISO instant in the given IANA zone (the device's when undefined). */
export function dayIn(iso: string | Date, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The room of the class: the faculty's slot of that course on that day and time. */
function classRoom(o: Doc, day: string | null, time: string | null): string | null {
  const slots = o.faculty.courseSlots ?? [];
  const same = slots.filter((s) => (!o.course || s.courseId === o.course.id) && (!day || s.day === day));
  const hit = same.find((s) => s.time === time) ?? same[0];
  return hit?.location || null;
}

/**
 * The next actions of one observation (both sides), in the order of the cycle (SPEC §4). Empty once it is
 * completed. Rubric stages have up to two: the observer's scores (or lock) and the faculty member's self-scores.
 */
export function cycleActions(o: Doc, today: string, timeZone?: string): CycleAction[] {
  if (o.status === 'Completed') return closingActions(o, today, timeZone);
  const r = o.obsRequest;
  const { informedObservation: inf, uninformedObservation: uninf, postObservation: post } = o.meetings ?? {};
  const act = actOf(o);

  if (!r) return [act('startScheduling')];
  if (r.status !== 'Completed') {
    if (!r.teachingPlan?.editedBy) return [act('teachingPlan')];
    if (r.timeSlotsByFaculty.length === 0) return [act('offerSlots')];
    if (!r.scheduledOn || r.timeSlotByObserver.length === 0) return [act('pickClass')];
    const day = dayOf(r.scheduledOn);
    const time = r.timeSlotByObserver[0]?.time ?? null;
    const when = { day, time, location: classRoom(o, r.timeSlotByObserver[0]?.day ?? null, time) };
    if (!r.facultyAccepted) return [act('facultyConfirm', when)];
    if (!r.observerAccepted) return [act('observerConfirm', when)];
    return [act('finishScheduling', when)];
  }

  if (inf && inf.status !== 'Completed') {
    const day = dayOf(r.scheduledOn);
    const time = r.timeSlotByObserver[0]?.time ?? null;
    const when = { day, time, location: classRoom(o, r.timeSlotByObserver[0]?.day ?? null, time) };
    const out: CycleAction[] = [];
    if (inf.observerScore == null) out.push(act('observeInformed', { ...when, overdue: isOverdue(day, false, today) }));
    else if (inf.facultyScore != null) out.push(act('lockInformed', { ...when, day: null, overdue: isOverdue(day, false, today) }));
    if (inf.facultyScore == null) out.push(act('selfScoreInformed', { ...when, overdue: isOverdue(day, false, today) }));
    return out;
  }
  if (inf?.status === 'Completed' && !uninf) return [act('startUninformed')];
  if (uninf && uninf.status !== 'Completed') {
    const out: CycleAction[] = [];
    if (uninf.observerScore == null) out.push(act('observeUninformed'));
    else if (uninf.facultyScore != null) out.push(act('lockUninformed'));
    if (uninf.facultyScore == null) out.push(act('selfScoreUninformed'));
    return out;
  }
  if (uninf?.status === 'Completed' && !post) return [act('createMeeting')];
  if (post && post.status !== 'Completed') {
    const chosen = post.timeSlotsByObserver.find((s) => s.id === post.timeSlotByFaculty)?.dateTime ?? post.scheduledOn;
    const when = chosen && dayIn(chosen, timeZone) ? { day: dayIn(chosen, timeZone), time: timeIn(chosen, timeZone), location: post.location } : { location: post.location };
    if (post.status === 'Scheduled') return [act('holdMeeting', { ...when, overdue: isOverdue(when.day, false, today) })];
    if (!post.reflectionPlan?.editedBy) return [act('reflectionPlan')];
    if (post.artifacts.length === 0) return [act('shareArtifact')];
    if (!post.timeSlotByFaculty) return [act('chooseMeetingSlot')];
    return [act('markScheduled', when)];
  }
  return [];
}

/** The action of `kind` in observation `o`, with who acts and the other person. */
function actOf(o: Doc) {
  const base = { observationId: o.id, course: o.course?.courseCode ?? 'No course yet', day: null, time: null, location: null, overdue: false };
  return (kind: StepKind, extra: Partial<CycleAction> = {}): CycleAction => {
    const k = KINDS[kind];
    const actor = k.side === 'observer' ? o.observer.name : k.side === 'faculty' ? o.faculty.name : (o.hod?.name ?? 'the head of department');
    const other = k.side === 'observer' ? o.faculty.name : k.side === 'faculty' ? o.observer.name : o.faculty.name;
    return { ...base, kind, side: k.side, actor, other, route: k.route, stage: k.stage, ...extra };
  };
}

/**
 * Closing a completed cycle (src/shared/closing.ts): the faculty member acknowledges, may respond until the window's
 * day, and the HOD signs off once there is a response or the window's day has passed. Dated by the window's last
 * day (campus day); nothing once signed off. Days, not instants: the step moves on the day after the window, the
 * server decides to the second.
 */
function closingActions(o: Doc, today: string, timeZone?: string): CycleAction[] {
  const c = o.closing;
  if (!c || isFinal(c)) return [];
  const act = actOf(o);
  const due = c.responseDueAt ? dayIn(c.responseDueAt, timeZone) : null;
  const windowOpen = due == null || due >= today;
  const out: CycleAction[] = [];
  if (!c.acknowledgedAt) out.push(act('acknowledge', { day: due, overdue: !windowOpen }));
  else if (!c.respondedAt && windowOpen) out.push(act('respond', { day: due }));
  const answered = c.acknowledgedAt != null && c.respondedAt != null;
  if (answered || !windowOpen) out.push(act('signOff'));
  return out;
}

/** Does this action belong to the viewer? */
export function isViewersAction(a: CycleAction, o: Pick<Observation, 'observerId' | 'facultyId'> & Partial<Pick<Observation, 'hodId'>>, viewerId: string): boolean {
  if (a.side === 'hod') return o.hodId === viewerId;
  return a.side === 'observer' ? o.observerId === viewerId : o.facultyId === viewerId;
}

/** What the actor reads, and what everyone else reads ("Waiting for Fatima Rahman to offer class slots"). */
export function actionText(a: CycleAction, forActor: boolean): string {
  return forActor ? KINDS[a.kind].todo : `Waiting for ${a.actor} ${KINDS[a.kind].waiting}`;
}

export type StepBucket = 'overdue' | 'today' | 'week' | 'todo' | 'waiting' | 'later';

export interface NextStep extends CycleAction {
  key: string;
  bucket: StepBucket;
  mine: boolean;
  text: string;
}

const addDays = (day: string, n: number) => {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? '' : new Date(ms + n * 86_400_000).toISOString().slice(0, 10);
};

function bucketOf(a: CycleAction, mine: boolean, today: string): StepBucket {
  if (a.overdue) return 'overdue';
  if (a.day === today) return 'today';
  if (a.day && a.day > today && a.day <= addDays(today, 6)) return 'week';
  if (!mine) return 'waiting';
  return a.day && a.day > today ? 'later' : 'todo';
}

const BUCKET_ORDER: readonly StepBucket[] = ['overdue', 'today', 'week', 'todo', 'later', 'waiting'];

export interface StepViewer {
  id: string;
  /** The viewer takes part in observations (Observer, Faculty); others (HOD, admins) follow them. */
  participant: boolean;
}

/**
 * The viewer's next steps over the given observations: theirs first by bucket and then by date, time and course;
 * for a follower (HOD, admins) every action is "waiting", except dated ones this week and overdue ones.
 */
export function nextSteps(docs: readonly (Doc & Pick<Observation, 'observerId' | 'facultyId'> & Partial<Pick<Observation, 'hodId'>>)[], viewer: StepViewer, today: string, timeZone?: string): NextStep[] {
  const out: NextStep[] = [];
  for (const o of docs) {
    for (const a of cycleActions(o, today, timeZone)) {
      // A HOD follows every step and signs off: the sign-off is theirs although they do not take part.
      const mine = (viewer.participant || a.side === 'hod') && isViewersAction(a, o, viewer.id);
      if (viewer.participant && !mine && o.observerId !== viewer.id && o.facultyId !== viewer.id) continue;
      const bucket = bucketOf(a, mine, today);
      out.push({ ...a, key: `${a.observationId}:${a.kind}`, bucket, mine, text: actionText(a, mine) });
    }
  }
  const rank = (s: NextStep) => BUCKET_ORDER.indexOf(s.bucket);
  return out.sort((x, y) => rank(x) - rank(y) || (x.day ?? '9999').localeCompare(y.day ?? '9999') || (x.time ?? '').localeCompare(y.time ?? '') || x.course.localeCompare(y.course));
}

/** "Today 10:00", "Tomorrow 09:00", "Thursday 14:00", "12 Dec 10:00" (null for an undated step). */
export function whenLabel(day: string | null, time: string | null, today: string): string | null {
  if (!day || !addDays(day, 0)) return null;
  const t = time ? ` ${time}` : '';
  if (day === today) return `Today${t}`;
  if (day === addDays(today, 1)) return `Tomorrow${t}`;
  if (day === addDays(today, -1)) return `Yesterday${t}`;
  const d = new Date(`${day}T00:00:00Z`);
  if (day > today && day <= addDays(today, 6)) return `${d.toLocaleDateString('en-GB', { weekday: 'long', timeZone: 'UTC' })}${t}`;
  return `${d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })}${t}`;
}

/** The line under a step: "Today 10:00 · PHY-220 · Hall P-3 · informed observation". */
export function stepLine(s: Pick<CycleAction, 'day' | 'time' | 'course' | 'location' | 'stage'>, today: string): string {
  return [whenLabel(s.day, s.time, today), s.course, s.location, s.stage].filter(Boolean).join(' · ');
}
