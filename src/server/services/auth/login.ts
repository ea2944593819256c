/**
 * Login: the same 401 and message for an unknown email and a wrong password, and the same amount of work
 * (a scrypt verification against a dummy hash) so timing does not tell them apart either.
 */
import type { User } from '../../../shared/contract/users.js';
import { MSG } from '../../../shared/messages.js';
import { loginError } from '../../../shared/validation.js';
import type { SessionLifetime } from '../../config.js';
import type { Db } from '../../db/client.js';
import { emailIs, users } from '../../db/schema.js';
import { badRequest, rateLimited, unauthenticated } from '../errors.js';
import { userDocument } from '../users/user-document.js';
import { blockedFor, recordFailure, recordSuccess, throttleKeys, type ThrottlePolicy } from './login-throttle.js';
import { dummyHash, verifyPassword } from './password.js';
import { refuseDeactivatedSignIn } from './deactivated.js';
import { createSession } from './sessions.js';

export async function login(
  db: Db,
  policy: ThrottlePolicy,
  input: { email: string; password: string },
  now: Date,
  ip: string,
  lifetime?: SessionLifetime,
): Promise<User & { token: string }> {
  const problem = loginError(input.email, input.password);
  if (problem) throw badRequest(problem);
  const email = input.email.trim().toLowerCase();
  // A blocked address or account is refused before the password is looked at (see login-throttle.ts).
  const keys = throttleKeys(ip, email);
  const wait = await blockedFor(db, keys, now);
  if (wait > 0) throw rateLimited(MSG.tooManyAttempts, wait);

  const [row] = await db.select().from(users).where(emailIs(email));
  const ok = await verifyPassword(input.password, row ? row.passwordHash : await dummyHash());
  if (!row || !ok) {
    await recordFailure(db, keys, now, policy);
    throw unauthenticated(MSG.invalidCredentials);
  }
  await recordSuccess(db, keys);
  // After the password check, so the answer tells nothing about an account to someone without its password.
  refuseDeactivatedSignIn(row);
  const { token } = await createSession(db, row.id, now, lifetime);
  return { ...(await userDocument(db, row)), token };
}
