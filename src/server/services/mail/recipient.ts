/**
 * Recipient addresses the mailer accepts: one bare address, nothing else. A `,` or `;` would add recipients, a
 * quote or `<…>` would make a display name or an address nodemailer re-parses, whitespace and parentheses carry
 * comments. Such an address is recorded as failed (email_outbox.error) and never handed to SMTP.
 * The address pattern itself is the shared one (src/shared/validation.ts `isValidEmail`).
 */
import { isValidEmail } from '../../../shared/validation.js';

export const REFUSED_RECIPIENT = 'Refused recipient address: a single plain email address is required';

const FORBIDDEN = /[,;"'`<>()[\]\\\s]/;

/** Null when `to` may be sent to; otherwise the reason, stored as the outbox row's error. */
export function recipientProblem(to: string): string | null {
  if (!isValidEmail(to) || FORBIDDEN.test(to)) return REFUSED_RECIPIENT;
  return null;
}
