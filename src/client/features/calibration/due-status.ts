/**
 * An observer's calibration state on the due page, from GET /calibration/due: calibrated until a date, due (ending
 * within the server's 30 days), or not calibrated (never, or the certification has ended: the server keeps only
 * certifications still valid in this answer, so the two read alike).
 */
import type { CalibrationDue } from '../../../shared/contract/calibration.js';

export type DueState = 'calibrated' | 'due' | 'not-calibrated';

export function dueState(o: CalibrationDue['observers'][number]): DueState {
  if (!o.calibratedUntil) return 'not-calibrated';
  return o.due ? 'due' : 'calibrated';
}

export const DUE_LABEL: Record<DueState, string> = {
  calibrated: 'Calibrated',
  due: 'Due soon',
  'not-calibrated': 'Not calibrated',
};

export const DUE_COLOR: Record<DueState, string> = { calibrated: 'teal', due: 'yellow', 'not-calibrated': 'red' };
