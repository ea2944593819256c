/**
 * An organiser's corrections to an open calibration session, and its deletion (docs/adr/2026-11-28-calibration.md).
 * Who: whoever organises it (managesCalibration, the rule that allows creating it). A closed session is never
 * changed nor deleted: its results back certifications.
 *
 *   edit     title; deadline (not into the past); the participants (a removed one's scores and notes go with
 *            them; one who submitted stays); the rubric version and the reference only while nobody has scored
 *   delete   its participants, scores and notes go; the caller removes the video file after the commit
 *
 * Devices: every change moves the session's version (participants re-pull it, an added one gets it); a removed
 * participant, and every participant of a deleted session, gets a removal addressed to them alone (a tombstone
 * with its audience: sync/tombstones.ts), so nobody else learns the session existed.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { managesCalibration } from '../../../shared/access-policy/index.js';
import type { CalibrationSession, CalibrationSessionEdit } from '../../../shared/contract/calibration.js';
import type { Tx } from '../../db/client.js';
import { calibrationNotes, calibrationParticipants, calibrationSessions, tombstones } from '../../db/schema.js';
import type { AuthUser } from '../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import type { WriteContext } from '../write-context.js';
import { CALIBRATION_MSG, checkParticipants, isClosed, loadSession, referenceOn, sessionDocs, usableVersion, type SessionRow } from './sessions.js';

/** The session under its row lock, for its organiser side: 404 unseen, 403 a participant, 409 closed. */
async function forOrganiser(tx: Tx, u: AuthUser, id: string, now: Date, closedMessage: string): Promise<{ session: SessionRow; participants: (typeof calibrationParticipants.$inferSelect)[] }> {
  const session = await loadSession(tx, id, 'update');
  if (!session) throw notFound();
  const participants = await tx.select().from(calibrationParticipants).where(eq(calibrationParticipants.sessionId, session.id));
  if (!managesCalibration(u, session)) throw participants.some((p) => p.userId === u.id) ? forbidden() : notFound();
  if (isClosed(session, now)) throw conflict(closedMessage);
  return { session, participants };
}

/** A removal of the session for each of these people's devices (addressed to each alone). */
async function removalsTo(tx: Tx, sessionId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.insert(tombstones).values(userIds.map((audience) => ({ entity: 'calibration_sessions', entityId: sessionId, audience })));
}

/** Takes these participants out of the session: their part, their notes, and the session from their devices. */
async function removeParticipants(tx: Tx, sessionId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await tx.delete(calibrationNotes).where(and(eq(calibrationNotes.sessionId, sessionId), inArray(calibrationNotes.authorId, [...userIds])));
  await tx.delete(calibrationParticipants).where(and(eq(calibrationParticipants.sessionId, sessionId), inArray(calibrationParticipants.userId, [...userIds])));
  await removalsTo(tx, sessionId, userIds);
}

export async function editSession(ctx: WriteContext, u: AuthUser, id: string, body: z.output<typeof CalibrationSessionEdit>): Promise<CalibrationSession> {
  const { tx, now } = ctx;
  const { session, participants } = await forOrganiser(tx, u, id, now, CALIBRATION_MSG.editClosed);
  const set: Partial<typeof calibrationSessions.$inferInsert> = { updatedAt: now };
  if (body.title !== undefined) set.title = body.title;
  if (body.deadline !== undefined) {
    if (new Date(body.deadline).getTime() <= now.getTime()) throw badRequest(CALIBRATION_MSG.deadline);
    set.deadline = new Date(body.deadline);
  }

  const versionChanges = body.rubricVersionId !== undefined && body.rubricVersionId !== session.rubricVersionId;
  if (versionChanges || body.reference !== undefined) {
    const scored = participants.some((p) => p.submittedAt != null || Object.keys(p.scores).length > 0);
    if (scored) throw conflict(`${versionChanges ? 'rubricVersionId' : 'reference'}: ${CALIBRATION_MSG.scored}`);
    const version = versionChanges ? (await usableVersion(tx, body.rubricVersionId!, session.departmentId)).version : null;
    if (version) set.rubricVersionId = version.id;
    if (version && body.reference === undefined && session.reference) throw badRequest(CALIBRATION_MSG.referenceVersion);
    if (body.reference === null) Object.assign(set, { reference: null, expertName: null });
    else if (body.reference) {
      const on = version ?? (await usableVersion(tx, session.rubricVersionId, session.departmentId)).version;
      Object.assign(set, { reference: await referenceOn(tx, on, body.reference.items), expertName: body.reference.expertName });
    }
  }

  let added: string[] = [];
  let removed: string[] = [];
  if (body.participantIds !== undefined) {
    const wanted = await checkParticipants(tx, body.participantIds, session.departmentId);
    const current = new Set(participants.map((p) => p.userId));
    added = wanted.filter((p) => !current.has(p));
    const leaving = participants.filter((p) => !wanted.includes(p.userId));
    if (leaving.some((p) => p.submittedAt != null)) throw conflict(CALIBRATION_MSG.removeSubmitted);
    removed = leaving.map((p) => p.userId);
    if (added.length) await tx.insert(calibrationParticipants).values(added.map((userId) => ({ sessionId: session.id, userId })));
    await removeParticipants(tx, session.id, removed);
  }

  const [row] = await tx.update(calibrationSessions).set(set).where(eq(calibrationSessions.id, session.id)).returning();
  ctx.audit({
    actorId: u.id,
    action: 'calibration.edit',
    entity: 'calibration_sessions',
    entityId: session.id,
    detail: { fields: Object.keys(body).filter((k) => body[k as keyof typeof body] !== undefined), added, removed },
  });
  const [doc] = await sessionDocs(tx, u, [row!], now);
  return doc!;
}

/** Deletes an open session; returns its video's storage key (the caller removes the file after the commit). */
export async function deleteSession(ctx: WriteContext, u: AuthUser, id: string): Promise<{ videoKey: string | null }> {
  const { tx, now } = ctx;
  const { session, participants } = await forOrganiser(tx, u, id, now, CALIBRATION_MSG.deleteClosed);
  await removalsTo(tx, session.id, participants.map((p) => p.userId));
  // Participants, their scores and notes go with the row (on delete cascade).
  await tx.delete(calibrationSessions).where(eq(calibrationSessions.id, session.id));
  ctx.audit({ actorId: u.id, action: 'calibration.delete', entity: 'calibration_sessions', entityId: session.id, detail: { title: session.title, participants: participants.length } });
  return { videoKey: session.videoKey };
}
