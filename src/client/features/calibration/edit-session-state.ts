/**
 * The organiser's edit of an open session (docs/adr/2026-11-28-calibration.md): the form's values from the session,
 * its own checks by field, and the request body with only what changed (PUT /calibration/sessions/{id}).
 */
import type { CalibrationSession, CalibrationSessionEdit } from '../../../shared/contract/calibration.js';

export interface EditValues {
  title: string;
  /** Local date and time, YYYY-MM-DDTHH:mm (the datetime-local input). */
  deadline: string;
  participantIds: string[];
}

export type EditErrors = Partial<Record<keyof EditValues, string>>;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the datetime-local input shows it (the device's local time, to the minute). */
export function localDateTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function editValues(s: CalibrationSession): EditValues {
  return { title: s.title, deadline: localDateTime(s.deadline), participantIds: (s.roster ?? []).map((p) => p.userId) };
}

/** The checks the form makes itself (the server checks the rest and names the field in its refusal). */
export function editErrors(v: EditValues, now: Date): EditErrors {
  const e: EditErrors = {};
  if (!v.title.trim()) e.title = 'Title: must not be empty';
  const deadline = v.deadline ? new Date(v.deadline) : null;
  if (!deadline || Number.isNaN(deadline.getTime())) e.deadline = 'Deadline: choose a date and time';
  else if (deadline.getTime() <= now.getTime()) e.deadline = 'Deadline: must be in the future';
  if (v.participantIds.length === 0) e.participantIds = 'Observers: choose at least one observer';
  return e;
}

/** Only the fields that changed: an untouched deadline is not re-sent (it may have been set to the second). */
export function editBody(s: CalibrationSession, v: EditValues): CalibrationSessionEdit {
  const body: CalibrationSessionEdit = {};
  if (v.title.trim() !== s.title) body.title = v.title.trim();
  if (v.deadline !== localDateTime(s.deadline)) body.deadline = new Date(v.deadline).toISOString();
  const before = (s.roster ?? []).map((p) => p.userId).sort();
  const after = [...v.participantIds].sort();
  if (before.join() !== after.join()) body.participantIds = v.participantIds;
  return body;
}
