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
import { badRequest, forbidden, rateLimited, unauthenticated } from '../errors.js';
import { userDocument } from '../users/user-document.js';
import { blockedFor, recordFailure, recordSuccess, throttleKeys, type ThrottlePolicy } from './login-throttle.js';
import { dummyHash, verifyPassword } from './password.js';
import { createSession } from './sessions.js';
import { signInRefusal, type SignInPolicy } from './sign-in-gate.js';

export async function login(
  db: Db,
  policy: ThrottlePolicy,
  input: { email: string; password: string },
  now: Date,
  ip: string,
  lifetime?: SessionLifetime,
  signInPolicy: SignInPolicy = {},
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
  // The password was right: whether this account may sign in this way is decided in one place for every method.
  const refusal = signInRefusal(row, 'password', signInPolicy);
  if (refusal) throw forbidden(refusal);
  const { token } = await createSession(db, row.id, now, lifetime);
  return { ...(await userDocument(db, row)), token };
}
