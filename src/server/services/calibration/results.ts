/**
 * GET /calibration/sessions/{id}/results, once the session is closed: each submitted participant against the
 * reference (the expert's, or the lower median of the others) overall and per item — exact %, adjacent %,
 * quadratic-weighted kappa —, Fleiss' kappa and ICC(2,1) across them, and the conversation view: per item the
 * levels' counts, the reference with its rationale and the reader's own level. Every figure is computed by
 * src/shared/calibration (never here); a figure without a value carries its reason.
 *
 * Anonymity (src/shared/access-policy/calibration.ts): unless the organiser chose to name participants, each row
 * other than the reader's own is "Participant n", without an id, in an order that says nothing (by user id).
 */
import {
  calibrationAgreement,
  certify,
  fleissKappa,
  iccAgreement,
  itemDistributions,
} from '../../../shared/calibration/index.js';
import { namesCalibrationParticipants, seesCalibrationResults } from '../../../shared/access-policy/index.js';
import type { CalibrationResults } from '../../../shared/contract/calibration.js';
import type { Db } from '../../db/client.js';
import type { AuthUser } from '../deps.js';
import { conflict } from '../errors.js';
import { thresholdsOf } from './certification.js';
import { exerciseOf } from './exercise.js';
import { CALIBRATION_MSG, isClosed, visibleSession } from './sessions.js';

export async function sessionResults(db: Db, u: AuthUser, id: string, now: Date): Promise<CalibrationResults> {
  const { session, participants } = await visibleSession(db, u, id);
  const isParticipant = participants.some((p) => p.userId === u.id);
  if (!seesCalibrationResults(u, session, isParticipant, isClosed(session, now))) throw conflict(CALIBRATION_MSG.notClosed);
  const { input } = await exerciseOf(db, session, participants);
  const agreement = calibrationAgreement(input);
  const thresholds = await thresholdsOf(db, session.rubricVersionId);
  const named = namesCalibrationParticipants(session);
  const nameOf = new Map(participants.map((p) => [p.userId, p.name]));
  let n = 0;
  const me = input.participants.some((p) => p.id === u.id) ? u.id : undefined;
  return {
    sessionId: session.id,
    referenceKind: agreement.referenceKind,
    thresholds: { adjacentPct: thresholds.adjacentPct, exactPct: thresholds.exactPct },
    participants: agreement.participants.map((p) => {
      const isMe = p.participantId === u.id;
      n++;
      const { participantId, ...figures } = p;
      return {
        ...figures,
        label: isMe ? 'You' : named ? (nameOf.get(participantId) ?? `Participant ${n}`) : `Participant ${n}`,
        participantId: isMe || named ? participantId : null,
        isMe,
        certification: agreement.referenceKind === 'expert' ? certify(p, thresholds) : null,
      };
    }),
    items: agreement.items,
    fleiss: fleissKappa(input),
    icc: iccAgreement(input),
    distribution: itemDistributions(input, me).map((d) => ({ ...d, rationale: session.reference?.[d.itemId]?.rationale ?? null })),
  };
}
