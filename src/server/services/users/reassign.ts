/**
 * Offboarding, second half (docs/operations/offboarding.md): the open observations a user observes, and their
 * hand-over in bulk to another observer. The rules:
 *   - the caller may manage the current observer (`mayManageUser`, who creates whom; a HOD: own department);
 *   - every observation named is open (not Completed) and observed by that user, locked for the change;
 *   - the new observer is an active Observer of each observation's department (as initiation pairs them).
 * Only `observer_id` changes: scores, notes, messages and audit rows written by the old observer stay theirs.
 * Told: the old observer, the new observer, the faculty member and the HOD (in-app, the actor excepted).
 */
import { isUuid } from '../../../shared/ids.js';
import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { OpenObservationsResponse, ReassignRequest, ReassignResponse } from '../../../shared/contract/offboarding.js';
import { MSG } from '../../../shared/messages.js';
import type { Db } from '../../db/client.js';
import { courses, observations, users } from '../../db/schema.js';
import { badRequest, forbidden } from '../errors.js';
import type { AuthUser } from '../deps.js';
import { notify } from '../notify.js';
import { announce, ROUTES } from '../observations/events.js';
import type { WriteContext } from '../write-context.js';
import { loadManagedUser } from './deactivate.js';


export async function openObservationsOf(db: Db, actor: AuthUser, id: string): Promise<OpenObservationsResponse> {
  const target = await loadManagedUser(db, actor, id);
  const rows = await db
    .select({
      id: observations.id,
      status: observations.status,
      semester: observations.semester,
      departmentId: observations.departmentId,
      facultyId: observations.facultyId,
      facultyName: users.name,
      courseCode: courses.courseCode,
      createdAt: observations.createdAt,
    })
    .from(observations)
    .innerJoin(users, eq(users.id, observations.facultyId))
    .leftJoin(courses, eq(courses.id, observations.courseId))
    .where(and(eq(observations.observerId, target.id), ne(observations.status, 'Completed')))
    .orderBy(asc(observations.createdAt));
  const departments = [...new Set(rows.map((r) => r.departmentId).filter((d): d is number => d != null))];
  const observers = departments.length
    ? await db
        .select({ id: users.id, name: users.name, departmentId: users.departmentId })
        .from(users)
        .where(and(eq(users.role, 'Observer'), inArray(users.departmentId, departments), isNull(users.deactivatedAt), ne(users.id, target.id)))
        .orderBy(asc(users.name))
    : [];
  return { observations: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), observers };
}

export async function reassignObservations(ctx: WriteContext, id: string, body: ReassignRequest): Promise<ReassignResponse> {
  const { tx, user: actor } = ctx;
  const from = await loadManagedUser(tx, actor, id);
  const ids = [...new Set(body.observationIds)];
  if (!ids.every(isUuid)) throw badRequest(MSG.reassignNotOpen);
  if (!isUuid(body.observerId) || body.observerId === from.id) throw badRequest(MSG.reassignTarget);
  const [to] = await tx
    .select({ id: users.id, name: users.name, role: users.role, departmentId: users.departmentId, deactivatedAt: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, body.observerId));
  if (!to || to.role !== 'Observer' || to.deactivatedAt) throw badRequest(MSG.reassignTarget);

  // Locked in id order, so two hand-overs of overlapping lists cannot deadlock.
  const rows = await tx.select().from(observations).where(inArray(observations.id, ids)).orderBy(asc(observations.id)).for('update');
  if (rows.length !== ids.length || rows.some((o) => o.observerId !== from.id || o.status === 'Completed')) throw badRequest(MSG.reassignNotOpen);
  if (rows.some((o) => o.departmentId !== to.departmentId)) throw badRequest(MSG.reassignTarget);
  // A HOD hands over only their own department's cycles (the observer is theirs; the observation must be too).
  if (actor.departmentId != null && rows.some((o) => o.departmentId !== actor.departmentId)) throw forbidden(MSG.mayNotManageUser);

  await tx.update(observations).set({ observerId: to.id }).where(inArray(observations.id, ids));
  const message = `${actor.name} reassigned this observation from ${from.name} to ${to.name}.`;
  for (const o of rows) {
    const moved = { ...o, observerId: to.id };
    await announce(tx, moved, actor.id, { to: ['observer', 'faculty', 'hod'], title: 'Observer changed', message, route: ROUTES.detail(o.id), event: 'observation.reassigned' });
    // The old observer no longer takes part; they are told where their cycle went (without a link they can open).
    if (from.id !== actor.id) {
      await notify(tx, { userId: from.id, title: 'Observation handed over', message, route: '/observations/list-observation', observationId: o.id, event: 'observation.reassignedAway', actorName: actor.name });
    }
    ctx.audit({ actorId: actor.id, action: 'observation.reassign', entity: 'observations', entityId: o.id, detail: { fromObserverId: from.id, toObserverId: to.id } });
  }
  return { message: MSG.observationsReassigned(rows.length), reassigned: rows.map((r) => r.id) };
}
