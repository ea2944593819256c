/**
 * What a change tells people: an in-app notification with the route to open, and (for scheduling changes and
 * initiation) an email from the template of that type. Both are written in the change's transaction.
 */
import { inArray } from 'drizzle-orm';
import type { EmailTemplateType } from '../../../shared/enums.js';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';
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
  /** Email template to send as well (InitiateObs / UpdateObs), or none. */
  email?: EmailTemplateType;
}

function partyId(o: ObservationRow, p: Party): string {
  return p === 'faculty' ? o.facultyId : p === 'observer' ? o.observerId : o.hodId;
}

/** Notifies (and emails) each party except the actor. */
export async function announce(tx: Tx, o: ObservationRow, actorId: string, a: Announcement): Promise<void> {
  const ids = [...new Set(a.to.map((p) => partyId(o, p)))].filter((id) => id !== actorId);
  if (ids.length === 0) return;
  const people = await tx.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids));
  for (const person of people) {
    await notify(tx, { userId: person.id, title: a.title, message: a.message, route: a.route });
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
