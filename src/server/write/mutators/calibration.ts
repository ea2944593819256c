/** Observer calibration: create, edit and delete a session; a participant's scores, submission and notes (outbox); a version's thresholds (services/calibration/). */
import { z } from 'zod';
import {
  CalibrationNoteRequest,
  CalibrationScoresRequest,
  CalibrationSession,
  CalibrationSessionCreate,
  CalibrationSessionEdit,
  CalibrationSubmitRequest,
  CalibrationThresholds,
  CalibrationThresholdsRequest,
} from '../../../shared/contract/calibration.js';
import { MessageBody } from '../../../shared/contract/common.js';
import { idParam } from '../../http/params.js';
import { deleteSession, editSession } from '../../services/calibration/edit.js';
import { setThresholds } from '../../services/calibration/certification.js';
import { addNote, saveScores, submitScores } from '../../services/calibration/scoring.js';
import { createSession } from '../../services/calibration/sessions.js';
import { created, mutator, ok } from '../mutator.js';

const ORGANISER = 'its organisers (the HOD of its department; Super_Admin and Admin for the institution’s), while it is open (409 after)';
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
    url: '/calibration/sessions/:id',
    doc: {
      tag: 'calibration',
      summary: 'Correct an open session: title, deadline, participants (not one who submitted); rubric version and reference only before anyone scored',
      who: ORGANISER,
      body: CalibrationSessionEdit,
      response: CalibrationSession,
    },
    names: [],
    input: (req) => ({ id: idParam(req.params.id!), body: CalibrationSessionEdit.parse(req.body ?? {}) }),
    run: async (ctx, { id, body }) => ok(await editSession(ctx, ctx.user, id, body)),
  }),
  mutator({
    method: 'DELETE',
    url: '/calibration/sessions/:id',
    doc: { tag: 'calibration', summary: 'Delete an open session with its scores and notes (a closed one backs certifications: 409)', who: ORGANISER, response: MessageBody.extend({ id: z.string() }) },
    names: [],
    input: (req) => ({ id: idParam(req.params.id!) }),
    run: async (ctx, { id }) => {
      const { videoKey } = await deleteSession(ctx, ctx.user, id);
      // After commit: a failed removal leaves an orphan file, never a session without its video.
      if (videoKey) ctx.afterCommit('calibration video not removed', () => ctx.deps.storage.removeArtifact(videoKey));
      return ok({ message: 'Calibration session deleted', id });
    },
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
