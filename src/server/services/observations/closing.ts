/**
 * Closing the cycle (steps and their rule: src/shared/closing.ts; who acts: shared/access-policy/closing.ts):
 *
 *   post-observation meeting completed ─► responseDueAt fixed (RESPONSE_WINDOW_DAYS)
 *   faculty acknowledges (typed full name) ─► may respond until responseDueAt ─► HOD signs off ─► final
 *
 * A final observation is read-only everywhere: every write to an observation refuses it (requireOpen covers the
 * completed cycle; chat and deletion check `requireNotFinal`). Reminders: remindResponses (housekeeping).
 */
import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { z } from 'zod';
import { mayAcknowledge, maySignOff } from '../../../shared/access-policy/index.js';
import { acknowledgeError, CLOSING_MSG, DEFAULT_RESPONSE_REMINDER_DAYS, DEFAULT_RESPONSE_WINDOW_DAYS, isFinal, respondError, signOffError } from '../../../shared/closing.js';
import type { AcknowledgeRequest, ResponseRequest, SignOffRequest } from '../../../shared/contract/observations.js';
import type { Db, Tx } from '../../db/client.js';
import { observations, users } from '../../db/schema.js';
import type { Config } from '../../config.js';
import type { AuthUser } from '../deps.js';
import { badRequest, conflict, forbidden } from '../errors.js';
import type { WriteContext } from '../write-context.js';
import { loadForWrite, type ObservationRow } from './access.js';
import { announce, ROUTES } from './events.js';

const DAY_MS = 86_400_000;

/** The rule's answers: a missing or wrong field is the caller's input (400); anything else is out of turn (409). */
const refusal = (message: string) => (message === CLOSING_MSG.fullName || message === CLOSING_MSG.responseEmpty ? badRequest(message) : conflict(message));

const stateOf = (o: ObservationRow) => ({ status: o.status, acknowledgedAt: o.acknowledgedAt, respondedAt: o.respondedAt, responseDueAt: o.responseDueAt, signedOffAt: o.signedOffAt });

/** The end of the response window of a meeting completed at `completedAt` (`days`: RESPONSE_WINDOW_DAYS). */
export function responseDue(days: number, completedAt: Date): Date {
  return new Date(completedAt.getTime() + days * DAY_MS);
}

/** The deployment's response window in days. */
export function responseWindowDays(config: Pick<Config, 'responseWindow'>): number {
  return config.responseWindow?.days ?? DEFAULT_RESPONSE_WINDOW_DAYS;
}

/** Nothing changes in a signed-off observation. */
export function requireNotFinal(o: Pick<ObservationRow, 'signedOffAt'>): void {
  if (isFinal(o)) throw conflict(CLOSING_MSG.final);
}

export async function acknowledge(ctx: WriteContext, u: AuthUser, body: z.output<typeof AcknowledgeRequest>): Promise<void> {
  const { tx, now } = ctx;
  const o = await loadForWrite(tx, u, body.observationsId);
  if (!mayAcknowledge(u, o)) throw forbidden(CLOSING_MSG.onlyFaculty);
  // The name on the profile now (a session may hold the one of its sign-in).
  const [me] = await tx.select({ name: users.name }).from(users).where(eq(users.id, u.id));
  const error = acknowledgeError(stateOf(o), body.fullName, me?.name ?? u.name);
  if (error) throw refusal(error);
  await tx.update(observations).set({ acknowledgedAt: now, acknowledgedName: body.fullName.trim().replace(/\s+/g, ' '), updatedAt: now }).where(eq(observations.id, o.id));
  await announce(tx, o, u.id, { to: ['observer', 'hod'], title: 'Observation acknowledged', message: 'The faculty member acknowledged the observation.', route: ROUTES.detail(o.id), event: 'closing.acknowledged' });
  ctx.audit({ actorId: u.id, action: 'observation.acknowledge', entity: 'observations', entityId: o.id });
}

export async function respond(ctx: WriteContext, u: AuthUser, body: z.output<typeof ResponseRequest>): Promise<void> {
  const { tx, now } = ctx;
  const o = await loadForWrite(tx, u, body.observationsId);
  if (!mayAcknowledge(u, o)) throw forbidden(CLOSING_MSG.onlyFaculty);
  const error = respondError(stateOf(o), body.response, now);
  if (error) throw refusal(error);
  await tx.update(observations).set({ response: body.response.trim(), respondedAt: now, updatedAt: now }).where(eq(observations.id, o.id));
  await announce(tx, o, u.id, { to: ['observer', 'hod'], title: 'Faculty response added', message: 'The faculty member wrote a response to the observation.', route: ROUTES.detail(o.id), event: 'closing.responded' });
  ctx.audit({ actorId: u.id, action: 'observation.respond', entity: 'observations', entityId: o.id, detail: { characters: body.response.trim().length } });
}

export async function signOff(ctx: WriteContext, u: AuthUser, body: z.output<typeof SignOffRequest>): Promise<void> {
  const { tx, now } = ctx;
  const o = await loadForWrite(tx, u, body.observationsId);
  if (!maySignOff(u, o)) throw forbidden(CLOSING_MSG.onlyHod);
  const error = signOffError(stateOf(o), now);
  if (error) throw refusal(error);
  await tx.update(observations).set({ signedOffAt: now, signedOffBy: u.id, updatedAt: now }).where(eq(observations.id, o.id));
  await announce(tx, o, u.id, { to: ['faculty', 'observer'], title: 'Observation signed off', message: 'The observation is signed off and final.', route: ROUTES.detail(o.id), event: 'closing.signedOff', email: 'UpdateObs' });
  ctx.audit({ actorId: u.id, action: 'observation.signOff', entity: 'observations', entityId: o.id });
}

/**
 * Reminds each faculty member whose response window closes within RESPONSE_REMINDER_DAYS and who has not responded
 * (a notification and an email through the outbox), once per observation. Returns how many were reminded.
 */
export async function remindResponses(db: Db, config: Pick<Config, 'responseWindow'>, now: Date): Promise<number> {
  const days = config.responseWindow?.reminderDays ?? DEFAULT_RESPONSE_REMINDER_DAYS;
  if (days <= 0) return 0;
  const soon = new Date(now.getTime() + days * DAY_MS);
  return db.transaction(async (tx: Tx) => {
    const due = await tx
      .select()
      .from(observations)
      .where(
        and(
          eq(observations.status, 'Completed'),
          isNull(observations.signedOffAt),
          isNull(observations.respondedAt),
          isNull(observations.responseRemindedAt),
          gt(observations.responseDueAt, now),
          lte(observations.responseDueAt, soon),
        ),
      )
      .for('update', { skipLocked: true });
    for (const o of due) {
      const by = o.responseDueAt!.toISOString().slice(0, 10);
      await announce(tx, o, null, {
        to: ['faculty'],
        title: 'Your response window closes soon',
        message: o.acknowledgedAt
          ? `You can add a written response to the observation until ${by}.`
          : `Please acknowledge the observation; you can add a written response until ${by}.`,
        route: ROUTES.detail(o.id),
        event: 'closing.reminder',
        email: 'UpdateObs',
      });
      await tx.update(observations).set({ responseRemindedAt: now }).where(eq(observations.id, o.id));
    }
    return due.length;
  });
}
