/**
 * From the callback to the app: the callback cannot hand the app a bearer token itself (it answers a browser
 * navigation, and a token in a URL ends up in histories and logs), so it leaves a one-time ticket in the URL's
 * fragment (never sent to a server). The app trades it (POST /api/auth/oidc/session) for exactly what a password
 * sign-in answers — the user object with `token`, made by the same createSession — and keeps it the same way,
 * which is why the installed app re-opens offline after either. The ticket is 256 random bits, stored as its
 * SHA-256, valid for TICKET_SECONDS, used once.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { User } from '../../../../shared/contract/users.js';
import { MSG } from '../../../../shared/messages.js';
import type { Config } from '../../../config.js';
import type { Db, Tx } from '../../../db/client.js';
import { oidcLogins, users } from '../../../db/schema.js';
import { audit } from '../../audit.js';
import { badRequest, forbidden } from '../../errors.js';
import { userDocument } from '../../users/user-document.js';
import { createSession, hashToken } from '../sessions.js';
import { signInRefusal } from '../sign-in-gate.js';

export const TICKET_SECONDS = 120;

export async function issueTicket(tx: Tx, stateHash: string, userId: string, idToken: string, now: Date): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await tx
    .update(oidcLogins)
    .set({ userId, idToken, ticketHash: hashToken(ticket), ticketExpiresAt: new Date(now.getTime() + TICKET_SECONDS * 1000) })
    .where(eq(oidcLogins.stateHash, stateHash));
  return ticket;
}

/** The ticket → a new session, answered like POST /auth/login. 400 for an unknown, used or expired ticket. */
export async function redeemTicket(db: Db, config: Config, ticket: string, now: Date): Promise<User & { token: string }> {
  if (!ticket) throw badRequest(MSG.ssoTicketInvalid);
  return db.transaction(async (tx) => {
    const [login] = await tx
      .select()
      .from(oidcLogins)
      .where(and(eq(oidcLogins.ticketHash, hashToken(ticket)), isNull(oidcLogins.sessionId), gt(oidcLogins.ticketExpiresAt, now)))
      .for('update');
    if (!login?.userId) throw badRequest(MSG.ssoTicketInvalid);
    const [user] = await tx.select().from(users).where(eq(users.id, login.userId));
    if (!user) throw badRequest(MSG.ssoTicketInvalid);
    // Asked again: the account may have been stopped in the seconds since the callback.
    const refusal = signInRefusal(user, 'sso', config);
    if (refusal) throw forbidden(refusal);
    const { token, sessionId } = await createSession(tx, user.id, now, config.session);
    // The ticket is spent; the row stays with its session for the provider's logout (the ID token hint).
    await tx.update(oidcLogins).set({ sessionId, ticketHash: null }).where(eq(oidcLogins.stateHash, login.stateHash));
    await audit(tx, { actorId: user.id, action: 'sso.signIn', entity: 'users', entityId: user.id });
    return { ...(await userDocument(tx, user)), token };
  });
}
