/**
 * Login: the same 401 and message for an unknown email and a wrong password, and the same amount of work
 * (a scrypt verification against a dummy hash) so timing does not tell them apart either.
 */
import { eq } from 'drizzle-orm';
import type { User } from '../../../shared/contract/users.js';
import { MSG } from '../../../shared/messages.js';
import { loginError } from '../../../shared/validation.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { badRequest, HttpError, unauthenticated } from '../../http/errors.js';
import { userDocument } from '../users/user-document.js';
import type { LoginLimiter } from './login-limiter.js';
import { dummyHash, verifyPassword } from './password.js';
import { createSession } from './sessions.js';

export async function login(
  db: Db,
  limiter: LoginLimiter,
  input: { email: string; password: string },
  now: Date,
): Promise<User & { token: string }> {
  const problem = loginError(input.email, input.password);
  if (problem) throw badRequest(problem);
  const email = input.email.trim().toLowerCase();
  if (limiter.blocked(email, now)) throw new HttpError('rate-limited', MSG.tooManyAttempts);

  const [row] = await db.select().from(users).where(eq(users.email, email));
  const ok = await verifyPassword(input.password, row ? row.passwordHash : await dummyHash());
  if (!row || !ok) {
    limiter.fail(email, now);
    throw unauthenticated(MSG.invalidCredentials);
  }
  limiter.succeed(email);
  const { token } = await createSession(db, row.id, now);
  return { ...(await userDocument(db, row)), token };
}
