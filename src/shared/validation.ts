/**
 * Form rules of SPEC §5 as pure functions returning the first failing message (or null). The client calls
 * them for instant feedback; the server calls the same functions and answers 400 with the message.
 */
import { PASSWORD_MIN_LENGTH } from './constants.js';
import { MSG } from './messages.js';

/** A general email pattern (SPEC §5: login and create user). */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_RE.test(email.trim());
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
  if (input.password.length < PASSWORD_MIN_LENGTH) return MSG.passwordMin;
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) return MSG.passwordsSame;
  if (input.role === 'Faculty') {
    if (!input.course) return MSG.facultyNeedsCourse;
    if (input.slots.length === 0) return MSG.facultyNeedsSlot;
  }
  return null;
}

export function resetPasswordError(oldPassword: string, newPassword: string, confirm: string): string | null {
  if (!oldPassword || !newPassword || !confirm) return MSG.provideAllRequired;
  if (newPassword !== confirm) return MSG.newPasswordsSame;
  if (newPassword.length < PASSWORD_MIN_LENGTH) return MSG.newPasswordMin;
  return null;
}
