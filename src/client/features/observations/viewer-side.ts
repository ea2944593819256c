import type { Observation } from '../../../shared/contract/observations.js';

/** Which side of this observation the signed-in user is on; 'viewer' for HOD / admins (read-only). */
export type Side = 'observer' | 'faculty' | 'viewer';
export function sideOf(obs: Pick<Observation, 'observerId' | 'facultyId'>, userId: string | null | undefined): Side {
  if (userId && userId === obs.observerId) return 'observer';
  if (userId && userId === obs.facultyId) return 'faculty';
  return 'viewer';
}
