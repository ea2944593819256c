/**
 * The one check that a deactivated account (offboarding: services/users/deactivate.ts) is refused, used by every
 * way of signing in: the password login, token authentication, and any later sign-in path (single sign-on), so
 * the rule and its message are written once.
 */
import { MSG } from '../../../shared/messages.js';
import { forbidden, unauthenticated } from '../errors.js';

interface Account {
  deactivatedAt: Date | null;
}

/** Sign-in (password or another identity proof already checked): 403 with a clear message for a deactivated account. */
export function refuseDeactivatedSignIn(account: Account): void {
  if (account.deactivatedAt) throw forbidden(MSG.accountDeactivated);
}

/**
 * A request's token belongs to a deactivated account: 401 (the client asks to sign in again, which then says why).
 * Deactivation revokes every session, so this only answers a token used in the moment between the two.
 */
export function refuseDeactivatedToken(account: Account): void {
  if (account.deactivatedAt) throw unauthenticated(MSG.accountDeactivated);
}
