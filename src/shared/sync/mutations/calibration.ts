/**
 * Mutations of observer calibration: a participant's blind scores (whole groups), the submission and timestamped
 * notes, made offline on the session the device replicates and applied once by the server like rubric saves.
 */
import { z } from 'zod';
import { CalibrationNoteRequest, CalibrationScoresRequest, CalibrationSubmitRequest } from '../../contract/calibration.js';
import { def } from './def.js';

const sessionId = z.uuid();
const session = (id: string) => ({ entity: 'calibrationSessions' as const, id });

export const CALIBRATION_MUTATIONS = {
  'calibration.saveScores': def({
    args: CalibrationScoresRequest.extend({ sessionId }),
    method: 'PUT',
    path: (a) => `/calibration/sessions/${a.sessionId}/scores`,
    body: (a) => ({ scores: a.scores }),
    entity: (a) => session(a.sessionId),
    describe: () => 'Save calibration scores',
  }),
  'calibration.submit': def({
    args: CalibrationSubmitRequest.extend({ sessionId }),
    method: 'POST',
    path: (a) => `/calibration/sessions/${a.sessionId}/submit`,
    body: (a) => ({ scores: a.scores }),
    entity: (a) => session(a.sessionId),
    describe: () => 'Submit calibration scores',
  }),
  'calibration.note': def({
    args: CalibrationNoteRequest.extend({ sessionId }),
    method: 'POST',
    path: (a) => `/calibration/sessions/${a.sessionId}/notes`,
    body: (a) => ({ id: a.id, body: a.body, offsetSeconds: a.offsetSeconds }),
    entity: (a) => session(a.sessionId),
    describe: () => 'Calibration note',
  }),
} as const;
