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
import type { Tx } from '../../db/client.js';
import { tombstones } from '../../db/schema.js';
import type { ObservationRow, Viewer } from '../observations/access.js';
import { isHodOf } from '../observations/access.js';

export type NoteAudience = 'full' | 'faculty' | 'none';

export function noteAudience(u: Viewer, o: Pick<ObservationRow, 'observerId' | 'facultyId' | 'departmentId' | 'hodId'>): NoteAudience {
  if (u.id === o.observerId || u.role === 'Super_Admin' || isHodOf(u, o)) return 'full';
  if (u.id === o.facultyId) return 'faculty';
  return 'none';
}

/**
 * A note or an agenda left the faculty member's view (unshared after it was visible to them): their feed gets the
 * removal once — a tombstone addressed to them alone (sync/tombstones.ts). Rows they never saw are never in
 * their feed at all (sync/sources/evidence.ts).
 */
export async function leftFacultyView(tx: Tx, table: 'evidence_notes' | 'meeting_agendas', id: string, facultyId: string): Promise<void> {
  await tx.insert(tombstones).values({ entity: table, entityId: id, audience: facultyId });
}
