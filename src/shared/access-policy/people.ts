/**
 * Who takes part in an observation, and who may see it (SPEC §6). The server's reads, the sync feed and the
 * client all decide with these functions. The lists and the feed also need the same rule as a SQL filter
 * (src/server/services/scope/observations.ts `observationRule`): tests/server/scope.test.ts checks that the two
 * agree for every role.
 */
import type { Role } from '../enums.js';
import { can } from '../permissions.js';

/** The signed-in user, as far as the policy reads it. */
export interface Viewer {
  id: string;
  role: Role | string;
  departmentId?: number | null;
}

/** The fields of an observation the policy reads. */
export interface Parties {
  observerId: string;
  facultyId: string;
  departmentId: number | null;
  hodId: string;
  /** 'summative' | 'formative' (../observation-mode.ts), fixed at initiation. */
  mode: string;
}

/** The Head of Department of the observation's department, or the HOD who initiated it. */
export function isHodOf(u: Viewer, o: Pick<Parties, 'departmentId' | 'hodId'>): boolean {
  if (u.role !== 'Head_of_Department') return false;
  return u.id === o.hodId || (u.departmentId != null && u.departmentId === o.departmentId);
}

/** Observer, faculty member or its HOD: the people of the cycle (they follow it, chat in it and act on it). */
export function takesPart(u: Viewer, o: Parties): boolean {
  return u.id === o.observerId || u.id === o.facultyId || isHodOf(u, o);
}

/** Super_Admin, Admin and Campus_Director read every observation; everyone else the ones they take part in. */
export function canSeeObservation(u: Viewer, o: Parties): boolean {
  return can(u.role as Role, 'observation.readAll') || takesPart(u, o);
}

export type Side = 'observer' | 'faculty';

/** The side a user scores in this observation, or null (only its observer and its faculty member score). */
export function scoringSide(u: Viewer, o: Pick<Parties, 'observerId' | 'facultyId'>): Side | null {
  if (u.id === o.observerId) return 'observer';
  if (u.id === o.facultyId) return 'faculty';
  return null;
}
