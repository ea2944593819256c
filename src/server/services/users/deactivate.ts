/**
 * Offboarding (docs/operations/offboarding.md, rule of who may: `mayManageUser` in src/shared/permissions.ts, the
 * rule of who creates whom):
 *   deactivate  the account is marked (users.deactivated_at / deactivated_by), every session is revoked (the
 *               session cache is voided here; other instances' entries live SHARED_MAX_AGE_MS at most), pending
 *               invitations are withdrawn and the calendar subscription URL is deleted. The caller ends the live
 *               event streams once committed (feed bus `sessionsChanged`). Nothing of the user's history is
 *               touched: observations, scores, notes, messages and audit rows stay theirs.
 *   reactivate  the mark is cleared: they sign in again (a new calendar URL is theirs to make).
 * Both audited. Sign-in refuses a marked account (services/auth/deactivated.ts).
 */
import { isUuid } from '../../../shared/ids.js';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { ActivationResponse } from '../../../shared/contract/offboarding.js';
import { MSG } from '../../../shared/messages.js';
import { can, mayManageUser } from '../../../shared/permissions.js';
import type { Db, Tx } from '../../db/client.js';
import { observations, userInvitations, users } from '../../db/schema.js';
import { revokeFeedOf } from '../calendar/calendar-feed.js';
import { revokeAllSessions } from '../auth/sessions.js';
import { conflict, forbidden, notFound } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';


/** The user `id`, locked for the change, when `actor` may manage them: 404 unknown, 403 not theirs to manage. */
export async function loadManagedUser(tx: Db | Tx, actor: AuthUser, id: string) {
  if (!can(actor.role, 'user.manage')) throw forbidden(MSG.forbidden);
  if (!isUuid(id)) throw notFound(MSG.notFound);
  const [target] = await tx
    .select({ id: users.id, name: users.name, role: users.role, departmentId: users.departmentId, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  if (!target) throw notFound(MSG.notFound);
  if (!mayManageUser(actor, target)) throw forbidden(MSG.mayNotManageUser);
  return target;
}

/** Open observations `userId` observes. */
export async function openObservationCount(tx: Db | Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(observations)
    .where(and(eq(observations.observerId, userId), ne(observations.status, 'Completed')));
  return Number(row?.n ?? 0);
}

export async function deactivateUser(ctx: WriteContext, id: string): Promise<ActivationResponse> {
  const { tx, user: actor, now } = ctx;
  const target = await loadManagedUser(tx, actor, id);
  if (target.deactivatedAt) throw conflict(MSG.alreadyDeactivated);
  await tx.update(users).set({ deactivatedAt: now, deactivatedBy: actor.id }).where(eq(users.id, id));
  await revokeAllSessions(tx, id, now);
  await tx.delete(userInvitations).where(and(eq(userInvitations.userId, id), isNull(userInvitations.usedAt)));
  await revokeFeedOf(tx, id);
  const open = await openObservationCount(tx, id);
  ctx.audit({ actorId: actor.id, action: 'user.deactivate', entity: 'users', entityId: id, detail: { role: target.role, departmentId: target.departmentId, openObservations: open } });
  return { message: MSG.userDeactivated, id, deactivatedAt: now.toISOString(), openObservations: open };
}

export async function reactivateUser(ctx: WriteContext, id: string): Promise<ActivationResponse> {
  const { tx, user: actor } = ctx;
  const target = await loadManagedUser(tx, actor, id);
  if (!target.deactivatedAt) throw conflict(MSG.notDeactivated);
  await tx.update(users).set({ deactivatedAt: null, deactivatedBy: null }).where(eq(users.id, id));
  ctx.audit({ actorId: actor.id, action: 'user.reactivate', entity: 'users', entityId: id, detail: { deactivatedAt: target.deactivatedAt.toISOString() } });
  return { message: MSG.userReactivated, id, deactivatedAt: null, openObservations: await openObservationCount(tx, id) };
}
