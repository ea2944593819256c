/**
 * Password reset of the signed-in user's own account (SPEC §5 messages). The old password must match (guesses
 * throttled like sign-in: the route wraps this in throttledPasswordCheck); the other sessions of the user are
 * revoked, the current one keeps working; the calendar subscription feed ends too.
 */
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ResetPasswordRequest } from '../../../shared/contract/users.js';
import { MSG } from '../../../shared/messages.js';
import { resetPasswordError } from '../../../shared/validation.js';
import { users } from '../../db/schema.js';
import { badRequest, forbidden, HttpError } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';
import { stopFeed } from '../calendar/calendar-feed.js';
import { hashPassword, verifyPassword } from './password.js';
import { revokeOtherSessions } from './sessions.js';

/** The old password did not match (400): counted as a failed guess by throttledPasswordCheck (login-throttle.ts). */
export class OldPasswordWrong extends HttpError {
  constructor() {
    super('validation', MSG.oldPasswordWrong);
  }
}

export async function resetPassword(
  ctx: WriteContext,
  user: AuthUser,
  input: z.output<typeof ResetPasswordRequest>,
  now: Date,
): Promise<{ message: string }> {
  const { tx } = ctx;
  // The email is only informative (the form shows it read-only); it must name the token's own account.
  if (input.email && input.email.trim().toLowerCase() !== user.email) throw forbidden(MSG.forbidden);
  const problem = resetPasswordError(input.oldPassword, input.newPassword, input.confirmPassword ?? input.newPassword);
  if (problem) throw badRequest(problem);
  const [row] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, user.id));
  if (!row || !(await verifyPassword(input.oldPassword, row.passwordHash))) throw new OldPasswordWrong();
  await tx
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword), updatedAt: now })
    .where(eq(users.id, user.id));
  await revokeOtherSessions(tx, user.id, user.sessionId, now);
  // The calendar subscription URL is a credential of its own (no token needed): it ends with the sessions, and
  // the user makes a new one (a leaked password may have leaked it too).
  await stopFeed(tx, user);
  ctx.audit({ actorId: user.id, action: 'password.reset', entity: 'users', entityId: user.id });
  return { message: MSG.passwordReset };
}
