/**
 * Who agrees and reviews growth goals (../growth-goals.ts): the observation's observer and faculty member, the
 * two people of the meeting. Who sees a department's goals by rubric item: who sees its analytics — its HOD,
 * Super_Admin, Admin, Campus_Director — counts of summative observations only (a formative observation's goals
 * are its faculty member's: mode.ts).
 */
import type { Parties, Viewer } from './people.js';
import { seesContent } from './mode.js';

export function mayAgreeGoals(u: Viewer, o: Pick<Parties, 'observerId' | 'facultyId'>): boolean {
  return u.id === o.observerId || u.id === o.facultyId;
}

export function seesDepartmentGoals(u: Viewer, departmentId: number): boolean {
  if (u.role === 'Super_Admin' || u.role === 'Admin' || u.role === 'Campus_Director') return true;
  return u.role === 'Head_of_Department' && u.departmentId === departmentId;
}

/**
 * A goal agreed in an earlier cycle, shown in a later observation: to who reads that observation's content; a goal
 * of a formative cycle only to the faculty member and the observer working with them now, never to the HOD.
 */
export function seesCarriedGoal(u: Viewer, o: Pick<Parties, 'mode' | 'facultyId' | 'observerId'>, agreedMode: string): boolean {
  if (!seesContent(u, o)) return false;
  return agreedMode !== 'formative' || u.id === o.facultyId || u.id === o.observerId;
}
