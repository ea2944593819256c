/**
 * The summary grain of an observation (shared/contract/observation-summary.ts): who, which course, where in
 * the cycle — a few hundred bytes, built from the observation row plus four small lookups for a whole page.
 * Every field has the same value the full document (document.ts) gives it. No scores: a summary never carries
 * any, so a faculty viewer cannot learn the observer's score from one.
 */
import { inArray } from 'drizzle-orm';
import type { ObservationSummary } from '../../../shared/contract/observation-summary.js';
import type { Person } from '../../../shared/contract/user-projection.js';
import { cycleLabel } from '../../../shared/cycle.js';
import type { Db, Tx } from '../../db/client.js';
import { courses, meetings, postObservations, schedulingRequests, users } from '../../db/schema.js';
import type { ObservationRow } from '../scope/index.js';
import { observationRowFields } from './row-fields.js';

const uniq = <T>(xs: (T | null | undefined)[]) => [...new Set(xs.filter((x): x is T => x != null))];

export async function buildSummaries(db: Db | Tx, rows: ObservationRow[]): Promise<ObservationSummary[]> {
  if (rows.length === 0) return [];
  const obsIds = rows.map((r) => r.id);
  const personIds = uniq(rows.flatMap((r) => [r.facultyId, r.observerId, r.hodId]));
  const courseIds = uniq(rows.map((r) => r.courseId));
  const [people, courseRows, requests, meetingRows, posts] = await Promise.all([
    db.select({ id: users.id, name: users.name, avatar: users.avatar }).from(users).where(inArray(users.id, personIds)),
    courseIds.length ? db.select({ id: courses.id, courseCode: courses.courseCode, name: courses.name }).from(courses).where(inArray(courses.id, courseIds)) : [],
    db.select({ o: schedulingRequests.observationId, status: schedulingRequests.status }).from(schedulingRequests).where(inArray(schedulingRequests.observationId, obsIds)),
    db.select({ o: meetings.observationId, kind: meetings.kind, status: meetings.status }).from(meetings).where(inArray(meetings.observationId, obsIds)),
    db.select({ o: postObservations.observationId, status: postObservations.status }).from(postObservations).where(inArray(postObservations.observationId, obsIds)),
  ]);
  const personById = new Map(people.map((p) => [p.id, p]));
  const courseById = new Map(courseRows.map((c) => [c.id, c]));
  const requestOf = new Map(requests.map((r) => [r.o, r.status]));
  const meetingOf = new Map(meetingRows.map((m) => [`${m.o}:${m.kind}`, m.status]));
  const postOf = new Map(posts.map((p) => [p.o, p.status]));
  const person = (id: string): Person => {
    const p = personById.get(id);
    return { id, name: p?.name ?? '', avatar: p?.avatar ?? null };
  };
  return rows.map((o) => ({
    id: o.id,
    grain: 'summary',
    ...observationRowFields(o),
    course: o.courseId ? (courseById.get(o.courseId) ?? null) : null,
    faculty: person(o.facultyId),
    observer: person(o.observerId),
    hod: person(o.hodId),
    cycleLabel: cycleLabel({
      obsRequest: requestOf.get(o.id),
      informed: meetingOf.get(`${o.id}:informed`),
      uninformed: meetingOf.get(`${o.id}:uninformed`),
      post: postOf.get(o.id),
    }),
  }));
}
