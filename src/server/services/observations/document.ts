/**
 * The Observation document of SPEC §3, built for one viewer. GET /observation/{id}, GET /observations and the
 * sync pull all use `buildDocuments`, so the replica holds exactly what the REST API returns.
 *
 * Efficient for a page: a fixed number of queries per call (each `inArray` over the page), never per observation.
 * Faculty viewers never receive the observer's scores: per-item observerScore, observerScore, finalScore and
 * percentage (which would reveal it) are null for them.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { observationRowFields } from './row-fields.js';
import type { Meeting, Observation, ObservationPlan } from '../../../shared/contract/observations.js';
import type { Person } from '../../../shared/contract/user-projection.js';
import type { UserSlot } from '../../../shared/contract/users.js';
import { cycleLabel } from '../../../shared/cycle.js';
import { finalScore, percentage } from '../../../shared/rubric.js';
import type { Db, Tx } from '../../db/client.js';
import {
  artifacts,
  courses,
  meetings,
  observationPlans,
  observationPlanSteps,
  postObservations,
  postObservationSlots,
  rubricItems,
  rubricScores,
  schedulingRequests,
  slots,
  users,
} from '../../db/schema.js';
import type { ObservationRow, Viewer } from './access.js';

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

export async function buildDocuments(db: Db | Tx, viewer: Viewer, rows: ObservationRow[]): Promise<Observation[]> {
  if (rows.length === 0) return [];
  const obsIds = rows.map((r) => r.id);
  const personIds = uniq(rows.flatMap((r) => [r.facultyId, r.observerId, r.hodId]));
  const facultyIds = uniq(rows.map((r) => r.facultyId));
  const courseIds = uniq(rows.map((r) => r.courseId));

  const [people, courseRows, facultySlots, requests, plans, meetingRows, items, posts] = await Promise.all([
    db.select({ id: users.id, name: users.name, avatar: users.avatar }).from(users).where(inArray(users.id, personIds)),
    courseIds.length ? db.select({ id: courses.id, courseCode: courses.courseCode, name: courses.name }).from(courses).where(inArray(courses.id, courseIds)) : [],
    db
      .select({ slot: slots, course: { id: courses.id, courseCode: courses.courseCode, name: courses.name } })
      .from(slots)
      .innerJoin(courses, eq(courses.id, slots.courseId))
      .where(inArray(slots.facultyId, facultyIds))
      .orderBy(asc(courses.courseCode), asc(slots.sectionCode)),
    db.select().from(schedulingRequests).where(inArray(schedulingRequests.observationId, obsIds)),
    db.select().from(observationPlans).where(inArray(observationPlans.observationId, obsIds)),
    db.select().from(meetings).where(inArray(meetings.observationId, obsIds)),
    db.select().from(rubricItems).orderBy(asc(rubricItems.code), asc(rubricItems.position)),
    db.select().from(postObservations).where(inArray(postObservations.observationId, obsIds)),
  ]);
  const planIds = plans.map((p) => p.id);
  const meetingIds = meetingRows.map((m) => m.id);
  const postIds = posts.map((p) => p.id);
  const [steps, scores, postSlots, files] = await Promise.all([
    planIds.length ? db.select().from(observationPlanSteps).where(inArray(observationPlanSteps.planId, planIds)).orderBy(asc(observationPlanSteps.position)) : [],
    meetingIds.length ? db.select().from(rubricScores).where(inArray(rubricScores.meetingId, meetingIds)) : [],
    postIds.length ? db.select().from(postObservationSlots).where(inArray(postObservationSlots.postObservationId, postIds)).orderBy(asc(postObservationSlots.dateTime)) : [],
    postIds.length ? db.select().from(artifacts).where(inArray(artifacts.postObservationId, postIds)).orderBy(asc(artifacts.createdAt)) : [],
  ]);

  const personById = new Map(people.map((p) => [p.id, p]));
  const stepsByPlan = groupBy(steps, (s) => s.planId);
  const scoresByMeeting = groupBy(scores, (s) => s.meetingId);
  const slotsByPost = groupBy(postSlots, (s) => s.postObservationId);
  const filesByPost = groupBy(files, (f) => f.postObservationId);
  const planByKey = new Map(plans.map((p) => [`${p.observationId}:${p.type}`, p]));
  const meetingByKey = new Map(meetingRows.map((m) => [`${m.observationId}:${m.kind}`, m]));
  const requestByObs = new Map(requests.map((r) => [r.observationId, r]));
  const postByObs = new Map(posts.map((p) => [p.observationId, p]));
  const courseById = new Map(courseRows.map((c) => [c.id, c]));
  const slotsByFaculty = new Map<string, UserSlot[]>();
  for (const { slot, course } of facultySlots) {
    const list = slotsByFaculty.get(slot.facultyId!) ?? [];
    list.push({ id: slot.id, courseId: slot.courseId, course, sectionCode: slot.sectionCode, day: slot.day, time: slot.time, location: slot.location });
    slotsByFaculty.set(slot.facultyId!, list);
  }

  const planDoc = (obsId: string, type: string): ObservationPlan | null => {
    const p = planByKey.get(`${obsId}:${type}`);
    if (!p) return null;
    return {
      id: p.id,
      type: p.type,
      editedBy: p.editedBy,
      editedAt: iso(p.editedAt),
      steps: (stepsByPlan.get(p.id) ?? []).map((s) => ({ id: s.id, templatePlanId: s.templateStepId, key: s.key, code: s.code, name: s.name, field: s.field, response: s.response })),
    };
  };

  const isFaculty = (o: ObservationRow) => viewer.id === o.facultyId && viewer.role === 'Faculty';
  const meetingDoc = (o: ObservationRow, kind: string): Meeting | null => {
    const m = meetingByKey.get(`${o.id}:${kind}`);
    if (!m) return null;
    const hide = isFaculty(o);
    const mine = new Map((scoresByMeeting.get(m.id) ?? []).map((s) => [`${s.rubricItemId}:${s.side}`, s.score]));
    const score = (itemId: string, side: string) => mine.get(`${itemId}:${side}`) ?? null;
    return {
      id: m.id,
      status: m.status,
      observerScore: hide ? null : m.observerScore,
      facultyScore: m.facultyScore,
      finalScore: hide ? null : finalScore(m.observerScore, m.facultyScore),
      percentage: hide ? null : percentage(m.observerScore, m.facultyScore),
      rubrics: items.map((i) => ({
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

  return rows.map((o): Observation => {
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
            scheduledOn: iso(r.scheduledOn),
            reasons: r.reasons,
            facultyAccepted: r.facultyAccepted,
            observerAccepted: r.observerAccepted,
            teachingPlan: planDoc(o.id, 'Teaching'),
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
              scheduledOn: iso(post.scheduledOn),
              timeSlotsByObserver: (slotsByPost.get(post.id) ?? []).map((s) => ({ id: s.id, dateTime: s.dateTime.toISOString() })),
              timeSlotByFaculty: post.timeSlotByFaculty,
              artifacts: (filesByPost.get(post.id) ?? []).map((f) => ({ id: f.id, name: f.name, type: f.type, fileURL: artifactUrl(f.id) })),
              reflectionPlan: planDoc(o.id, 'Reflection'),
              observationsId: o.id,
            }
          : null,
      },
    };
  });
}
