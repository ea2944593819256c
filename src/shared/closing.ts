/**
 * Closing the cycle: after the post-observation meeting is completed, the faculty member acknowledges the
 * observation (their typed full name and the time; acknowledging is not agreeing) and may write a response until
 * the response window closes; the HOD then signs off and the observation is final — read-only everywhere.
 *
 *   Completed ─► acknowledged (faculty) ─► response (faculty, optional, until the window closes)
 *             └──────────────────────────────► signed off (HOD) = final
 *
 * The HOD signs off once the faculty member has acknowledged and responded, or once the window has closed (with or
 * without an acknowledgement, so a cycle never stays open for want of one). One rule for the server (which
 * enforces it: services/observations/closing.ts) and the client (which offers only what it allows). Who acts is
 * in the access policy (access-policy/closing.ts).
 */
/** The institution's defaults (RESPONSE_WINDOW_DAYS, RESPONSE_REMINDER_DAYS: docs/operations/configuration.md). */
export const DEFAULT_RESPONSE_WINDOW_DAYS = 10;
export const DEFAULT_RESPONSE_REMINDER_DAYS = 2;

/** The observation's fields the rule reads (the document's `closing` plus its status). */
export interface ClosingState {
  status: string;
  acknowledgedAt: string | Date | null;
  respondedAt: string | Date | null;
  responseDueAt: string | Date | null;
  signedOffAt: string | Date | null;
}

export const CLOSING_MSG = {
  notCompleted: 'The post-observation meeting is not completed yet.',
  final: 'This observation is signed off and final: nothing in it can change.',
  alreadyAcknowledged: 'You have already acknowledged this observation.',
  fullName: 'fullName: type your full name exactly as it appears on your profile.',
  acknowledgeFirst: 'Acknowledge the observation before writing a response.',
  windowClosed: 'The response window has closed.',
  responseEmpty: 'response: write your response (or leave it out).',
  stillOpen: 'The faculty member can still acknowledge and respond until the response window closes.',
  alreadySignedOff: 'This observation is already signed off.',
  onlyFaculty: 'Only the observed faculty member acknowledges and responds.',
  onlyHod: 'Only the head of the observation\'s department signs off.',
} as const;

/** Acknowledging confirms having seen the results; the screen and the report say so in these words. */
export const ACKNOWLEDGE_WORDING =
  'By typing your name you confirm that you have received and read this observation. Acknowledging does not mean that you agree with it; you may add a written response.';

const time = (v: string | Date | null): number | null => (v == null ? null : new Date(v).getTime());

export function isFinal(s: Pick<ClosingState, 'signedOffAt'>): boolean {
  return s.signedOffAt != null;
}

/** The response window is open until its due time (set when the meeting was completed). */
export function windowOpen(s: Pick<ClosingState, 'responseDueAt'>, now: Date): boolean {
  const due = time(s.responseDueAt);
  return due == null || now.getTime() <= due;
}

/** Two names are the same name whatever their case and the spaces around and between words. */
export function sameName(typed: string, profile: string): boolean {
  const norm = (v: string) => v.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return norm(typed) !== '' && norm(typed) === norm(profile);
}

export function acknowledgeError(s: ClosingState, typedName: string, profileName: string): string | null {
  if (s.status !== 'Completed') return CLOSING_MSG.notCompleted;
  if (isFinal(s)) return CLOSING_MSG.final;
  if (s.acknowledgedAt != null) return CLOSING_MSG.alreadyAcknowledged;
  if (!sameName(typedName, profileName)) return CLOSING_MSG.fullName;
  return null;
}

export function respondError(s: ClosingState, response: string, now: Date): string | null {
  if (s.status !== 'Completed') return CLOSING_MSG.notCompleted;
  if (isFinal(s)) return CLOSING_MSG.final;
  if (s.acknowledgedAt == null) return CLOSING_MSG.acknowledgeFirst;
  if (!windowOpen(s, now)) return CLOSING_MSG.windowClosed;
  if (!response.trim()) return CLOSING_MSG.responseEmpty;
  return null;
}

export function signOffError(s: ClosingState, now: Date): string | null {
  if (s.status !== 'Completed') return CLOSING_MSG.notCompleted;
  if (isFinal(s)) return CLOSING_MSG.alreadySignedOff;
  const answered = s.acknowledgedAt != null && s.respondedAt != null;
  if (!answered && windowOpen(s, now)) return CLOSING_MSG.stillOpen;
  return null;
}
