/**
 * People held as pending by single sign-on (accounts.ts), decided by an Admin (capability `sso.approve`):
 * approving creates the account with the role (one the Admin may create) and, for a department role, the
 * department chosen, and links it to the person's subject, so their next sign-in goes straight in; rejecting keeps
 * them out (their sign-ins are refused until the request row is deleted).
 */
import { isUuid } from '../../../../shared/ids.js';
import { and, asc, eq } from 'drizzle-orm';
import type { ApproveSsoRequest, SsoRequest } from '../../../../shared/contract/sso.js';
import type { Role } from '../../../../shared/enums.js';
import { MSG } from '../../../../shared/messages.js';
import { can, mayCreateRole } from '../../../../shared/permissions.js';
import type { Db } from '../../../db/client.js';
import { departments, emailIs, ssoRequests, userIdentities, users } from '../../../db/schema.js';
import type { AuthUser } from '../../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { WriteContext } from '../../write-context.js';
import { unusablePasswordHash } from '../invitations.js';
import { DEPARTMENT_ROLES } from './accounts.js';

export async function listSsoRequests(db: Db, viewer: AuthUser): Promise<{ requests: SsoRequest[] }> {
  if (!can(viewer.role, 'sso.approve')) throw forbidden(MSG.forbidden);
  const rows = await db.select().from(ssoRequests).where(eq(ssoRequests.status, 'pending')).orderBy(asc(ssoRequests.createdAt)).limit(500);
  return {
    requests: rows.map((r) => ({ id: r.id, email: r.email, name: r.name, createdAt: r.createdAt.toISOString(), claims: (r.claims ?? {}) as Record<string, unknown> })),
  };
}


async function pendingRequest(ctx: WriteContext, id: string) {
  if (!can(ctx.user.role, 'sso.approve')) throw forbidden(MSG.forbidden);
  if (!isUuid(id)) throw notFound(MSG.notFound);
  const [request] = await ctx.tx.select().from(ssoRequests).where(eq(ssoRequests.id, id)).for('update');
  if (!request) throw notFound(MSG.notFound);
  if (request.status !== 'pending') throw conflict(MSG.ssoRequestDecided);
  return request;
}

export async function approveSsoRequest(ctx: WriteContext, id: string, input: ApproveSsoRequest): Promise<{ message: string; userId: string }> {
  const request = await pendingRequest(ctx, id);
  const role = input.role as Role;
  if (!mayCreateRole(ctx.user.role, role)) throw forbidden(MSG.roleNotAllowed);
  let departmentId: number | null = null;
  if (DEPARTMENT_ROLES.includes(role)) {
    if (input.department == null) throw badRequest(MSG.selectDepartment);
    const [dept] = await ctx.tx.select({ id: departments.id }).from(departments).where(eq(departments.id, input.department));
    if (!dept) throw badRequest(MSG.unknownDepartment);
    departmentId = dept.id;
  }
  const [taken] = await ctx.tx.select({ id: users.id }).from(users).where(emailIs(request.email));
  if (taken) throw conflict(MSG.emailTaken);
  const [user] = await ctx.tx
    .insert(users)
    .values({ name: request.name, email: request.email, passwordHash: await unusablePasswordHash(), role, departmentId, createdBy: ctx.user.id, createdAt: ctx.now, updatedAt: ctx.now })
    .returning({ id: users.id });
  await ctx.tx.insert(userIdentities).values({ issuer: request.issuer, subject: request.subject, userId: user.id, createdAt: ctx.now });
  await ctx.tx
    .update(ssoRequests)
    .set({ status: 'approved', decidedAt: ctx.now, decidedBy: ctx.user.id, userId: user.id })
    .where(and(eq(ssoRequests.id, id), eq(ssoRequests.status, 'pending')));
  ctx.audit({ actorId: ctx.user.id, action: 'sso.approve', entity: 'users', entityId: user.id, detail: { request: id, role, departmentId } });
  return { message: `${request.name} may now sign in.`, userId: user.id };
}

export async function rejectSsoRequest(ctx: WriteContext, id: string): Promise<{ message: string }> {
  const request = await pendingRequest(ctx, id);
  await ctx.tx.update(ssoRequests).set({ status: 'rejected', decidedAt: ctx.now, decidedBy: ctx.user.id }).where(eq(ssoRequests.id, request.id));
  ctx.audit({ actorId: ctx.user.id, action: 'sso.reject', entity: 'sso_requests', entityId: request.id, detail: { email: request.email } });
  return { message: `${request.name} may not sign in.` };
}
