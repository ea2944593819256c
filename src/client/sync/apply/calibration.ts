/**
 * Optimistic applies of a participant's calibration changes on the replicated session (entity `calibrationSessions`,
 * the document GET /calibration/sessions/{id} answers that participant; docs/adr/2026-11-28-calibration.md), so
 * scoring, submitting and notes show at once, offline too. Set semantics (a rebase re-applies them): scores are
 * written, the submission time is kept once set, a note is added once by its id. The server decides the rest
 * (group rules, the close); the pulled document replaces this copy.
 */
import type { CalibrationSession } from '../../../shared/contract/calibration.js';
import { editRecord } from './edit-record.js';
import type { ApplyRegistry } from './types.js';

type Doc = CalibrationSession;

/** Scores of an open session the participant has not submitted yet; nothing otherwise (the server would refuse). */
function writeScores(doc: Doc, scores: readonly { id: string; score: number }[]): boolean {
  if (!doc.mine || doc.mine.submittedAt || doc.status === 'closed') return false;
  doc.mine.scores = { ...doc.mine.scores, ...Object.fromEntries(scores.map((s) => [s.id, s.score])) };
  return true;
}

export const CALIBRATION_APPLY: ApplyRegistry = {
  'calibration.saveScores': {
    apply(db, args) {
      return editRecord<Doc & { id: string }>(db, 'calibrationSessions', args.sessionId, (doc) => void writeScores(doc, args.scores));
    },
  },
  'calibration.submit': {
    apply(db, args, ctx) {
      return editRecord<Doc & { id: string }>(db, 'calibrationSessions', args.sessionId, (doc) => {
        if (!writeScores(doc, args.scores ?? []) || !doc.mine) return;
        doc.mine.submittedAt = new Date(ctx.now).toISOString();
        doc.participants = { ...doc.participants, submitted: Math.min(doc.participants.total, doc.participants.submitted + 1) };
      });
    },
  },
  'calibration.note': {
    apply(db, args, ctx) {
      return editRecord<Doc & { id: string }>(db, 'calibrationSessions', args.sessionId, (doc) => {
        if (!doc.mine || doc.status === 'closed' || doc.mine.notes.some((n) => n.id === args.id)) return;
        const note = { id: args.id, body: args.body, offsetSeconds: args.offsetSeconds, createdAt: new Date(ctx.now).toISOString() };
        // The server's order: by the time in the video, then when written.
        doc.mine.notes = [...doc.mine.notes, note].sort((a, b) => a.offsetSeconds - b.offsetSeconds || a.createdAt.localeCompare(b.createdAt));
      });
    },
  },
};
