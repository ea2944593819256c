/**
 * An observer's calibration state on the due page, from GET /calibration/due: calibrated until a date, due (ending
 * within the server's 30 days), expired (the latest certification on the version has ended, and when), or never
 * calibrated on it. Whether a certification still holds is the server's answer (`calibrated`), never this clock's.
 */
import type { CalibrationDue } from '../../../shared/contract/calibration.js';

type DueObserver = CalibrationDue['observers'][number];
export type DueState = 'calibrated' | 'due' | 'expired' | 'never';

export function dueState(o: DueObserver): DueState {
  if (!o.calibrated) return o.certifiedUntil ? 'expired' : 'never';
  return o.due ? 'due' : 'calibrated';
}

export const dueDay = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

export function dueLabel(o: DueObserver): string {
  const state = dueState(o);
  if (state === 'expired') return `Expired on ${dueDay(o.certifiedUntil!)}`;
  return { calibrated: 'Calibrated', due: 'Due soon', never: 'Never calibrated' }[state];
}

export const DUE_COLOR: Record<DueState, string> = { calibrated: 'teal', due: 'yellow', expired: 'red', never: 'red' };
