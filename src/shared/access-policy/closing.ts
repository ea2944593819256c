/**
 * Who closes an observation's cycle (../closing.ts has the steps): the observed faculty member acknowledges and
 * responds; the head of the observation's department signs off.
 */
import type { Parties, Viewer } from './people.js';
import { isHodOf } from './people.js';

export function mayAcknowledge(u: Viewer, o: Pick<Parties, 'facultyId'>): boolean {
  return u.id === o.facultyId;
}

export function maySignOff(u: Viewer, o: Pick<Parties, 'departmentId' | 'hodId'>): boolean {
  return isHodOf(u, o);
}

/** A faculty member's dossier (every final report of a period): the faculty member, or the HOD of their department. */
export function mayDownloadDossier(u: Viewer, faculty: { id: string; departmentId: number | null }): boolean {
  if (u.id === faculty.id) return true;
  return u.role === 'Head_of_Department' && u.departmentId != null && u.departmentId === faculty.departmentId;
}
