/**
 * Who a verified person is in Observa (ADR 2026-11-28-single-sign-on):
 *   1. the provider's stable subject, linked before (user_identities), else
 *   2. the verified address within UNIVERSITY_DOMAIN of an existing account, which is then linked to the subject
 *      (refused when that account is already linked to another subject of the same provider: a recycled address
 *      must not open someone else's account), else
 *   3. someone new: placed by the first OIDC_RULES rule their claims match (the account is created), or held as
 *      pending until an Admin approves (sso_requests); a rejected person stays refused.
 * Then the one sign-in check (sign-in-gate.ts) decides whether the account may sign in.
 */
import { and, eq, sql } from 'drizzle-orm';
import { MSG } from '../../../../shared/messages.js';
import type { Role } from '../../../../shared/enums.js';
import type { Config } from '../../../config.js';
import type { Tx } from '../../../db/client.js';
import { departments, emailIs, ssoRequests, userIdentities, users } from '../../../db/schema.js';
import { placeByRules } from '../../../oidc-rules.js';
import { audit } from '../../audit.js';
import { conflict, forbidden } from '../../errors.js';
import { unusablePasswordHash } from '../invitations.js';
import { signInRefusal } from '../sign-in-gate.js';

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  /** Lower-cased, verified by the provider, within UNIVERSITY_DOMAIN. */
  email: string;
  name: string;
  /** The claims without tokens and protocol fields: what the rules read and an Admin sees. */
  claims: Record<string, unknown>;
}

type UserRow = typeof users.$inferSelect;
export type AccountMatch = { kind: 'user'; user: UserRow } | { kind: 'pending' };

/** Roles that belong to a department: a rule placing someone in one of these must name an existing department. */
export const DEPARTMENT_ROLES: readonly Role[] = ['Head_of_Department', 'Observer', 'Faculty'];

export async function matchAccount(tx: Tx, config: Config, who: VerifiedIdentity, now: Date): Promise<AccountMatch> {
  let user = await linkedUser(tx, who);
  if (!user) user = await linkByEmail(tx, who, now);
  if (!user) {
    const created = await newcomer(tx, config, who, now);
    if (!created) return { kind: 'pending' };
    user = created;
  }
  await tx
    .update(userIdentities)
    .set({ lastSignInAt: now })
    .where(and(eq(userIdentities.issuer, who.issuer), eq(userIdentities.subject, who.subject)));
  const refusal = signInRefusal(user, 'sso', config);
  if (refusal) throw forbidden(refusal);
  return { kind: 'user', user };
}

async function linkedUser(tx: Tx, who: VerifiedIdentity): Promise<UserRow | undefined> {
  const [row] = await tx
    .select({ user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.issuer, who.issuer), eq(userIdentities.subject, who.subject)));
  return row?.user;
}

async function linkByEmail(tx: Tx, who: VerifiedIdentity, now: Date): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(emailIs(who.email));
  if (!user) return undefined;
  const [other] = await tx
    .select({ subject: userIdentities.subject })
    .from(userIdentities)
    .where(and(eq(userIdentities.userId, user.id), eq(userIdentities.issuer, who.issuer)));
  if (other) throw forbidden(MSG.ssoSubjectConflict);
  await tx.insert(userIdentities).values({ issuer: who.issuer, subject: who.subject, userId: user.id, createdAt: now });
  await audit(tx, { actorId: user.id, action: 'sso.link', entity: 'users', entityId: user.id, detail: { issuer: who.issuer } });
  return user;
}

/** Someone new: created by a rule, or held (null). A rejected person is refused; a pending one stays pending. */
async function newcomer(tx: Tx, config: Config, who: VerifiedIdentity, now: Date): Promise<UserRow | null> {
  const [request] = await tx
    .select()
    .from(ssoRequests)
    .where(and(eq(ssoRequests.issuer, who.issuer), eq(ssoRequests.subject, who.subject)))
    .for('update');
  if (request?.status === 'rejected') throw forbidden(MSG.ssoRejected);
  if (request) {
    // Still pending (an approved request has its identity linked and is found above): keep what the Admin sees fresh.
    await tx.update(ssoRequests).set({ email: who.email, name: who.name, claims: who.claims }).where(eq(ssoRequests.id, request.id));
    return null;
  }
  const placement = placeByRules(config.oidc?.rules ?? [], who.claims);
  let departmentId: number | null = null;
  if (placement?.department) {
    const [dept] = await tx.select({ id: departments.id }).from(departments).where(sql`lower(${departments.name}) = ${placement.department.toLowerCase()}`);
    departmentId = dept?.id ?? null;
  }
  const placed = placement && (departmentId !== null || !DEPARTMENT_ROLES.includes(placement.role)) ? placement : null;
  if (!placed) {
    const [held] = await tx
      .insert(ssoRequests)
      .values({ issuer: who.issuer, subject: who.subject, email: who.email, name: who.name, claims: who.claims, createdAt: now })
      .returning({ id: ssoRequests.id });
    await audit(tx, { actorId: null, action: 'sso.request', entity: 'sso_requests', entityId: held.id, detail: { email: who.email, rule: placement?.rule ?? null } });
    return null;
  }
  const [taken] = await tx.select({ id: users.id }).from(users).where(emailIs(who.email));
  if (taken) throw conflict(MSG.emailTaken);
  const [user] = await tx
    .insert(users)
    .values({ name: who.name, email: who.email, passwordHash: await unusablePasswordHash(), role: placed.role, departmentId, createdAt: now, updatedAt: now })
    .returning();
  await tx.insert(userIdentities).values({ issuer: who.issuer, subject: who.subject, userId: user.id, createdAt: now });
  await audit(tx, { actorId: null, action: 'user.create', entity: 'users', entityId: user.id, detail: { via: 'sso', rule: placed.rule, role: placed.role, departmentId } });
  return user;
}
