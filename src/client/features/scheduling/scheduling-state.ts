/**
 * What the scheduling screen shows for a document and a side (SPEC §2 Scheduling, §4). Pure, so the
 * role-dependent buttons are tested without a browser.
 *
 *   not started ─► (observer) Select Course + Start Scheduling
 *   plan        ─► (faculty) teaching plan step form until it has editedBy; observer waits
 *   slots       ─► faculty offer slots + Update; observer picks slot + date + Update (disabled after faculty
 *                  accepted: 'Faculty Accepted Day and Slot'); Confirm: faculty once a date exists, observer once
 *                  faculty accepted; faculty wait with 'Observer not confirmed yet...'; Done when both accepted
 *   completed   ─► read-only summary
 */
import type { Observation } from '../../../shared/contract/observations.js';

export type SchedulingSide = 'observer' | 'faculty' | 'viewer';
export type SchedulingStage = 'notStarted' | 'plan' | 'slots' | 'completed';

export interface SchedulingView {
  stage: SchedulingStage;
  selectCourse: boolean;
  planForm: boolean;
  waitingForPlan: boolean;
  facultySlots: boolean;
  observerPick: boolean;
  observerUpdateDisabled: boolean;
  facultyAcceptedLabel: boolean;
  facultyConfirm: boolean;
  observerConfirm: boolean;
  observerNotConfirmed: boolean;
  done: boolean;
}

export function schedulingView(obs: Pick<Observation, 'obsRequest' | 'status'>, side: SchedulingSide): SchedulingView {
  const r = obs.obsRequest;
  const planEdited = !!r?.teachingPlan?.editedBy;
  const stage: SchedulingStage = !r ? 'notStarted' : r.status === 'Completed' ? 'completed' : planEdited ? 'slots' : 'plan';
  const open = stage === 'slots';
  const hasDate = !!r?.scheduledOn && (r?.timeSlotByObserver.length ?? 0) > 0;
  const fa = !!r?.facultyAccepted;
  const oa = !!r?.observerAccepted;
  return {
    stage,
    selectCourse: stage === 'notStarted' && side === 'observer' && obs.status !== 'Completed',
    planForm: stage === 'plan' && side === 'faculty',
    waitingForPlan: stage === 'plan' && side !== 'faculty',
    facultySlots: open && side === 'faculty',
    observerPick: open && side === 'observer',
    observerUpdateDisabled: fa,
    facultyAcceptedLabel: open && fa,
    facultyConfirm: open && side === 'faculty' && hasDate && !fa,
    observerConfirm: open && side === 'observer' && fa && !oa,
    observerNotConfirmed: open && side === 'faculty' && fa && !oa,
    done: open && side === 'observer' && fa && oa,
  };
}
