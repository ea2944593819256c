/**
 * Who sees the observer's scores (SPEC §6, DESIGN "users never see fields they must not"): everyone who may see
 * the observation, except its faculty member — they never receive the observer's per-item scores, the observer's
 * total, the final score or the percentage. The server blanks them in every document it sends
 * (services/observations/document.ts); the client shows the agreement table only to those who see them.
 */
import type { Parties, Viewer } from './people.js';
import { isHodOf } from './people.js';
import { seesContent } from './mode.js';

/** Not the faculty member, and the content is theirs to read (a formative observation: its observer only). */
export function seesObserverScores(u: Viewer, o: Pick<Parties, 'facultyId' | 'observerId' | 'mode'>): boolean {
  return u.id !== o.facultyId && seesContent(u, o);
}

/**
 * The agreement table (both sides' scores item by item): the observer, the HOD of the department and Super_Admin
 * — the people who hold the post-observation meeting or oversee it. Never the faculty member.
 */
export function seesAgreement(u: Viewer, o: Parties): boolean {
  if (!seesObserverScores(u, o)) return false;
  return u.id === o.observerId || u.role === 'Super_Admin' || isHodOf(u, o);
}
