/**
 * Closing a calibration session: when its last participant submits (in that submission's transaction), or by
 * housekeeping once its deadline has passed (closeDueSessions, daily with the other housekeeping). Closing sets
 * closed_at (the session's version moves, so every participant's device re-pulls it with the reference) and
 * certifies each participant who met the rubric version's thresholds against the expert's reference. A session
 * without an expert certifies nobody: the median of the others is a conversation aid, not a standard.
 */
import { and, eq, isNull, lte } from 'drizzle-orm';
import { calibrationAgreement, certify as decide } from '../../../shared/calibration/index.js';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/client.js';
import { calibrationParticipants, calibrationSessions } from '../../db/schema.js';
import { certify, thresholdsOf, validDays } from './certification.js';
import { exerciseOf } from './exercise.js';
import type { SessionRow } from './sessions.js';

/** Closes the session (held under its row lock by the caller) as of `at`; returns the users certified. */
export async function closeSession(tx: Tx, session: SessionRow, at: Date, config: Pick<Config, 'calibration'>): Promise<string[]> {
  await tx.update(calibrationSessions).set({ closedAt: at, updatedAt: at }).where(eq(calibrationSessions.id, session.id));
  if (!session.reference) return [];
  const participants = await tx.select().from(calibrationParticipants).where(eq(calibrationParticipants.sessionId, session.id));
  const { input } = await exerciseOf(tx, session, participants);
  const thresholds = await thresholdsOf(tx, session.rubricVersionId);
  const certified: string[] = [];
  for (const p of calibrationAgreement(input).participants) {
    if (!decide(p, thresholds).met) continue;
    await certify(tx, p.participantId, session.rubricVersionId, session.id, at, validDays(config));
    certified.push(p.participantId);
  }
  return certified;
}

/**
 * Closes every open session whose deadline has passed, as of its deadline; returns how many. Rows another
 * instance is closing are skipped (SKIP LOCKED): each session is closed once.
 */
export async function closeDueSessions(db: Db, config: Pick<Config, 'calibration'>, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(calibrationSessions)
      .where(and(isNull(calibrationSessions.closedAt), lte(calibrationSessions.deadline, now)))
      .for('update', { skipLocked: true });
    for (const s of due) await closeSession(tx, s, s.deadline, config);
    return due.length;
  });
}
