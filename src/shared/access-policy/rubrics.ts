/**
 * Who builds rubrics and who may use them (docs/adr/2026-11-28-rubric-versions.md). Super_Admin and Admin build the
 * institution's rubrics; a Head of Department builds their department's. An observation is scored on a rubric of
 * the institution or of the faculty member's department.
 */
import type { Viewer } from './people.js';

/** The fields of a rubric the policy reads: null department = institution-wide. */
export interface RubricScope {
  departmentId: number | null;
}

const isAdmin = (u: Viewer) => u.role === 'Super_Admin' || u.role === 'Admin';

/** Create, edit, publish, retire, delete (a draft) and copy versions of this rubric. */
export function mayEditRubric(u: Viewer, r: RubricScope): boolean {
  if (r.departmentId == null) return isAdmin(u);
  return u.role === 'Head_of_Department' && u.departmentId != null && u.departmentId === r.departmentId;
}

/** Whether an observation of a faculty member of `departmentId` may be scored on this rubric. */
export function rubricServesDepartment(r: RubricScope, departmentId: number | null): boolean {
  return r.departmentId == null || r.departmentId === departmentId;
}

/**
 * Read a rubric's published and retired versions: its editors, the all-seeing administrators, and the people of the
 * departments it serves (the institution's rubrics: everyone). Drafts: its editors only.
 */
export function mayReadRubric(u: Viewer, r: RubricScope): boolean {
  return mayEditRubric(u, r) || isAdmin(u) || u.role === 'Campus_Director' || rubricServesDepartment(r, u.departmentId ?? null);
}

/**
 * Which rubric versions a user's device replicates (docs/adr/2026-11-28-retired-rubric-versions.md): every version
 * of the rubrics they edit (drafts included: a builder works offline), the published versions they mayReadRubric,
 * and a retired version they may read only while something of theirs is on it (`inUse`: an observation they see, a
 * calibration session they take part in or organised), so a department's past versions do not fill every device.
 * Reading one over the API stays mayReadRubric's.
 */
export function replicatesRubricVersion(u: Viewer, r: RubricScope, status: 'draft' | 'published' | 'retired', inUse: boolean): boolean {
  if (mayEditRubric(u, r)) return true;
  if (status === 'draft' || !mayReadRubric(u, r)) return false;
  return status === 'published' || inUse;
}

/** Choose a department's default rubric: Super_Admin and Admin for any department, a HOD for their own. */
export function maySetDefaultRubric(u: Viewer, departmentId: number): boolean {
  return isAdmin(u) || (u.role === 'Head_of_Department' && u.departmentId === departmentId);
}
