/**
 * Who organises, takes part in and reads observer calibration (docs/adr/2026-11-28-calibration.md).
 *
 *   organise     a department's session: its Head of Department; an institution session: Super_Admin and Admin
 *   take part    observers: of the session's department, or any observer for an institution session
 *   blind        before the session closes a participant sees only their own scores and notes, never the others'
 *                scores nor the reference; the organiser sees the reference they wrote and how many submitted
 *   results      once closed: the organiser and the participants; other participants are named only when the
 *                organiser chose so (default anonymous)
 *   severity     an observer's live severity and drift: the HOD of the observer's department, Admin, Super_Admin;
 *                never faculty, never other observers (nor the observer themself)
 *   thresholds   a rubric version's certification thresholds: the version's editors (mayEditRubric)
 */
import type { Viewer } from './people.js';
import { mayEditRubric, type RubricScope } from './rubrics.js';

/** The fields of a session the policy reads: null department = an institution session. */
export interface CalibrationScope {
  departmentId: number | null;
  organiserId: string;
}

const isAdmin = (u: Viewer) => u.role === 'Super_Admin' || u.role === 'Admin';
const isHodOf = (u: Viewer, departmentId: number | null | undefined) =>
  u.role === 'Head_of_Department' && u.departmentId != null && u.departmentId === departmentId;

/** Create a session for this department (null: the institution). */
export function mayOrganiseCalibration(u: Viewer, departmentId: number | null): boolean {
  return departmentId == null ? isAdmin(u) : isHodOf(u, departmentId);
}

/** Manage and read a session as its organiser side (the organiser's role still holds for its department). */
export function managesCalibration(u: Viewer, s: CalibrationScope): boolean {
  return mayOrganiseCalibration(u, s.departmentId);
}

/** Whether `person` may be a participant of a session of this department (null: any observer). */
export function mayTakePartInCalibration(person: { role: string; departmentId?: number | null }, departmentId: number | null): boolean {
  return person.role === 'Observer' && (departmentId == null || person.departmentId === departmentId);
}

/** See the session at all: its organisers and its participants. */
export function maySeeCalibration(u: Viewer, s: CalibrationScope, isParticipant: boolean): boolean {
  return isParticipant || managesCalibration(u, s);
}

/** The reference (scores and rationale): the organisers always, participants once the session is closed. */
export function seesCalibrationReference(u: Viewer, s: CalibrationScope, closed: boolean): boolean {
  return managesCalibration(u, s) || closed;
}

/** Results exist only once the session is closed; before that every participant scores blind. */
export function seesCalibrationResults(u: Viewer, s: CalibrationScope, isParticipant: boolean, closed: boolean): boolean {
  return closed && maySeeCalibration(u, s, isParticipant);
}

/** Whether the results name the other participants (the reader's own row is always theirs). */
export function namesCalibrationParticipants(s: { namesParticipants: boolean }): boolean {
  return s.namesParticipants;
}

/** An observer's severity and drift from live observations. */
export function maySeeSeverity(u: Viewer, observer: { departmentId?: number | null }): boolean {
  return isAdmin(u) || isHodOf(u, observer.departmentId);
}

/** Who is due for calibration in a department: its HOD, Admin, Super_Admin. */
export function maySeeCalibrationDue(u: Viewer, departmentId: number): boolean {
  return isAdmin(u) || isHodOf(u, departmentId);
}

/** A rubric version's certification thresholds: its editors. */
export function maySetCalibrationThresholds(u: Viewer, rubric: RubricScope): boolean {
  return mayEditRubric(u, rubric);
}
