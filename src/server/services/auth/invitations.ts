/**
 * Invitations of new users (POST /auth/create without a password): the user gets an email with a link to set
 * their own password; nobody else ever knows it. The link's token is random (256 bits), stored only as its
 * SHA-256, works once and for INVITATION_DAYS. Until it is used the account's password is a random secret that
 * is thrown away, so the account cannot be signed in to.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AcceptInvitationRequest } from '../../../shared/contract/users.js';
import { MSG } from '../../../shared/messages.js';
import { invitationPasswordError } from '../../../shared/validation.js';
import type { Db, Tx } from '../../db/client.js';
import { userInvitations, users } from '../../db/schema.js';
import { badRequest } from '../errors.js';
import { audit } from '../audit.js';
import { publicLink } from '../mail/queue-email.js';
import { hashPassword } from './password.js';
import { hashToken } from './sessions.js';

export const INVITATION_DAYS = 7;
export const ACCEPT_INVITATION_PATH = '/accept-invitation';

/** A password hash nobody can sign in with (its password is never kept). */
export function unusablePasswordHash(): Promise<string> {
  return hashPassword(randomBytes(32).toString('base64url'));
}

/** Records an invitation for `userId` and returns the link to email. */
export async function createInvitation(tx: Db | Tx, userId: string, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(userInvitations).values({ tokenHash: hashToken(token), userId, expiresAt: new Date(now.getTime() + INVITATION_DAYS * 86_400_000) });
  return publicLink(`${ACCEPT_INVITATION_PATH}?token=${encodeURIComponent(token)}`);
}

/** Invitations for many users at once (an import): one statement per thousand; the link of each user. */
export async function createInvitations(tx: Db | Tx, userIds: readonly string[], now: Date): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  const expiresAt = new Date(now.getTime() + INVITATION_DAYS * 86_400_000);
  for (let i = 0; i < userIds.length; i += 1000) {
    const rows = userIds.slice(i, i + 1000).map((userId) => {
      const token = randomBytes(32).toString('base64url');
      links.set(userId, publicLink(`${ACCEPT_INVITATION_PATH}?token=${encodeURIComponent(token)}`));
      return { tokenHash: hashToken(token), userId, expiresAt };
    });
    await tx.insert(userInvitations).values(rows);
  }
  return links;
}

/** Sets the invited user's password; the token is spent. 400 with the field's message, or the invalid-link one. */
export async function acceptInvitation(tx: Tx, input: z.output<typeof AcceptInvitationRequest>, now: Date): Promise<{ message: string; email: string }> {
  const problem = invitationPasswordError(input.password, input.confirmPassword);
  if (problem) throw badRequest(problem);
  if (!input.token) throw badRequest(MSG.invitationInvalid);
  const [inv] = await tx
    .select()
    .from(userInvitations)
    .where(and(eq(userInvitations.tokenHash, hashToken(input.token)), isNull(userInvitations.usedAt), gt(userInvitations.expiresAt, now)))
    .for('update');
  if (!inv) throw badRequest(MSG.invitationInvalid);
  const [user] = await tx
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), updatedAt: now })
    .where(eq(users.id, inv.userId))
    .returning({ id: users.id, email: users.email });
  if (!user) throw badRequest(MSG.invitationInvalid);
  await tx.update(userInvitations).set({ usedAt: now }).where(eq(userInvitations.tokenHash, inv.tokenHash));
  await audit(tx, { actorId: user.id, action: 'invitation.accept', entity: 'users', entityId: user.id });
  return { message: MSG.invitationAccepted, email: user.email };
}
