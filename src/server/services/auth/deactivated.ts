/**
 * A deactivated account's token is refused (offboarding: services/users/deactivate.ts). Signing in is refused by
 * the one sign-in decision, signInRefusal (sign-in-gate.ts), for every method.
 */
import { MSG } from '../../../shared/messages.js';
import { unauthenticated } from '../errors.js';

interface Account {
  deactivatedAt: Date | null;
}

/**
 * A request's token belongs to a deactivated account: 401 (the client asks to sign in again, which then says why).
 * Deactivation revokes every session, so this only answers a token used in the moment between the two.
 */
export function refuseDeactivatedToken(account: Account): void {
  if (account.deactivatedAt) throw unauthenticated(MSG.accountDeactivated);
}
