/**
 * The post-observation meeting with the reflection plan (SPEC §2, §4 Post observation, §5, §7):
 *
 *   observer creates (both observations Completed): date-time slots (UTC) + location; reflection plan copied
 *   Ongoing:  observer updates slots / location; faculty submits the reflection plan, uploads artifacts and
 *             picks one slot (needs the edited plan and ≥ 1 artifact)
 *   Mark Scheduled (observer): faculty picked a slot, status Ongoing → Scheduled (scheduledOn = the chosen slot)
 *   Complete Observation (observer): Scheduled → Completed; the observation is Completed, progress 100
 */
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { postAction, type PostCreateRequest, type PostSlotInput, type PostUpdateRequest } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import { DEFAULT_RESPONSE_WINDOW_DAYS } from '../../../shared/closing.js';
import type { Tx } from '../../db/client.js';
import { artifacts, postObservations, postObservationSlots } from '../../db/schema.js';
import { badRequest, conflict, forbidden } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';
import { ID_IN_USE, loadForWrite, requireObserver, requireOpen, sideOf } from './access.js';
import { responseDue } from './closing.js';
import { loadStages, refreshObservation } from './cycle-state.js';
import { announce, ROUTES } from './events.js';
import { copyMasterPlan, planEdited, submitPlan } from './plans.js';

/** Parses observer slots into UTC instants; null when any is missing or invalid. */
function parseSlots(list: PostSlotInput[]): { id?: string; dateTime: Date }[] | null {
  const out: { id?: string; dateTime: Date }[] = [];
  for (const s of list) {
    const raw = typeof s === 'string' ? s : s.dateTime;
    const id = typeof s === 'string' ? undefined : s.id;
    const d = new Date(raw);
    if (!raw || Number.isNaN(d.getTime())) return null;
    out.push({ id, dateTime: d });
  }
  return out;
}

async function replaceSlots(tx: Tx, postId: string, list: { id?: string; dateTime: Date }[]): Promise<void> {
  const ids = list.map((s) => s.id).filter((id): id is string => !!id);
  if (new Set(ids).size !== ids.length) throw badRequest(MSG.timings);
  if (ids.length > 0) {
    const foreign = await tx
      .select({ id: postObservationSlots.id })
      .from(postObservationSlots)
      .where(and(inArray(postObservationSlots.id, ids), ne(postObservationSlots.postObservationId, postId)));
    if (foreign.length > 0) throw conflict(ID_IN_USE);
  }
  await tx.delete(postObservationSlots).where(eq(postObservationSlots.postObservationId, postId));
  await tx.insert(postObservationSlots).values(list.map((s) => ({ ...(s.id ? { id: s.id } : {}), postObservationId: postId, dateTime: s.dateTime })));
}

export async function createPost(ctx: WriteContext, u: AuthUser, body: z.infer<typeof PostCreateRequest>, now: Date): Promise<string> {
  const { tx } = ctx;
  const o = await loadForWrite(tx, u, body.observationsId);
  requireObserver(u, o);
  requireOpen(o);
  if (body.facultyId && body.facultyId !== o.facultyId) throw badRequest('facultyId: not the faculty member of this observation');
  const stages = await loadStages(tx, o.id);
  if (stages.post) throw conflict(MSG.postExists);
  if (stages.informed?.status !== 'Completed' || stages.uninformed?.status !== 'Completed') throw conflict(MSG.observationsNotCompleted);
  const list = parseSlots(body.timeSlotsByObserver);
  const location = body.location?.trim();
  if (!list || list.length === 0 || !location) throw badRequest(MSG.timingsOrLocation);
  if (body.id && (await tx.select({ id: postObservations.id }).from(postObservations).where(eq(postObservations.id, body.id))).length > 0) {
    throw conflict(ID_IN_USE);
  }

  const [post] = await tx
    .insert(postObservations)
    .values({ ...(body.id ? { id: body.id } : {}), observationId: o.id, status: 'Ongoing', location })
    .returning({ id: postObservations.id });
  await replaceSlots(tx, post.id, list);
  await copyMasterPlan(tx, o.id, 'Reflection');
  await refreshObservation(tx, o, now);
  await announce(tx, o, u.id, {
    to: ['faculty'],
    title: 'Post observation meeting created',
    message: 'Please provide your reflection plan, upload artifacts and choose a slot.',
    route: ROUTES.post(o.id),
    email: 'UpdateObs',
  });
  ctx.audit({ actorId: u.id, action: 'post.create', entity: 'observations', entityId: o.id });
  return post.id;
}

/** `windowDays`: the response window completing the meeting opens (RESPONSE_WINDOW_DAYS; the seed uses the default). */
export async function updatePost(ctx: WriteContext, u: AuthUser, body: z.infer<typeof PostUpdateRequest>, now: Date, windowDays = DEFAULT_RESPONSE_WINDOW_DAYS): Promise<string> {
  const { tx } = ctx;
  const o = await loadForWrite(tx, u, body.observationsId);
  const side = sideOf(u, o);
  requireOpen(o);
  const { post } = await loadStages(tx, o.id);
  if (!post) throw conflict(MSG.postNotCreated);
  const action = postAction(body);
  const set: Partial<typeof postObservations.$inferInsert> = { updatedAt: now };
  let message: string = MSG.postUpdated;
  let title: string;

  if (action === 'status') {
    if (side !== 'observer') throw forbidden();
    if (body.status === 'Scheduled') {
      if (post.status !== 'Ongoing') throw conflict(MSG.postNotOngoing);
      if (!post.timeSlotByFaculty) throw conflict(MSG.markScheduledNeedsSlot);
      const [slot] = await tx.select().from(postObservationSlots).where(eq(postObservationSlots.id, post.timeSlotByFaculty));
      set.status = 'Scheduled';
      set.scheduledOn = slot?.dateTime ?? null;
      title = 'Post observation meeting scheduled';
    } else {
      if (post.status !== 'Scheduled') throw conflict(MSG.completeNeedsScheduled);
      set.status = 'Completed';
      message = MSG.observationUpdated;
      title = 'Observation completed';
    }
  } else {
    if (post.status !== 'Ongoing') throw conflict(MSG.postNotOngoing);
    if (action === 'plan') {
      if (side !== 'faculty') throw forbidden();
      await submitPlan(tx, o.id, 'Reflection', body.templateResponse ?? [], u.id, now);
      title = 'Reflection plan submitted';
    } else if (action === 'facultySlot') {
      if (side !== 'faculty') throw forbidden();
      const raw = body.timeSlotByFaculty;
      const slotId = typeof raw === 'string' ? raw : raw?.id;
      if (!slotId) throw badRequest(MSG.timings);
      if (!(await planEdited(tx, o.id, 'Reflection'))) throw conflict(MSG.reflectionPlanFirst);
      const [{ n }] = await tx.select({ n: count() }).from(artifacts).where(eq(artifacts.postObservationId, post.id));
      if (n === 0) throw conflict(MSG.artifactNeeded);
      const valid = z.uuid().safeParse(slotId).success
        ? await tx.select({ id: postObservationSlots.id }).from(postObservationSlots).where(and(eq(postObservationSlots.id, slotId), eq(postObservationSlots.postObservationId, post.id)))
        : [];
      if (valid.length === 0) throw badRequest(MSG.timings);
      set.timeSlotByFaculty = slotId;
      title = 'Faculty chose a slot';
    } else {
      if (side !== 'observer') throw forbidden();
      const list = parseSlots(body.timeSlotsByObserver ?? []);
      if (!list || list.length === 0) throw badRequest(MSG.timings);
      await replaceSlots(tx, post.id, list);
      // SPEC §5: the location falls back to the existing one.
      if (body.location?.trim()) set.location = body.location.trim();
      const kept = await tx.select({ id: postObservationSlots.id }).from(postObservationSlots).where(eq(postObservationSlots.postObservationId, post.id));
      if (post.timeSlotByFaculty && !kept.some((k) => k.id === post.timeSlotByFaculty)) set.timeSlotByFaculty = null;
      title = 'Post observation slots updated';
    }
  }

  await tx.update(postObservations).set(set).where(eq(postObservations.id, post.id));
  // Completing the meeting opens the faculty member's response window (closing.ts).
  await refreshObservation(tx, o, now, set.status === 'Completed' ? { responseDueAt: responseDue(windowDays, now) } : {});
  await announce(tx, o, u.id, {
    to: set.status === 'Completed' ? ['faculty', 'hod'] : [side === 'faculty' ? 'observer' : 'faculty'],
    title,
    message: `${title}.`,
    route: set.status === 'Completed' ? ROUTES.detail(o.id) : ROUTES.post(o.id),
    email: 'UpdateObs',
  });
  ctx.audit({ actorId: u.id, action: `post.${action === 'status' ? String(body.status).toLowerCase() : action}`, entity: 'observations', entityId: o.id });
  return message;
}
