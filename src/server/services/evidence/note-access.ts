/**
 * Who may see the evidence notes, the agenda and the audit trail of an observation (issue 16).
 *
 *   full        the observer, the HOD of the observation's department and Super_Admin: every note, the agenda,
 *               the audit trail. Admin and Campus_Director read observations but not these: the issue names the
 *               three roles, and notes are the observer's working material (least data).
 *   faculty     the observation's faculty member: notes marked shared whose rubric is locked, the agenda once
 *               shared — never a score.
 *   none        everyone else (403).
 */
import type { ObservationRow, Viewer } from '../observations/access.js';
import { isHodOf } from '../observations/access.js';

export type NoteAudience = 'full' | 'faculty' | 'none';

export function noteAudience(u: Viewer, o: Pick<ObservationRow, 'observerId' | 'facultyId' | 'departmentId' | 'hodId'>): NoteAudience {
  if (u.id === o.observerId || u.role === 'Super_Admin' || isHodOf(u, o)) return 'full';
  if (u.id === o.facultyId) return 'faculty';
  return 'none';
}
