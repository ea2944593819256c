/**
 * Scheduling with the teaching plan (SPEC §2 Scheduling, §4, §5, §7):
 *
 *   observer selects course ─► request Ongoing + faculty's copy of the Teaching plan
 *   faculty submits plan ─► faculty offers slots (own slots of that course) ─► observer picks slot(s) + date
 *   faculty accepts (needs a date) ─► observer accepts (needs faculty) ─► observer Done (needs both)
 *   Done: request Completed, informed observation created, progress 10. Nothing accepted afterwards (409).
 *
 * Changing the offered slots resets both acceptances; the observer cannot change the pick after faculty accepted.
 * Every change notifies (and emails) the other side; reasons are stored and appended to the chat.
 */
import { classDateError, utcDay } from '../../../shared/class-dates.js';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { schedulingAction, type DayTime, type SchedulingCreateRequest, type SchedulingUpdateRequest } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import { meetings, observations, schedulingRequests, slots } from '../../db/schema.js';
import { badRequest, conflict, forbidden } from '../errors.js';
import type { AuthUser } from '../deps.js';
import type { WriteContext } from '../write-context.js';
import { ID_IN_USE, loadForWrite, requireObserver, requireOpen, sideOf } from './access.js';
import { appendMessage } from './chat.js';
import { loadStages, refreshObservation } from './cycle-state.js';
import { announce, otherSide, ROUTES } from './events.js';
import { copyMasterPlan, planEdited, submitPlan } from './plans.js';

const sameSlot = (a: DayTime, b: DayTime) => a.day.trim().toLowerCase() === b.day.trim().toLowerCase() && a.time.trim() === b.time.trim();
function dedupe(list: DayTime[]): DayTime[] {
  const out: DayTime[] = [];
  for (const s of list) if (!out.some((o) => sameSlot(o, s))) out.push({ day: s.day.trim(), time: s.time.trim() });
  return out;
}

export async function createScheduling(ctx: WriteContext, u: AuthUser, body: z.infer<typeof SchedulingCreateRequest>, now: Date): Promise<void> {
  const { tx } = ctx;
  const o = await loadForWrite(tx, u, body.observationsId);
  requireObserver(u, o);
  requireOpen(o);
  if (body.facultyId && body.facultyId !== o.facultyId) throw badRequest('facultyId: not the faculty member of this observation');
  const { request } = await loadStages(tx, o.id);
  if (request) throw conflict(MSG.schedulingExists);
  if (!body.courseId) throw badRequest(MSG.provideAllFields);
  if (!z.uuid().safeParse(body.courseId).success) throw badRequest(MSG.courseNotOfFaculty);
  const taught = await tx
    .select({ id: slots.id })
    .from(slots)
    .where(and(eq(slots.courseId, body.courseId), eq(slots.facultyId, o.facultyId)));
  if (taught.length === 0) throw badRequest(MSG.courseNotOfFaculty);

  if (body.id && (await tx.select({ id: schedulingRequests.id }).from(schedulingRequests).where(eq(schedulingRequests.id, body.id))).length > 0) {
    throw conflict(ID_IN_USE);
  }
  await tx.insert(schedulingRequests).values({ ...(body.id ? { id: body.id } : {}), observationId: o.id, status: 'Ongoing' });
  await tx.update(observations).set({ courseId: body.courseId }).where(eq(observations.id, o.id));
  await copyMasterPlan(tx, o.id, 'Teaching');
  await refreshObservation(tx, o, now);
  await announce(tx, o, u.id, {
    to: ['faculty'],
    title: 'Observation scheduling started',
    message: 'Please provide your teaching plan and offer your available slots.',
    route: ROUTES.scheduling(o.id),
    email: 'UpdateObs',
  });
  ctx.audit({ actorId: u.id, action: 'scheduling.create', entity: 'observations', entityId: o.id, detail: { courseId: body.courseId } });
}

/** Applies one scheduling change; returns the success message of SPEC §8 for it. */
export async function updateScheduling(ctx: WriteContext, u: AuthUser, body: z.infer<typeof SchedulingUpdateRequest>, now: Date): Promise<string> {
  const { tx } = ctx;
  const o = await loadForWrite(tx, u, body.observationsId);
  const side = sideOf(u, o);
  requireOpen(o);
  const { request } = await loadStages(tx, o.id);
  if (!request) throw conflict(MSG.schedulingNotStarted);
  if (request.status === 'Completed') throw conflict(MSG.schedulingAlreadyCompleted);

  const action = schedulingAction(body);
  const set: Partial<typeof schedulingRequests.$inferInsert> = { updatedAt: now };
  let message: string = MSG.observationUpdated;
  let title = 'Observation scheduling updated';

  switch (action) {
    case 'plan': {
      if (side !== 'faculty') throw forbidden();
      await submitPlan(tx, o.id, 'Teaching', body.templateResponse ?? [], u.id, now);
      title = 'Teaching plan submitted';
      break;
    }
    case 'facultySlots': {
      if (side !== 'faculty') throw forbidden();
      if (!(await planEdited(tx, o.id, 'Teaching'))) throw conflict(MSG.teachingPlanFirst);
      const offered = dedupe(body.timeSlotsByFaculty ?? []);
      if (offered.length === 0) throw badRequest(MSG.provideSlots);
      const own = o.courseId
        ? await tx.select({ day: slots.day, time: slots.time }).from(slots).where(and(eq(slots.courseId, o.courseId), eq(slots.facultyId, o.facultyId)))
        : [];
      if (!offered.every((s) => own.some((m) => sameSlot(m, s)))) throw badRequest(MSG.slotsNotOfFaculty);
      set.timeSlotsByFaculty = offered;
      set.facultyAccepted = false;
      set.observerAccepted = false;
      // The observer's pick must stay among the offered slots.
      if (!request.timeSlotByObserver.every((p) => offered.some((s) => sameSlot(s, p)))) {
        set.timeSlotByObserver = [];
        set.scheduledOn = null;
      }
      title = 'Faculty offered slots';
      break;
    }
    case 'observerSlot': {
      if (side !== 'observer') throw forbidden();
      if (request.facultyAccepted) throw conflict(MSG.facultyAlreadyAccepted);
      const raw = body.timeSlotByObserver;
      const picked = dedupe(raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]);
      const date = body.scheduledOn ? new Date(body.scheduledOn) : null;
      if (picked.length === 0 || !date || Number.isNaN(date.getTime())) throw badRequest(MSG.provideAllFields);
      if (!picked.every((p) => request.timeSlotsByFaculty.some((s) => sameSlot(s, p)))) throw badRequest(MSG.slotNotOffered);
      // The class falls on the picked slot's weekday and not in the past (one day of slack for time zones).
      const dateProblem = classDateError(date.toISOString(), picked.map((p) => p.day), utcDay(now, -1));
      if (dateProblem) throw badRequest(dateProblem);
      set.timeSlotByObserver = picked;
      set.scheduledOn = date;
      set.observerAccepted = false;
      title = 'Observer picked a day and slot';
      break;
    }
    case 'facultyAccept': {
      if (side !== 'faculty') throw forbidden();
      if (!request.scheduledOn || request.timeSlotByObserver.length === 0) throw conflict(MSG.noScheduledDate);
      set.facultyAccepted = true;
      message = MSG.observationAccepted;
      title = 'Faculty accepted the schedule';
      break;
    }
    case 'observerAccept': {
      if (side !== 'observer') throw forbidden();
      if (!request.facultyAccepted) throw conflict(MSG.facultyNotAccepted);
      set.observerAccepted = true;
      message = MSG.observationAccepted;
      title = 'Observer confirmed the schedule';
      break;
    }
    case 'done': {
      if (side !== 'observer') throw forbidden();
      if (!request.facultyAccepted || !request.observerAccepted) throw conflict(MSG.bothMustAccept);
      if (body.informedId && (await tx.select({ id: meetings.id }).from(meetings).where(eq(meetings.id, body.informedId))).length > 0) throw conflict(ID_IN_USE);
      set.status = 'Completed';
      message = MSG.schedulingCompleted;
      title = 'Observation scheduling completed';
      break;
    }
    case 'reasons': {
      if (!body.reasons?.trim()) throw badRequest(MSG.provideAllFields);
      break;
    }
  }

  const reasons = body.reasons?.trim();
  if (reasons) {
    set.reasons = reasons;
    await appendMessage(tx, o, u.id, reasons);
  }
  await tx.update(schedulingRequests).set(set).where(eq(schedulingRequests.id, request.id));

  if (action === 'done') {
    await tx.insert(meetings).values({ ...(body.informedId ? { id: body.informedId } : {}), observationId: o.id, kind: 'informed', status: 'Ongoing' });
  }
  await refreshObservation(tx, o, now);
  await announce(tx, o, u.id, {
    to: action === 'done' ? ['faculty', 'hod'] : [otherSide(side)],
    title,
    message: reasons ? `${title}: ${reasons}` : `${title}.`,
    route: action === 'done' ? ROUTES.detail(o.id) : ROUTES.scheduling(o.id),
    email: 'UpdateObs',
  });
  ctx.audit({ actorId: u.id, action: `scheduling.${action}`, entity: 'observations', entityId: o.id });
  return message;
}
