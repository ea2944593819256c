/**
 * Form rules of SPEC §5 as pure functions returning the first failing message (or null). The client calls
 * them for instant feedback; the server calls the same functions and answers 400 with the message.
 */
import { PASSWORD_MIN_LENGTH, TEXT_MAX } from './constants.js';
import { MSG } from './messages.js';

/**
 * Characters that never appear in a single plain addr-spec: list separators (`,` `;`), quotes, display-name
 * brackets, comments and quoted-pair backslashes; whitespace and control characters are refused as well. Checked
 * one character at a time: nothing in the email check is a pattern (the old
 * `[^\s@]+@[^\s@]+\.[^\s@]+` backtracked quadratically on a long crafted address and stalled the server).
 */
const EMAIL_FORBIDDEN = new Set([...',;:"\'`<>()[]\\']);
const hasForbiddenEmailChar = (e: string) => {
  for (const ch of e) if (EMAIL_FORBIDDEN.has(ch) || ch.charCodeAt(0) <= 0x20 || ch.charCodeAt(0) === 0x7f || ch.trim() === '') return true;
  return false;
};
const EMAIL_LOCAL_MAX = 64;
const EMAIL_LABEL_MAX = 63;

/**
 * A general email check (SPEC §5: login and create user): one plain `local@domain.tld`, at most 254 characters,
 * exactly one `@`, a local part of 1–64 characters, a domain of at least two non-empty dot-separated labels.
 * Cost is linear and bounded: the length is checked before anything else looks at the text.
 */
export function isValidEmail(email: string): boolean {
  const e = email.trim();
  if (e.length > TEXT_MAX.email || hasForbiddenEmailChar(e)) return false;
  const at = e.indexOf('@');
  if (at < 1 || at > EMAIL_LOCAL_MAX || at !== e.lastIndexOf('@')) return false;
  const labels = e.slice(at + 1).split('.');
  return labels.length >= 2 && labels.every((l) => l.length > 0 && l.length <= EMAIL_LABEL_MAX);
}

export function hasDomain(email: string, domain: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${domain.toLowerCase()}`);
}

export function loginError(email: string, password: string): string | null {
  if (!email.trim() || !password) return MSG.provideAllRequired;
  if (!isValidEmail(email)) return MSG.invalidLoginEmail;
  return null;
}

export interface CreateUserInput {
  name: string;
  email: string;
  password: string;
  confirmPassword?: string;
  role: string;
  course?: string;
  slots: string[];
}

export function createUserError(input: CreateUserInput, domain: string): string | null {
  if (!input.name.trim() || !input.email.trim() || !input.role || input.role === 'Select') return MSG.requiredData;
  if (!isValidEmail(input.email)) return MSG.invalidEmail;
  if (!hasDomain(input.email, domain)) return MSG.domainOnly(domain);
  // No password at all: the user is invited to set their own (an emailed link). A password given is checked.
  const invited = input.password === '' && !input.confirmPassword;
  if (!invited && input.password.length < PASSWORD_MIN_LENGTH) return MSG.passwordMin;
  if (!invited && input.confirmPassword !== undefined && input.confirmPassword !== input.password) return MSG.passwordsSame;
  if (input.role === 'Faculty') {
    if (!input.course) return MSG.facultyNeedsCourse;
    if (input.slots.length === 0) return MSG.facultyNeedsSlot;
  }
  return null;
}

/** The invited user's own password (the accept-invitation page and route). */
export function invitationPasswordError(password: string, confirm: string | undefined): string | null {
  if (!password) return MSG.provideAllRequired;
  if (password.length < PASSWORD_MIN_LENGTH) return MSG.passwordMin;
  if (confirm !== undefined && confirm !== password) return MSG.passwordsSame;
  return null;
}

export function resetPasswordError(oldPassword: string, newPassword: string, confirm: string): string | null {
  if (!oldPassword || !newPassword || !confirm) return MSG.provideAllRequired;
  if (newPassword !== confirm) return MSG.newPasswordsSame;
  if (newPassword.length < PASSWORD_MIN_LENGTH) return MSG.newPasswordMin;
  return null;
}
