/**
 * A participant's part of a calibration session (docs/adr/2026-11-28-calibration.md), each change under the
 * session's row lock (so the last submission sees every other one and closes the session once):
 *
 *   save scores   whole groups, each score a level of the version's scale (src/shared/rubric.ts groupSaveError),
 *                 until the participant submits or the session closes
 *   submit        every group complete (allGroupsComplete); the last participant's submission closes the session
 *   note          text and the seconds into the video, until the session closes; seen by its author only
 *
 * Each change touches the session row, so its version moves and the participant's devices re-pull it. These are
 * outbox mutations (src/shared/sync/mutations/calibration.ts): made offline, applied once by their Idempotency-Key.
 */
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { maySeeCalibration } from '../../../shared/access-policy/index.js';
import type { CalibrationNoteRequest, CalibrationSession, CalibrationScoresRequest, CalibrationSubmitRequest } from '../../../shared/contract/calibration.js';
import { MSG } from '../../../shared/messages.js';
import { allGroupsComplete, groupSaveError, isScaleValue } from '../../../shared/rubric.js';
import type { Tx } from '../../db/client.js';
import { calibrationNotes, calibrationParticipants, calibrationSessions } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import { ID_IN_USE } from '../observations/access.js';
import type { WriteContext } from '../write-context.js';
import { closeSession } from './close.js';
import { versionItems } from './exercise.js';
import { CALIBRATION_MSG, isClosed, loadSession, sessionDocs, type ParticipantRow, type SessionRow } from './sessions.js';

type Entry = { id: string; score: number };

/** The session under its row lock and the caller's participation: 404 unseen, 403 an organiser, 409 closed. */
async function forParticipant(tx: Tx, u: AuthUser, id: string, now: Date): Promise<{ session: SessionRow; me: ParticipantRow }> {
  const session = await loadSession(tx, id, 'update');
  if (!session) throw notFound();
  const [me] = await tx
    .select()
    .from(calibrationParticipants)
    .where(and(eq(calibrationParticipants.sessionId, session.id), eq(calibrationParticipants.userId, u.id)));
  if (!me) throw maySeeCalibration(u, session, false) ? forbidden(CALIBRATION_MSG.notParticipant) : notFound();
  if (isClosed(session, now)) throw conflict(CALIBRATION_MSG.closed);
  return { session, me };
}

async function touch(tx: Tx, sessionId: string, now: Date): Promise<void> {
  await tx.update(calibrationSessions).set({ updatedAt: now }).where(eq(calibrationSessions.id, sessionId));
}

async function docFor(ctx: WriteContext, u: AuthUser, id: string): Promise<CalibrationSession> {
  const session = await loadSession(ctx.tx, id);
  const [doc] = await sessionDocs(ctx.tx, u, [session!], ctx.now);
  return doc!;
}

/** The participant's scores with `entries` merged in, after the group and scale rules. */
async function merged(tx: Tx, session: SessionRow, me: ParticipantRow, entries: readonly Entry[]) {
  const { scale, items } = await versionItems(tx, session.rubricVersionId);
  if (entries.length > 0) {
    const error = groupSaveError(items, entries, (s) => isScaleValue(s, scale));
    if (error) throw badRequest(`scores: ${error}`);
  }
  const scores = { ...me.scores };
  for (const e of entries) scores[e.id] = e.score;
  return { scores, items };
}

export async function saveScores(ctx: WriteContext, u: AuthUser, id: string, body: z.output<typeof CalibrationScoresRequest>): Promise<CalibrationSession> {
  const { tx, now } = ctx;
  const { session, me } = await forParticipant(tx, u, id, now);
  if (me.submittedAt) throw conflict(CALIBRATION_MSG.submitted);
  const { scores } = await merged(tx, session, me, body.scores);
  await tx.update(calibrationParticipants).set({ scores, updatedAt: now }).where(and(eq(calibrationParticipants.sessionId, session.id), eq(calibrationParticipants.userId, u.id)));
  await touch(tx, session.id, now);
  ctx.audit({ actorId: u.id, action: 'calibration.scores', entity: 'calibration_sessions', entityId: session.id, detail: { items: body.scores.length } });
  return docFor(ctx, u, session.id);
}

export async function submitScores(ctx: WriteContext, u: AuthUser, id: string, body: z.output<typeof CalibrationSubmitRequest>): Promise<CalibrationSession> {
  const { tx, now } = ctx;
  const { session, me } = await forParticipant(tx, u, id, now);
  if (me.submittedAt) throw conflict(CALIBRATION_MSG.submitted);
  const { scores, items } = await merged(tx, session, me, body.scores ?? []);
  if (!allGroupsComplete(items, new Set(Object.keys(scores)))) throw badRequest(`scores: ${MSG.selectAllRubrics}`);
  await tx
    .update(calibrationParticipants)
    .set({ scores, submittedAt: now, updatedAt: now })
    .where(and(eq(calibrationParticipants.sessionId, session.id), eq(calibrationParticipants.userId, u.id)));
  await touch(tx, session.id, now);
  ctx.audit({ actorId: u.id, action: 'calibration.submit', entity: 'calibration_sessions', entityId: session.id });
  const all = await tx.select({ submittedAt: calibrationParticipants.submittedAt }).from(calibrationParticipants).where(eq(calibrationParticipants.sessionId, session.id));
  if (all.every((p) => p.submittedAt)) {
    const certified = await closeSession(tx, session, now, ctx.deps.config);
    ctx.audit({ actorId: u.id, action: 'calibration.close', entity: 'calibration_sessions', entityId: session.id, detail: { certified: certified.length } });
  }
  return docFor(ctx, u, session.id);
}

export async function addNote(ctx: WriteContext, u: AuthUser, id: string, body: z.output<typeof CalibrationNoteRequest>): Promise<CalibrationSession> {
  const { tx, now } = ctx;
  const { session } = await forParticipant(tx, u, id, now);
  const [taken] = await tx.select({ id: calibrationNotes.id }).from(calibrationNotes).where(eq(calibrationNotes.id, body.id));
  if (taken) throw conflict(ID_IN_USE);
  await tx.insert(calibrationNotes).values({ id: body.id, sessionId: session.id, authorId: u.id, body: body.body, offsetSeconds: body.offsetSeconds, createdAt: now });
  await touch(tx, session.id, now);
  ctx.audit({ actorId: u.id, action: 'calibration.note', entity: 'calibration_sessions', entityId: session.id, detail: { noteId: body.id } });
  return docFor(ctx, u, session.id);
}
