/**
 * The one answer to "may this user sign in, this way, now?", asked by password sign-in (login.ts) and by single
 * sign-on (oidc/callback.ts) once the credentials are proven (the password verified, or the provider vouched),
 * so a refusal tells nothing to someone who does not hold them. Every reason an account may not sign in belongs
 * here, so the two paths can never disagree.
 */
import { MSG } from '../../../shared/messages.js';
import type { Config } from '../../config.js';
import type { users } from '../../db/schema.js';

export type SignInMethod = 'password' | 'sso';
export type SignInPolicy = Pick<Config, 'passwordSignIn' | 'breakGlassAdminEmail'>;

/** The reason `user` may not sign in by `method` (a message for a 403), or null when they may. */
export function signInRefusal(user: typeof users.$inferSelect, method: SignInMethod, policy: SignInPolicy): string | null {
  // Password sign-in switched off: only the break-glass administrator keeps it (for when the provider is down).
  if (method === 'password' && policy.passwordSignIn === false && user.email.toLowerCase() !== policy.breakGlassAdminEmail) {
    return MSG.passwordSignInOff;
  }
  return null;
}
