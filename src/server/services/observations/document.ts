/**
 * The Observation document of SPEC §3, built for one viewer. GET /observation/{id}, GET /observations and the
 * sync pull all use `buildDocuments`, so the replica holds exactly what the REST API returns.
 *
 * Efficient for a page: one statement per call (fetchParts: each part an array over the page), never per observation.
 * Faculty viewers never receive the observer's scores: per-item observerScore, observerScore, finalScore and
 * percentage (which would reveal it) are null for them. Who may not read a formative observation's content
 * (access-policy/mode.ts) gets where it stands only: no plans, scores, artifacts, response or goals.
 */
import { sql } from 'drizzle-orm';
import { observationRowFields } from './row-fields.js';
import type { Meeting, Observation, ObservationPlan } from '../../../shared/contract/observations.js';
import type { Person } from '../../../shared/contract/user-projection.js';
import type { UserSlot } from '../../../shared/contract/users.js';
import { cycleLabel } from '../../../shared/cycle.js';
import { finalScore, percentage, versionMaximum } from '../../../shared/rubric.js';
import type { Db, Tx } from '../../db/client.js';
import { parseJson } from '../../db/results.js';
import type { ObservationRow, Viewer } from './access.js';
import { seesCarriedGoal, seesContent, seesObserverScores } from '../../../shared/access-policy/index.js';
import type { CarriedGoal, GoalReview } from '../../../shared/contract/growth-goals.js';
import { carriesInto, type GoalReviewStatus } from '../../../shared/growth-goals.js';
import { goalDocument } from './growth-goals.js';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const uniq = <T>(xs: (T | null | undefined)[]) => [...new Set(xs.filter((x): x is T => x != null))];
function groupBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const x of xs) {
    const k = key(x);
    const list = m.get(k);
    if (list) list.push(x);
    else m.set(k, [x]);
  }
  return m;
}

export function artifactUrl(id: string): string {
  return `/api/artifacts/${id}/file`;
}

/** A uuid[] literal for the statement's array parameters (the ids come from database rows: uuids, no quoting). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
const toDate = (v: string | null): Date | null => (v == null ? null : new Date(v));

/** What the document statement's json holds, per part (camelCase keys; timestamps as text until toDate). */
interface Parts {
  people: { id: string; name: string; avatar: string | null }[];
  courses: { id: string; courseCode: string; name: string }[];
  facultySlots: { id: string; courseId: string; facultyId: string; sectionCode: string; day: string; time: string; location: string; course: { id: string; courseCode: string; name: string } }[];
  requests: { id: string; observationId: string; status: string; timeSlotByObserver: { day: string; time: string }[]; timeSlotsByFaculty: { day: string; time: string }[]; scheduledOn: string | null; reasons: string | null; facultyAccepted: boolean; observerAccepted: boolean }[];
  plans: { id: string; observationId: string; type: string; editedBy: string | null; editedAt: string | null; steps: Step[] }[];
  meetings: { id: string; observationId: string; kind: string; status: string; observerScore: number | null; facultyScore: number | null; scores: Score[] }[];
  items: { id: string; versionId: string; code: string; title: string }[];
  versions: { id: string; scale: { value: number; label: string }[] }[];
  posts: { id: string; observationId: string; status: string; location: string | null; scheduledOn: string | null; timeSlotByFaculty: string | null; slots: { id: string; dateTime: string }[]; files: { id: string; name: string; type: string }[] }[];
  goals: GoalPart[];
}
type Step = { id: string; templateStepId: string | null; key: string; code: string; name: string; field: string; response: string | null };
type Score = { rubricItemId: string; side: string; score: number };
type ReviewPart = { observationId: string; status: GoalReviewStatus; note: string; reviewedAt: string; reviewedBy: string | null };

/** A goal of one of the page's faculty members, with the observation that agreed it. */
interface GoalPart {
  id: string;
  observationId: string;
  facultyId: string;
  rubricItemIds: string[];
  goal: string;
  actions: string;
  targetDate: string;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  agreedMode: string;
  agreedSemester: string;
  agreedEnding: string | null;
  agreedObsCreatedAt: string;
  reviews: ReviewPart[];
}

/** The statement's values: arrays of ids as PostgreSQL array literals, cast to uuid[] in the text. */
const P = { obs: sql.placeholder('obs'), people: sql.placeholder('people'), courses: sql.placeholder('courses'), faculty: sql.placeholder('faculty'), versions: sql.placeholder('versions') };

/**
 * Every part of the documents of the given observations in ONE statement, each part a json array (the text is the
 * same for any number of ids), prepared once per connection or transaction object through Drizzle's public
 * `prepare` (named, so PostgreSQL parses and plans it once per connection: planning it costs several times running
 * it — docs/performance.md, server-reads). A part that belongs to another part (a plan's steps, a meeting's scores,
 * a post-observation's slots and files, a goal's reviews) is read inside its parent by the parent's id: an index
 * lookup per parent, and nothing at all for an observation that has no such parent yet.
 */
function partsStatement(db: Db | Tx) {
  return db
    .select({ parts: sql<Record<string, unknown>>`to_json(parts)` })
    .from(sql`(${PARTS_SQL}) as parts`)
    .prepare('observation_document_parts');
}
const PARTS_SQL = sql`select
    (select coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'avatar', u.avatar)), '[]'::json)
       from users u where u.id = any(${P.people}::uuid[])) as people,
    (select coalesce(json_agg(json_build_object('id', c.id, 'courseCode', c.course_code, 'name', c.name)), '[]'::json)
       from courses c where c.id = any(${P.courses}::uuid[])) as courses,
    (select coalesce(json_agg(json_build_object('id', s.id, 'courseId', s.course_id, 'facultyId', s.faculty_id,
              'sectionCode', s.section_code, 'day', s.day, 'time', s.time, 'location', s.location,
              'course', json_build_object('id', c.id, 'courseCode', c.course_code, 'name', c.name))
            order by c.course_code, s.section_code), '[]'::json)
       from slots s join courses c on c.id = s.course_id where s.faculty_id = any(${P.faculty}::uuid[])) as faculty_slots,
    (select coalesce(json_agg(json_build_object('id', r.id, 'observationId', r.observation_id, 'status', r.status,
              'timeSlotByObserver', r.time_slot_by_observer, 'timeSlotsByFaculty', r.time_slots_by_faculty,
              'scheduledOn', r.scheduled_on, 'reasons', r.reasons, 'facultyAccepted', r.faculty_accepted,
              'observerAccepted', r.observer_accepted)), '[]'::json)
       from scheduling_requests r where r.observation_id = any(${P.obs}::uuid[])) as requests,
    (select coalesce(json_agg(json_build_object('id', p.id, 'observationId', p.observation_id, 'type', p.type,
              'editedBy', p.edited_by, 'editedAt', p.edited_at,
              'steps', (select coalesce(json_agg(json_build_object('id', st.id, 'templateStepId', st.template_step_id,
                          'key', st.key, 'code', st.code, 'name', st.name, 'field', st.field, 'response', st.response)
                        order by st.position), '[]'::json)
                 from observation_plan_steps st where st.plan_id = p.id))), '[]'::json)
       from observation_plans p where p.observation_id = any(${P.obs}::uuid[])) as plans,
    (select coalesce(json_agg(json_build_object('id', m.id, 'observationId', m.observation_id, 'kind', m.kind,
              'status', m.status, 'observerScore', m.observer_score, 'facultyScore', m.faculty_score,
              'scores', (select coalesce(json_agg(json_build_object('rubricItemId', sc.rubric_item_id, 'side', sc.side, 'score', sc.score)), '[]'::json)
                 from rubric_scores sc where sc.meeting_id = m.id))), '[]'::json)
       from meetings m where m.observation_id = any(${P.obs}::uuid[])) as meetings,
    (select coalesce(json_agg(json_build_object('id', i.id, 'versionId', i.rubric_version_id, 'code', i.code, 'title', i.title)
            order by i.group_position, i.position), '[]'::json)
       from rubric_items i where i.rubric_version_id = any(${P.versions}::uuid[])) as items,
    (select coalesce(json_agg(json_build_object('id', v.id, 'scale', v.scale)), '[]'::json)
       from rubric_versions v where v.id = any(${P.versions}::uuid[])) as versions,
    (select coalesce(json_agg(json_build_object('id', po.id, 'observationId', po.observation_id, 'status', po.status,
              'location', po.location, 'scheduledOn', po.scheduled_on, 'timeSlotByFaculty', po.time_slot_by_faculty,
              'slots', (select coalesce(json_agg(json_build_object('id', ps.id, 'dateTime', ps.date_time) order by ps.date_time), '[]'::json)
                 from post_observation_slots ps where ps.post_observation_id = po.id),
              'files', (select coalesce(json_agg(json_build_object('id', a.id, 'name', a.name, 'type', a.type) order by a.created_at), '[]'::json)
                 from artifacts a where a.post_observation_id = po.id))), '[]'::json)
       from post_observations po where po.observation_id = any(${P.obs}::uuid[])) as posts,
    (select coalesce(json_agg(json_build_object('id', g.id, 'observationId', g.observation_id, 'facultyId', g.faculty_id,
              'rubricItemIds', g.rubric_item_ids, 'goal', g.goal, 'actions', g.actions, 'targetDate', g.target_date,
              'createdBy', g.created_by, 'createdAt', g.created_at, 'updatedAt', g.updated_at, 'agreedMode', go.mode,
              'agreedSemester', go.semester, 'agreedEnding', go.ending, 'agreedObsCreatedAt', go.created_at,
              'reviews', (select coalesce(json_agg(json_build_object('observationId', gr.observation_id, 'status', gr.status,
                            'note', gr.note, 'reviewedAt', gr.reviewed_at, 'reviewedBy', gr.reviewed_by) order by gr.reviewed_at), '[]'::json)
                 from growth_goal_reviews gr where gr.goal_id = g.id))
            order by g.created_at, g.id), '[]'::json)
       from growth_goals g join observations go on go.id = g.observation_id
       where g.faculty_id = any(${P.faculty}::uuid[])) as goals`;
const preparedParts = new WeakMap<object, ReturnType<typeof partsStatement>>();

async function fetchParts(db: Db | Tx, ids: { obs: string[]; people: string[]; faculty: string[]; courses: string[]; versions: string[] }): Promise<Parts> {
  let statement = preparedParts.get(db);
  if (!statement) preparedParts.set(db, (statement = partsStatement(db)));
  const [result] = await statement.execute({ obs: uuidArray(ids.obs), people: uuidArray(ids.people), courses: uuidArray(ids.courses), faculty: uuidArray(ids.faculty), versions: uuidArray(ids.versions) });
  const row = parseJson<Record<string, unknown>>(result?.parts) ?? {};
  const part = <T>(name: string) => parseJson<T[]>(row[name]) ?? [];
  return {
    people: part('people'),
    courses: part('courses'),
    facultySlots: part('faculty_slots'),
    requests: part('requests'),
    plans: part('plans'),
    meetings: part('meetings'),
    items: part('items'),
    versions: part('versions'),
    posts: part('posts'),
    goals: part('goals'),
  };
}

export async function buildDocuments(db: Db | Tx, viewer: Viewer, rows: ObservationRow[]): Promise<Observation[]> {
  if (rows.length === 0) return [];
  // The rows already name their rubric versions: the version's items and scale are looked up by those ids (an
  // index lookup) rather than found again through the observations.
  const { people, courses: courseRows, facultySlots, requests, plans, meetings: meetingRows, items, versions, posts, goals } = await fetchParts(db, {
    obs: rows.map((r) => r.id),
    people: uniq(rows.flatMap((r) => [r.facultyId, r.observerId, r.hodId, ...(r.signedOffBy ? [r.signedOffBy] : [])])),
    faculty: uniq(rows.map((r) => r.facultyId)),
    courses: uniq(rows.map((r) => r.courseId)),
    versions: uniq(rows.map((r) => r.rubricVersionId)),
  });

  const personById = new Map(people.map((p) => [p.id, p]));
  const goalsByFaculty = groupBy(goals, (g) => g.facultyId);
  const itemsByVersion = groupBy(items, (i) => i.versionId);
  // A side's maximum per version (items × top level value; SPEC: 80): the percentage's denominator.
  const maximumOf = new Map(versions.map((v) => [v.id, versionMaximum(itemsByVersion.get(v.id)?.length ?? 0, v.scale)]));
  const planByKey = new Map(plans.map((p) => [`${p.observationId}:${p.type}`, p]));
  const meetingByKey = new Map(meetingRows.map((m) => [`${m.observationId}:${m.kind}`, m]));
  const requestByObs = new Map(requests.map((r) => [r.observationId, r]));
  const postByObs = new Map(posts.map((p) => [p.observationId, p]));
  const courseById = new Map(courseRows.map((c) => [c.id, c]));
  const slotsByFaculty = new Map<string, UserSlot[]>();
  for (const slot of facultySlots) {
    const list = slotsByFaculty.get(slot.facultyId) ?? [];
    list.push({ id: slot.id, courseId: slot.courseId, course: slot.course, sectionCode: slot.sectionCode, day: slot.day, time: slot.time, location: slot.location });
    slotsByFaculty.set(slot.facultyId, list);
  }

  const planDoc = (obsId: string, type: string): ObservationPlan | null => {
    const p = planByKey.get(`${obsId}:${type}`);
    if (!p) return null;
    return {
      id: p.id,
      type: p.type,
      editedBy: p.editedBy,
      editedAt: iso(toDate(p.editedAt)),
      steps: p.steps.map((s) => ({ id: s.id, templatePlanId: s.templateStepId, key: s.key, code: s.code, name: s.name, field: s.field, response: s.response })),
    };
  };

  const meetingDoc = (o: ObservationRow, kind: string): Meeting | null => {
    const m = meetingByKey.get(`${o.id}:${kind}`);
    if (!m) return null;
    const hide = !seesObserverScores(viewer, o);
    // A formative observation's scores are its faculty member's and observer's (access-policy/mode.ts).
    const hideAll = !seesContent(viewer, o);
    const mine = new Map(hideAll ? [] : m.scores.map((s) => [`${s.rubricItemId}:${s.side}`, s.score]));
    const score = (itemId: string, side: string) => mine.get(`${itemId}:${side}`) ?? null;
    return {
      id: m.id,
      status: m.status,
      observerScore: hide ? null : m.observerScore,
      facultyScore: hideAll ? null : m.facultyScore,
      finalScore: hide ? null : finalScore(m.observerScore, m.facultyScore),
      percentage: hide ? null : percentage(m.observerScore, m.facultyScore, maximumOf.get(o.rubricVersionId)),
      maximum: maximumOf.get(o.rubricVersionId) ?? 0,
      rubrics: (itemsByVersion.get(o.rubricVersionId) ?? []).map((i) => ({
        id: i.id,
        code: i.code,
        title: i.title,
        facultyScore: score(i.id, 'faculty'),
        observerScore: hide ? null : score(i.id, 'observer'),
      })),
      observationsId: o.id,
    };
  };

  // Participants as a Person (shared/contract/user-projection.ts): name and avatar, nothing personal.
  const person = (id: string): Person => {
    const p = personById.get(id);
    return { id, name: p?.name ?? '', avatar: p?.avatar ?? null };
  };

  const reviewDoc = (r: ReviewPart): GoalReview => ({ status: r.status, note: r.note, reviewedAt: new Date(r.reviewedAt).toISOString(), reviewedBy: r.reviewedBy });
  const goalsOf = (o: ObservationRow) => {
    if (!seesContent(viewer, o)) return { goals: [], carriedGoals: [] };
    const mine = goalsByFaculty.get(o.facultyId) ?? [];
    const carriedGoals: CarriedGoal[] = mine
      .filter((g) => g.observationId !== o.id && new Date(g.agreedObsCreatedAt) < o.createdAt && seesCarriedGoal(viewer, o, g.agreedMode))
      .filter((g) => carriesInto(g.reviews, o.id))
      .map((g) => {
        const here = g.reviews.find((r) => r.observationId === o.id);
        const earlier = g.reviews.filter((r) => r.observationId !== o.id).at(-1);
        return {
          ...goalDocument(g),
          agreedIn: { semester: g.agreedSemester, ending: g.agreedEnding ? new Date(g.agreedEnding).toISOString() : null },
          review: here ? reviewDoc(here) : null,
          earlierReview: earlier ? reviewDoc(earlier) : null,
        };
      });
    return { goals: mine.filter((g) => g.observationId === o.id).map(goalDocument), carriedGoals };
  };

  return rows.map((o): Observation => {
    const content = seesContent(viewer, o);
    const r = requestByObs.get(o.id);
    const post = postByObs.get(o.id);
    const informed = meetingDoc(o, 'informed');
    const uninformed = meetingDoc(o, 'uninformed');
    const course = o.courseId ? (courseById.get(o.courseId) ?? null) : null;
    return {
      id: o.id,
      ...observationRowFields(o),
      course,
      faculty: { ...person(o.facultyId), courseSlots: slotsByFaculty.get(o.facultyId) ?? [] },
      observer: person(o.observerId),
      hod: person(o.hodId),
      cycleLabel: cycleLabel({ obsRequest: r?.status, informed: informed?.status, uninformed: uninformed?.status, post: post?.status }),
      obsRequest: r
        ? {
            id: r.id,
            status: r.status,
            timeSlotByObserver: r.timeSlotByObserver,
            timeSlotsByFaculty: r.timeSlotsByFaculty,
            scheduledOn: iso(toDate(r.scheduledOn)),
            reasons: r.reasons,
            facultyAccepted: r.facultyAccepted,
            observerAccepted: r.observerAccepted,
            teachingPlan: content ? planDoc(o.id, 'Teaching') : null,
          }
        : null,
      meetings: {
        informedObservation: informed,
        uninformedObservation: uninformed,
        postObservation: post
          ? {
              id: post.id,
              status: post.status,
              location: post.location,
              scheduledOn: iso(toDate(post.scheduledOn)),
              timeSlotsByObserver: post.slots.map((s) => ({ id: s.id, dateTime: new Date(s.dateTime).toISOString() })),
              timeSlotByFaculty: post.timeSlotByFaculty,
              artifacts: content ? post.files.map((f) => ({ id: f.id, name: f.name, type: f.type, fileURL: artifactUrl(f.id) })) : [],
              reflectionPlan: content ? planDoc(o.id, 'Reflection') : null,
              observationsId: o.id,
            }
          : null,
      },
      closing: closingDoc(o, person, content),
      ...goalsOf(o),
      rubricVersionId: o.rubricVersionId,
    };
  });
}

/** The closing steps once the cycle is completed (src/shared/closing.ts); null before. */
function closingDoc(o: ObservationRow, person: (id: string) => Person, content: boolean): Observation['closing'] {
  if (o.status !== 'Completed') return null;
  return {
    responseDueAt: iso(o.responseDueAt),
    acknowledgedAt: iso(o.acknowledgedAt),
    acknowledgedName: o.acknowledgedName,
    response: content ? o.response : null,
    respondedAt: iso(o.respondedAt),
    signedOffAt: iso(o.signedOffAt),
    signedOffBy: o.signedOffBy ? person(o.signedOffBy) : null,
  };
}
