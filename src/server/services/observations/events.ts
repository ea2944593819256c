/**
 * What a change tells people: an in-app notification with the route to open, and (for scheduling changes and
 * initiation) an email from the template of that type. Both are written in the change's transaction.
 */
import { eq, inArray } from 'drizzle-orm';
import type { EmailTemplateType } from '../../../shared/enums.js';
import type { Tx } from '../../db/client.js';
import { courses, observations, users } from '../../db/schema.js';
import { queueEmail } from '../mail/queue-email.js';
import { notify } from '../notify.js';
import type { ObservationRow } from './access.js';

export type Party = 'faculty' | 'observer' | 'hod';

export const ROUTES = {
  detail: (id: string) => `/observations/detail-observation/${id}`,
  scheduling: (id: string) => `/observations/observation-scheduling/${id}`,
  informed: (id: string) => `/observations/observation-rubric/${id}`,
  uninformed: (id: string) => `/observations/uninformed-observation-rubric/${id}`,
  post: (id: string) => `/observations/post-observation-meeting/${id}`,
} as const;

export interface Announcement {
  to: Party[];
  title: string;
  message: string;
  route: string;
  /**
   * What happened, e.g. `scheduling.facultySlots`: a recipient holds one notification per observation and event
   * (repeating it updates that one). Defaults to the title, which names the event in every call today.
   */
  event?: string;
  /** Email template to send as well (InitiateObs / UpdateObs), or none. */
  email?: EmailTemplateType;
}

/** What an announcement reads of the observation. */
export type AnnouncedObservation = Pick<ObservationRow, 'id' | 'facultyId' | 'observerId' | 'hodId' | 'semester'>;

function partyId(o: AnnouncedObservation, p: Party): string {
  return p === 'faculty' ? o.facultyId : p === 'observer' ? o.observerId : o.hodId;
}

/** "CSC-101 Programming I · Faculty Name · Fall": the observation as people name it (course once chosen). */
async function subjectOf(tx: Tx, o: AnnouncedObservation, facultyName: string | undefined): Promise<string> {
  // Read the course now: the caller's row may predate the change that set it (scheduling start).
  const [row] = await tx
    .select({ code: courses.courseCode, name: courses.name })
    .from(observations)
    .leftJoin(courses, eq(courses.id, observations.courseId))
    .where(eq(observations.id, o.id));
  const course = row?.code ? `${row.code} ${row.name ?? ''}`.trim() : null;
  return [course, facultyName, o.semester].filter(Boolean).join(' · ');
}

/**
 * Notifies (and emails) each party except the actor, naming the observation and the person who acted (`actorId`
 * null: the server itself, e.g. a reminder).
 */
export async function announce(tx: Tx, o: AnnouncedObservation, actorId: string | null, a: Announcement): Promise<void> {
  const ids = [...new Set(a.to.map((p) => partyId(o, p)))].filter((id) => id !== actorId);
  if (ids.length === 0) return;
  const people = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set([...ids, ...(actorId ? [actorId] : []), o.facultyId])]));
  const byId = new Map(people.map((p) => [p.id, p]));
  const actorName = actorId ? (byId.get(actorId)?.name ?? null) : null;
  const subject = await subjectOf(tx, o, byId.get(o.facultyId)?.name);
  for (const id of ids) {
    const person = byId.get(id);
    if (!person) continue;
    await notify(tx, { userId: person.id, title: a.title, message: a.message, route: a.route, observationId: o.id, event: a.event ?? a.title, actorName, subject });
    if (a.email) {
      await queueEmail(tx, {
        type: a.email,
        to: { name: person.name, email: person.email },
        vars: { title: a.title, message: a.message, route: a.route },
      });
    }
  }
}

/** The other side of a two-party step. */
export function otherSide(side: 'faculty' | 'observer'): Party {
  return side === 'faculty' ? 'observer' : 'faculty';
}
