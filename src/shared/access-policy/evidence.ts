/**
 * Who sees an observation's evidence notes, its meeting agenda and its audit trail.
 *
 *   full      the observer, the HOD of the observation's department and Super_Admin: every note, the agenda, the
 *             audit trail. Admin and Campus_Director read observations but not these: notes are the observer's
 *             working material (least data).
 *   faculty   the observation's faculty member: notes marked shared whose rubric is locked, the agenda once
 *             shared — never a score.
 *   none      everyone else, and everyone but its observer and faculty member in a formative observation
 *             (mode.ts).
 */
import type { Parties, Viewer } from './people.js';
import { isHodOf } from './people.js';
import { seesContent } from './mode.js';

export type NoteAudience = 'full' | 'faculty' | 'none';

export function noteAudience(u: Viewer, o: Parties): NoteAudience {
  if (!seesContent(u, o)) return 'none';
  if (u.id === o.observerId || u.role === 'Super_Admin' || isHodOf(u, o)) return 'full';
  if (u.id === o.facultyId) return 'faculty';
  return 'none';
}

/** A note the faculty member may see: shared by the observer, once the rubric it belongs to is locked. */
export function facultySeesNote(note: { shared: boolean }, rubricLocked: boolean): boolean {
  return note.shared && rubricLocked;
}

/** The agenda: the full audience always, the faculty member once it is shared. */
export function seesAgenda(u: Viewer, o: Parties, agenda: { shared: boolean }): boolean {
  const audience = noteAudience(u, o);
  return audience === 'full' || (audience === 'faculty' && agenda.shared);
}

/** The audit trail: the full audience only. */
export function seesAuditTrail(u: Viewer, o: Parties): boolean {
  return noteAudience(u, o) === 'full';
}
