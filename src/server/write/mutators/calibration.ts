/** Observer calibration: create a session; a participant's scores, submission and notes (outbox); a version's thresholds (services/calibration/). */
import {
  CalibrationNoteRequest,
  CalibrationScoresRequest,
  CalibrationSession,
  CalibrationSessionCreate,
  CalibrationSubmitRequest,
  CalibrationThresholds,
  CalibrationThresholdsRequest,
} from '../../../shared/contract/calibration.js';
import { idParam } from '../../http/params.js';
import { setThresholds } from '../../services/calibration/certification.js';
import { addNote, saveScores, submitScores } from '../../services/calibration/scoring.js';
import { createSession } from '../../services/calibration/sessions.js';
import { created, mutator, ok } from '../mutator.js';

const PARTICIPANT = 'a participant of the session, until they submit and while it is open (409 after)';

export const CALIBRATION_MUTATORS = [
  mutator({
    method: 'POST',
    url: '/calibration/sessions',
    doc: {
      tag: 'calibration',
      summary: 'Create a calibration session: rubric version, lesson (video upload or live class), observers, optional expert reference, deadline',
      who: 'a Head_of_Department (their department’s); Super_Admin and Admin (the institution’s)',
      body: CalibrationSessionCreate,
      response: CalibrationSession,
      status: 201,
    },
    names: [],
    input: (req) => CalibrationSessionCreate.parse(req.body ?? {}),
    run: async (ctx, body) => created(await createSession(ctx, ctx.user, body)),
  }),
  mutator({
    method: 'PUT',
    url: '/calibration/sessions/:id/scores',
    doc: { tag: 'calibration', summary: 'Save whole groups of one’s blind calibration scores', who: PARTICIPANT, body: CalibrationScoresRequest, response: CalibrationSession },
    names: ['calibration.saveScores'],
    input: (req) => ({ id: idParam(req.params.id!), body: CalibrationScoresRequest.parse(req.body ?? {}) }),
    run: async (ctx, { id, body }) => ok(await saveScores(ctx, ctx.user, id, body)),
  }),
  mutator({
    method: 'POST',
    url: '/calibration/sessions/:id/submit',
    doc: { tag: 'calibration', summary: 'Submit one’s calibration scores (every group complete); the last submission closes the session', who: PARTICIPANT, body: CalibrationSubmitRequest, response: CalibrationSession },
    names: ['calibration.submit'],
    input: (req) => ({ id: idParam(req.params.id!), body: CalibrationSubmitRequest.parse(req.body ?? {}) }),
    run: async (ctx, { id, body }) => ok(await submitScores(ctx, ctx.user, id, body)),
  }),
  mutator({
    method: 'POST',
    url: '/calibration/sessions/:id/notes',
    doc: { tag: 'calibration', summary: 'A timestamped note on the lesson (seconds into the video), seen by its author', who: 'a participant of the session while it is open', body: CalibrationNoteRequest, response: CalibrationSession, status: 201 },
    names: ['calibration.note'],
    input: (req) => ({ id: idParam(req.params.id!), body: CalibrationNoteRequest.parse(req.body ?? {}) }),
    run: async (ctx, { id, body }) => created(await addNote(ctx, ctx.user, id, body)),
  }),
  mutator({
    method: 'PUT',
    url: '/calibration/thresholds/:versionId',
    doc: { tag: 'calibration', summary: 'Set a rubric version’s certification thresholds (adjacent and exact agreement, %)', who: 'the version’s editors (mayEditRubric)', body: CalibrationThresholdsRequest, response: CalibrationThresholds },
    names: [],
    input: (req) => ({ id: idParam(req.params.versionId!), body: CalibrationThresholdsRequest.parse(req.body ?? {}) }),
    run: async (ctx, { id, body }) => ok(await setThresholds(ctx, ctx.user, id, body)),
  }),
];
