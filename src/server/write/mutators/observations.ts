/** The observation cycle's changes (SPEC §7): initiation, scheduling, rubrics, the post-observation meeting, artifacts, chat. */
import { z } from 'zod';
import { MessageBody } from '../../../shared/contract/common.js';
import {
  AcknowledgeRequest,
  Artifact,
  ChatMessage,
  ChatMessageRequest,
  InitiateRequest,
  PostCreateRequest,
  PostUpdateRequest,
  ResponseRequest,
  RubricUpdateRequest,
  SchedulingCreateRequest,
  SchedulingUpdateRequest,
  SignOffRequest,
  UninformedCreateRequest,
  UploadArtifactRequest,
} from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import { removeArtifacts } from '../../services/observations/artifact-files.js';
import { registerArtifact } from '../../services/observations/artifacts.js';
import { sendMessage } from '../../services/observations/chat.js';
import { acknowledge, respond, responseWindowDays, signOff } from '../../services/observations/closing.js';
import { deleteGoal, reviewGoal, saveGoal } from '../../services/observations/growth-goals.js';
import { GoalDeleteRequest, GoalReviewRequest, GoalSaveRequest, GrowthGoal } from '../../../shared/contract/growth-goals.js';
import { initiateObservations } from '../../services/observations/initiate.js';
import { calibrationRequired } from '../../services/calibration/certification.js';
import { CalibrationWarning } from '../../../shared/contract/calibration.js';
import { createPost, updatePost } from '../../services/observations/post-observation.js';
import { deleteObservation } from '../../services/observations/queries.js';
import { startUninformed, updateRubrics, type MeetingKind } from '../../services/observations/rubrics.js';
import { createScheduling, updateScheduling } from '../../services/observations/scheduling.js';
import { created, mutator, ok } from '../mutator.js';
import { idParam } from '../../http/params.js';

/** PUT /observation/informed and /observation/uninformed: one kind of change each; a pushed row goes to the one its path names. */
const rubricSave = (kind: MeetingKind) =>
  mutator({
    method: 'PUT',
    url: `/observation/${kind}`,
    doc: { tag: 'observations', summary: `Save / submit ${kind} rubric scores, or lock`, who: 'its faculty or observer', body: RubricUpdateRequest, response: MessageBody },
    names: ['rubrics.saveGroup', 'rubrics.submit', 'rubrics.lock'],
    input: (req) => RubricUpdateRequest.parse(req.body ?? {}),
    run: async (ctx, body) => ok({ message: await updateRubrics(ctx, ctx.user, kind, body, ctx.now) }),
  });

export const OBSERVATION_MUTATORS = [
  mutator({
    method: 'POST',
    url: '/observation/initiate',
    doc: {
      tag: 'observations',
      summary: 'Initiate observations (warnings: the observer is not calibrated on the version; 409 instead when CALIBRATION_REQUIRED)',
      who: 'Head_of_Department',
      body: InitiateRequest,
      response: MessageBody.extend({ ids: z.array(z.string()), warnings: z.array(CalibrationWarning) }),
      status: 201,
    },
    names: ['observation.initiate'],
    input: (req) => InitiateRequest.parse(req.body ?? {}),
    run: async (ctx, body) => {
      const { ids, warnings } = await initiateObservations(ctx, ctx.user, body, { calibrationRequired: calibrationRequired(ctx.deps.config) });
      return created({ message: MSG.observationsInitiated, ids, warnings });
    },
  }),
  mutator({
    method: 'DELETE',
    url: '/observation/:id',
    doc: { tag: 'observations', summary: 'Delete an observation', who: 'Super_Admin', response: MessageBody },
    names: ['observation.delete'],
    input: (req) => idParam(req.params.id!),
    run: async (ctx, id) => {
      const files = await deleteObservation(ctx, ctx.user, id);
      // Files go only after the rows are gone for good (a rolled-back delete keeps them).
      ctx.afterCommit('artifact files not removed', () => removeArtifacts(ctx.deps.storage, files));
      return ok({ message: 'Observation deleted!' });
    },
  }),
  mutator({
    method: 'POST',
    url: '/observation/scheduling',
    doc: { tag: 'observations', summary: 'Start scheduling (observer picks the course)', who: 'its observer', body: SchedulingCreateRequest, response: MessageBody, status: 201 },
    names: ['scheduling.create'],
    input: (req) => SchedulingCreateRequest.parse(req.body ?? {}),
    run: async (ctx, body) => {
      await createScheduling(ctx, ctx.user, body, ctx.now);
      return created({ message: MSG.schedulingCreated });
    },
  }),
  mutator({
    method: 'PUT',
    url: '/observation/scheduling',
    doc: { tag: 'observations', summary: 'A scheduling step (slots, date, accept, Done, teaching plan)', who: 'its faculty or observer', body: SchedulingUpdateRequest, response: MessageBody },
    names: ['scheduling.update', 'scheduling.accept', 'scheduling.done', 'teachingPlan.submit'],
    input: (req) => SchedulingUpdateRequest.parse(req.body ?? {}),
    run: async (ctx, body) => ok({ message: await updateScheduling(ctx, ctx.user, body, ctx.now) }),
  }),
  rubricSave('informed'),
  rubricSave('uninformed'),
  mutator({
    method: 'POST',
    url: '/observation/uninformed',
    doc: { tag: 'observations', summary: 'Start uninformed scoring', who: 'its observer', body: UninformedCreateRequest, response: MessageBody.extend({ id: z.string() }), status: 201 },
    names: ['uninformed.start'],
    input: (req) => UninformedCreateRequest.parse(req.body ?? {}),
    run: async (ctx, body) => created({ message: MSG.observationUpdated, id: await startUninformed(ctx, ctx.user, body, ctx.now) }),
  }),
  mutator({
    method: 'POST',
    url: '/observation/post-scheduling',
    doc: { tag: 'observations', summary: 'Create the post-observation meeting', who: 'its observer', body: PostCreateRequest, response: MessageBody.extend({ id: z.string() }), status: 201 },
    names: ['postObservation.create'],
    input: (req) => PostCreateRequest.parse(req.body ?? {}),
    run: async (ctx, body) => created({ message: MSG.postCreated, id: await createPost(ctx, ctx.user, body, ctx.now) }),
  }),
  mutator({
    method: 'PUT',
    url: '/observation/post-scheduling',
    doc: { tag: 'observations', summary: 'A post-observation step (slots, choice, status, reflection plan)', who: 'its observer or faculty', body: PostUpdateRequest, response: MessageBody },
    names: ['postObservation.update', 'postObservation.setStatus', 'reflectionPlan.submit'],
    input: (req) => PostUpdateRequest.parse(req.body ?? {}),
    run: async (ctx, body) => ok({ message: await updatePost(ctx, ctx.user, body, ctx.now, responseWindowDays(ctx.deps.config)) }),
  }),
  mutator({
    method: 'POST',
    url: '/upload-artifact/:id',
    doc: { tag: 'observations', summary: 'Register a finished upload as an artifact', who: 'the observation’s faculty', body: UploadArtifactRequest, response: MessageBody.extend(Artifact.shape).extend({ artifact: Artifact }), status: 201 },
    names: ['artifact.register'],
    input: (req) => ({ id: idParam(req.params.id!), body: UploadArtifactRequest.parse(req.body ?? {}) }),
    // SPEC §7 answers a `message`; the artifact's fields stay at the top level (the app reads them) and as `artifact`.
    run: async (ctx, { id, body }) => {
      const artifact = await registerArtifact(ctx, ctx.user, ctx.deps.storage, id, body);
      return created({ message: MSG.artifactUploaded, ...artifact, artifact });
    },
  }),
  mutator({
    method: 'PUT',
    url: '/observation/acknowledge',
    doc: { tag: 'observations', summary: 'Acknowledge a completed observation (typed full name; not agreement)', who: 'its faculty', body: AcknowledgeRequest, response: MessageBody },
    names: ['observation.acknowledge'],
    input: (req) => AcknowledgeRequest.parse(req.body ?? {}),
    run: async (ctx, body) => {
      await acknowledge(ctx, ctx.user, body);
      return ok({ message: MSG.acknowledged });
    },
  }),
  mutator({
    method: 'PUT',
    url: '/observation/response',
    doc: { tag: 'observations', summary: 'Write the response to an acknowledged observation (within the response window)', who: 'its faculty', body: ResponseRequest, response: MessageBody },
    names: ['observation.respond'],
    input: (req) => ResponseRequest.parse(req.body ?? {}),
    run: async (ctx, body) => {
      await respond(ctx, ctx.user, body);
      return ok({ message: MSG.responseSaved });
    },
  }),
  mutator({
    method: 'PUT',
    url: '/observation/goal',
    doc: { tag: 'observations', summary: 'Agree a growth goal at the post-observation meeting, or edit it', who: 'its observer and faculty', body: GoalSaveRequest, response: GrowthGoal },
    names: ['goal.save'],
    input: (req) => GoalSaveRequest.parse(req.body ?? {}),
    run: async (ctx, body) => ok(await saveGoal(ctx, ctx.user, body)),
  }),
  mutator({
    method: 'DELETE',
    url: '/observation/:id/goal/:goalId',
    doc: { tag: 'observations', summary: 'Remove a growth goal before the cycle is completed', who: 'its observer and faculty', response: MessageBody },
    names: ['goal.delete'],
    input: (req) => GoalDeleteRequest.parse({ observationsId: req.params.id, id: req.params.goalId }),
    run: async (ctx, body) => {
      await deleteGoal(ctx, ctx.user, body);
      return ok({ message: MSG.goalRemoved });
    },
  }),
  mutator({
    method: 'PUT',
    url: '/observation/goal-review',
    doc: { tag: 'observations', summary: 'Review a goal of an earlier cycle: met, partly or not yet', who: 'its observer and faculty', body: GoalReviewRequest, response: MessageBody },
    names: ['goal.review'],
    input: (req) => GoalReviewRequest.parse(req.body ?? {}),
    run: async (ctx, body) => {
      await reviewGoal(ctx, ctx.user, body);
      return ok({ message: MSG.goalReviewed });
    },
  }),
  mutator({
    method: 'PUT',
    url: '/observation/sign-off',
    doc: { tag: 'observations', summary: 'Sign an observation off: it becomes final', who: 'the HOD of its department', body: SignOffRequest, response: MessageBody },
    names: ['observation.signOff'],
    input: (req) => SignOffRequest.parse(req.body ?? {}),
    run: async (ctx, body) => {
      await signOff(ctx, ctx.user, body);
      return ok({ message: MSG.signedOff });
    },
  }),
  mutator({
    method: 'POST',
    url: '/observation/:id/messages',
    doc: { tag: 'observations', summary: 'Send a message', who: 'its observer, faculty and HOD', body: ChatMessageRequest, response: ChatMessage, status: 201 },
    names: ['message.send'],
    input: (req) => ({ id: idParam(req.params.id!), body: ChatMessageRequest.parse(req.body ?? {}) }),
    run: async (ctx, { id, body }) => created(await sendMessage(ctx, ctx.user, id, body.body, body.id)),
  }),
];
