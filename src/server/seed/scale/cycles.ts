/**
 * One observation cycle as rows, at a given stage, with the rows the real services leave at that stage
 * (services/observations/*): scheduling request and teaching plan, informed and uninformed meetings with both
 * sides' rubric scores and totals, post-observation with offered slots, reflection plan and an artifact, chat,
 * notifications and the initiation emails. Status and progress come from the shared cycle functions, the same
 * ones `refreshObservation` uses, so the stored columns always match the stages.
 */
import { randomUUID } from 'node:crypto';
import { cycleProgress, cycleStatus, type CycleState } from '../../../shared/cycle.js';
import type { Semester } from '../../../shared/enums.js';
import { sideTotal } from '../../../shared/rubric.js';
import { artifactUrl } from '../../services/observations/document.js';
import { ROUTES } from '../../services/observations/events.js';
import { SAMPLE_PDF } from './sample-file.js';
import { CHAT_LINES, narrative, ROOMS, SHORT_REFLECTIONS, TEACHING_ANSWERS } from './names.js';
import type { FacultyMember, Person } from './people.js';
import type { Rng } from './random.js';
import type { ScoredVersion } from './rubric-versions.js';

export const STAGES = ['pending', 'scheduling', 'informed', 'informedDone', 'uninformed', 'uninformedDone', 'post', 'postScheduled', 'completed'] as const;
export type Stage = (typeof STAGES)[number];

/** Day (after initiation, before stretching) of each step of a cycle. */
const DAY_OF = { schedStart: 1, plan: 2, schedDone: 6, informedScored: 7, informedLocked: 8, unStart: 15, unScored: 16, unLocked: 17, postCreate: 18, reflection: 19, pick: 20, postScheduled: 21, completed: 23 };
/** The last thing that happened at each stage. */
export const LAST_DAY: Record<Stage, number> = { pending: 0, scheduling: 2, informed: 7, informedDone: 8, uninformed: 16, uninformedDone: 17, post: 19, postScheduled: 21, completed: 23 };

export interface TemplateStep {
  id: string;
  position: number;
  key: string;
  code: string;
  name: string;
  field: string;
}

export interface CycleContext {
  /** The version an observation of the department is scored on; `turn` counts the run's observations. */
  rubricFor: (departmentId: number, turn: number) => ScoredVersion;
  /**
   * The scores' own generator: how many items a version has never shifts the main one, so a run with and one
   * without --rubric-versions (same --seed) hold the same people, stages and dates.
   */
  scoreRng: Rng;
  teaching: { id: string; steps: TemplateStep[] };
  reflection: { id: string; steps: TemplateStep[] };
  /** Artifacts only where the seed can place their files (local disk). */
  artifacts: boolean;
}

export interface CycleInput {
  faculty: FacultyMember;
  observer: Person;
  hod: Person;
  created: Date;
  stage: Stage;
  /** Days per step-day: cycles run at different speeds. */
  stretch: number;
  /** The faculty member's typical rubric level (0–4). */
  ability: number;
}

/** The insert rows of a batch, per table (column names as in the database). */
export class Rows {
  observations: Record<string, unknown>[] = [];
  schedulingRequests: Record<string, unknown>[] = [];
  plans: Record<string, unknown>[] = [];
  /** { p: plan id, t: master step id, r: response } */
  planSteps: Record<string, unknown>[] = [];
  meetings: Record<string, unknown>[] = [];
  /** { m: meeting id, s: side, v: scores in the version's item order, rv: rubric version id, at } */
  scores: Record<string, unknown>[] = [];
  posts: Record<string, unknown>[] = [];
  postSlots: Record<string, unknown>[] = [];
  artifacts: Record<string, unknown>[] = [];
  messages: Record<string, unknown>[] = [];
  notifications: Record<string, unknown>[] = [];
  emails: Record<string, unknown>[] = [];
  /** Artifact files to write (storage key → bytes). */
  files: string[] = [];
}

const DAY = 86_400_000;

export function semesterOf(d: Date): Semester {
  const m = d.getUTCMonth();
  return m <= 4 ? 'Spring' : m <= 6 ? 'Summer' : 'Fall';
}

export function addCycle(rows: Rows, ctx: CycleContext, r: Rng, c: CycleInput, now: Date): void {
  const rank = STAGES.indexOf(c.stage);
  const reached = (s: Stage) => rank >= STAGES.indexOf(s);
  const when = (step: keyof typeof DAY_OF) => new Date(Math.min(now.getTime(), c.created.getTime() + DAY_OF[step] * c.stretch * DAY));
  const iso = (step: keyof typeof DAY_OF) => when(step).toISOString();
  const id = randomUUID();
  const f = c.faculty;
  const rubric = ctx.rubricFor(f.departmentId, rows.observations.length);

  const state: CycleState = {
    obsRequest: reached('scheduling') ? (c.stage === 'scheduling' ? 'Ongoing' : 'Completed') : undefined,
    informed: reached('informed') ? (c.stage === 'informed' ? 'Ongoing' : 'Completed') : undefined,
    uninformed: reached('uninformed') ? (c.stage === 'uninformed' ? 'Ongoing' : 'Completed') : undefined,
    post: reached('post') ? (c.stage === 'post' ? 'Ongoing' : c.stage === 'postScheduled' ? 'Scheduled' : 'Completed') : undefined,
  };
  const status = cycleStatus(state);
  const updated = new Date(Math.min(now.getTime(), c.created.getTime() + LAST_DAY[c.stage] * c.stretch * DAY)).toISOString();
  rows.observations.push({
    id,
    faculty_id: f.id,
    observer_id: c.observer.id,
    hod_id: c.hod.id,
    department_id: f.departmentId,
    course_id: reached('scheduling') ? f.courseId : null,
    semester: semesterOf(c.created),
    status,
    progress: cycleProgress(state),
    starting: reached('scheduling') ? iso('schedStart') : null,
    ending: status === 'Completed' ? iso('completed') : null,
    rubric_version_id: rubric.id,
    created_at: c.created.toISOString(),
    updated_at: updated,
  });

  const old = (at: string) => now.getTime() - Date.parse(at) > 14 * DAY || r.chance(0.5);
  const notify = (userId: string, title: string, message: string, route: string, at: string) =>
    rows.notifications.push({ id: randomUUID(), user_id: userId, title, message, route, open: old(at), created_at: at });
  const created = c.created.toISOString();
  for (const p of [f, c.observer]) {
    notify(p.id, 'Observation initiated', `${c.hod.name} initiated a ${semesterOf(c.created)} teaching observation.`, ROUTES.detail(id), created);
    rows.emails.push({ id: randomUUID(), to: p.email, subject: 'A teaching observation has been initiated', body: `Dear ${p.name},\n\n${c.hod.name} initiated a teaching observation. Open Observa to follow it.`, template_type: 'InitiateObs', created_at: created, sent_at: created });
  }
  if (!reached('scheduling')) return;

  // Scheduling: the teaching plan is answered (at the scheduling stage only sometimes yet) and a slot agreed.
  const schedDone = c.stage !== 'scheduling';
  const slot = { day: f.slot.day, time: f.slot.time };
  rows.schedulingRequests.push({
    id: randomUUID(),
    observation_id: id,
    status: schedDone ? 'Completed' : 'Ongoing',
    time_slot_by_observer: schedDone ? [slot] : [],
    time_slots_by_faculty: schedDone || r.chance(0.5) ? [slot] : [],
    scheduled_on: schedDone ? iso('schedDone') : null,
    faculty_accepted: schedDone,
    observer_accepted: schedDone,
    created_at: iso('schedStart'),
    updated_at: schedDone ? iso('schedDone') : iso('plan'),
  });
  addPlan(rows, ctx.teaching, id, 'Teaching', schedDone || r.chance(0.6) ? { by: f.id, at: iso('plan') } : null, (_s, i) => TEACHING_ANSWERS[i % TEACHING_ANSWERS.length]);
  if (schedDone) notify(f.id, 'Observation scheduled', 'The informed observation has been scheduled.', ROUTES.informed(id), iso('schedDone'));
  if (!reached('informed')) return;

  addMeeting(rows, ctx.scoreRng, rubric, id, 'informed', c.stage === 'informed' ? 'partial' : 'locked', c.ability, iso('informedScored'), iso('informedLocked'));
  if (c.stage !== 'informed') notify(f.id, 'Informed rubric scores locked', 'The observer locked the informed rubric scores.', ROUTES.informed(id), iso('informedLocked'));
  if (!reached('uninformed')) return;

  addMeeting(rows, ctx.scoreRng, rubric, id, 'uninformed', c.stage === 'uninformed' ? 'partial' : 'locked', c.ability + (r.next() - 0.4) * 0.6, iso('unScored'), iso('unLocked'));
  if (c.stage !== 'uninformed') notify(f.id, 'Uninformed rubric scores locked', 'The observer locked the uninformed rubric scores.', ROUTES.uninformed(id), iso('unLocked'));
  if (!reached('post')) return;

  // Post-observation meeting: two offered slots and a room; the reflection plan; an artifact before the pick.
  const postId = randomUUID();
  const offered = [1, 2].map((k) => ({ id: randomUUID(), post_observation_id: postId, date_time: new Date(when('postCreate').getTime() + (3 + k) * DAY).toISOString() }));
  const picked = c.stage !== 'post';
  rows.posts.push({
    id: postId,
    observation_id: id,
    status: c.stage === 'completed' ? 'Completed' : picked ? 'Scheduled' : 'Ongoing',
    location: r.pick(ROOMS),
    scheduled_on: picked ? offered[0].date_time : null,
    time_slot_by_faculty: picked ? offered[0].id : null,
    created_at: iso('postCreate'),
    updated_at: picked ? iso(c.stage === 'completed' ? 'completed' : 'postScheduled') : iso('postCreate'),
  });
  rows.postSlots.push(...offered);
  const reflected = picked || r.chance(0.6);
  addPlan(rows, ctx.reflection, id, 'Reflection', reflected ? { by: f.id, at: iso('reflection') } : null, (s, i) =>
    /reflective/i.test(s.code) ? narrative(i + rows.observations.length) : SHORT_REFLECTIONS[i % SHORT_REFLECTIONS.length],
  );
  if (ctx.artifacts && (picked || r.chance(0.5))) {
    const artifactId = randomUUID();
    const key = `${randomUUID()}.pdf`;
    rows.artifacts.push({ id: artifactId, post_observation_id: postId, name: 'Lesson plan.pdf', type: 'pdf', file_url: artifactUrl(artifactId), storage_key: key, size: SAMPLE_PDF.length, uploaded_by: f.id, created_at: iso('reflection') });
    rows.files.push(key);
  }
  notify(f.id, 'Post-observation meeting offered', 'The observer offered times for the post-observation meeting.', ROUTES.post(id), iso('postCreate'));
  if (picked) notify(f.id, 'Post-observation meeting scheduled', 'The post-observation meeting is scheduled.', ROUTES.post(id), iso('postScheduled'));
  if (r.chance(0.4)) {
    const people = [c.observer.id, f.id, c.hod.id];
    const count = r.int(1, 4);
    for (let k = 0; k < count; k++) {
      rows.messages.push({ id: randomUUID(), observation_id: id, author_id: people[k % 3], body: r.pick(CHAT_LINES), created_at: new Date(when('postCreate').getTime() + k * 3_600_000).toISOString() });
    }
  }
  if (c.stage === 'completed') {
    for (const p of [f.id, c.hod.id]) notify(p, 'Observation completed', 'The observation cycle is complete.', ROUTES.detail(id), iso('completed'));
  }
}

function addPlan(rows: Rows, tpl: CycleContext['teaching'], observationId: string, type: 'Teaching' | 'Reflection', edited: { by: string; at: string } | null, answer: (s: TemplateStep, i: number) => string): void {
  const planId = randomUUID();
  rows.plans.push({ id: planId, observation_id: observationId, type, template_id: tpl.id, edited_by: edited?.by ?? null, edited_at: edited?.at ?? null });
  for (const [i, s] of tpl.steps.entries()) {
    // The step's texts are copied from its master step in SQL (index.ts), as copyMasterPlan copies them.
    rows.planSteps.push({ p: planId, t: s.id, r: edited ? answer(s, i) : null });
  }
}

/**
 * A meeting with both sides' scores on every item of the version and totals (locked), or only the observer's
 * first ten items (partial). `ability` is on SPEC's 0–4 and lands on the version's levels in proportion.
 */
function addMeeting(rows: Rows, r: Rng, rubric: ScoredVersion, observationId: string, kind: 'informed' | 'uninformed', how: 'partial' | 'locked', ability: number, scoredAt: string, lockedAt: string): void {
  const meetingId = randomUUID();
  const top = rubric.values.length - 1;
  const score = (base: number) => rubric.values[Math.max(0, Math.min(top, Math.round(((base + (r.next() - 0.5) * 2) * top) / 4)))];
  const totals: Record<'observer' | 'faculty', number | null> = { observer: null, faculty: null };
  for (const side of ['observer', 'faculty'] as const) {
    if (how === 'partial' && side === 'faculty') continue;
    const items = how === 'partial' ? rubric.itemIds.slice(0, 10) : rubric.itemIds;
    // Faculty members rate themselves a little higher than their observer does.
    const values = items.map(() => score(side === 'faculty' ? ability + 0.3 : ability));
    // One row per meeting side; index.ts expands it to one row per item of the version (rubric.itemIds order).
    rows.scores.push({ m: meetingId, s: side, v: values, rv: rubric.id, at: scoredAt });
    if (how === 'locked') totals[side] = sideTotal(values);
  }
  rows.meetings.push({
    id: meetingId,
    observation_id: observationId,
    kind,
    status: how === 'locked' ? 'Completed' : 'Ongoing',
    observer_score: totals.observer,
    faculty_score: totals.faculty,
    created_at: scoredAt,
    updated_at: how === 'locked' ? lockedAt : scoredAt,
  });
}
