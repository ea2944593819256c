/**
 * Mutations of the observation cycle: one per UI write. Args are the intent plus the client UUIDs of
 * any record the change creates, so the replica can show it at once and later writes refer to it by the same id.
 * Paths and bodies are those of SPEC §7 under /api.
 */
import { z } from 'zod';
import { DayTime, TemplateResponse } from '../../contract/observations.js';
import { Semester } from '../../contract/enums.js';
import { GoalDeleteRequest, GoalReviewRequest, GoalSaveRequest } from '../../contract/growth-goals.js';
import { def } from './def.js';
import { LIST_MAX, TEXT_MAX } from '../../constants.js';
import { text } from '../../contract/text.js';
import { SCALE_VALUE_MAX, SCALE_VALUE_MIN } from '../../rubric-definition.js';

const uuid = z.uuid();
const id = text(TEXT_MAX.id);
const PostSlot = z.object({ id: uuid, dateTime: text(TEXT_MAX.code) });
const PostSlots = z.array(PostSlot).max(LIST_MAX.slots);
const DayTimes = z.array(DayTime).max(LIST_MAX.slots);
const MeetingKind = z.enum(['informed', 'uninformed']);
/**
 * A score is a whole level value of some scale (SPEC's 0–4 or another version's); which values the observation's
 * version has is the server's check (docs/adr/2026-11-28-rubric-versions.md), so a 1–5 rubric's 5 queues and syncs.
 */
const RubricEntries = z.array(z.object({ id, score: z.number().int().min(SCALE_VALUE_MIN).max(SCALE_VALUE_MAX) })).max(LIST_MAX.rubricEntries);

const obs = (id: string) => ({ entity: 'observations' as const, id });
const meetingKey = (kind: 'informed' | 'uninformed') => (kind === 'informed' ? 'informedId' : 'uninformedId');

export const OBSERVATION_MUTATIONS = {
  'observation.initiate': def({
    args: z.object({ facultyIds: z.array(id).max(LIST_MAX.facultyIds), observerId: id, semester: Semester, ids: z.record(id, uuid), rubricVersionId: uuid.optional() }),
    method: 'POST',
    path: () => '/observation/initiate',
    body: (a) => a,
    entity: (a) => obs(a.ids[a.facultyIds[0] ?? ''] ?? Object.values(a.ids)[0] ?? ''),
    describe: (a) => `Initiate ${a.facultyIds.length} observation(s)`,
  }),
  'observation.delete': def({
    args: z.object({ id: uuid }),
    method: 'DELETE',
    path: (a) => `/observation/${a.id}`,
    body: () => undefined,
    entity: (a) => obs(a.id),
    describe: () => 'Delete observation',
  }),
  'scheduling.create': def({
    args: z.object({ observationsId: uuid, facultyId: id, courseId: id, id: uuid }),
    method: 'POST',
    path: () => '/observation/scheduling',
    body: (a) => a,
    entity: (a) => obs(a.observationsId),
    describe: () => 'Start scheduling',
  }),
  /** Faculty's offered slots, or the observer's slot + date; reasons optional. */
  'scheduling.update': def({
    args: z.object({
      observationsId: uuid,
      timeSlotsByFaculty: DayTimes.optional(),
      timeSlotByObserver: DayTimes.optional(),
      scheduledOn: text(TEXT_MAX.code).optional(),
      reasons: text(TEXT_MAX.reasons).optional(),
    }),
    method: 'PUT',
    path: () => '/observation/scheduling',
    body: (a) => a,
    entity: (a) => obs(a.observationsId),
    describe: () => 'Scheduling update',
  }),
  'scheduling.accept': def({
    args: z.object({ observationsId: uuid, side: z.enum(['faculty', 'observer']) }),
    method: 'PUT',
    path: () => '/observation/scheduling',
    body: (a) =>
      a.side === 'faculty' ? { observationsId: a.observationsId, facultyAccepted: true } : { observationsId: a.observationsId, observerAccepted: true },
    entity: (a) => obs(a.observationsId),
    describe: () => 'Accept scheduling',
  }),
  'scheduling.done': def({
    args: z.object({ observationsId: uuid, informedId: uuid }),
    method: 'PUT',
    path: () => '/observation/scheduling',
    body: (a) => ({ observationsId: a.observationsId, status: 'Completed', informedId: a.informedId }),
    entity: (a) => obs(a.observationsId),
    describe: () => 'Scheduling done',
  }),
  'teachingPlan.submit': def({
    args: z.object({ observationsId: uuid, templateResponse: TemplateResponse, templateId: id.optional(), editedById: id.optional() }),
    method: 'PUT',
    path: () => '/observation/scheduling',
    body: (a) => a,
    entity: (a) => obs(a.observationsId),
    describe: () => 'Teaching plan',
  }),
  'reflectionPlan.submit': def({
    args: z.object({ observationsId: uuid, templateResponse: TemplateResponse, templateId: id.optional(), editedById: id.optional() }),
    method: 'PUT',
    path: () => '/observation/post-scheduling',
    body: (a) => a,
    entity: (a) => obs(a.observationsId),
    describe: () => 'Reflection plan',
  }),
  'rubrics.saveGroup': def({
    args: z.object({ kind: MeetingKind, observationsId: uuid, meetingId: uuid.optional(), rubricsFinal: RubricEntries }),
    method: 'PUT',
    path: (a) => `/observation/${a.kind}`,
    body: (a) => ({ observationsId: a.observationsId, [meetingKey(a.kind)]: a.meetingId, rubricsFinal: a.rubricsFinal }),
    entity: (a) => obs(a.observationsId),
    describe: (a) => `Save ${a.kind} rubric scores`,
  }),
  'rubrics.submit': def({
    args: z.object({ kind: MeetingKind, observationsId: uuid, meetingId: uuid.optional(), rubricsFinal: RubricEntries.optional() }),
    method: 'PUT',
    path: (a) => `/observation/${a.kind}`,
    body: (a) => ({ observationsId: a.observationsId, [meetingKey(a.kind)]: a.meetingId, rubricsFinal: a.rubricsFinal, submit: true }),
    entity: (a) => obs(a.observationsId),
    describe: (a) => `Submit ${a.kind} rubric scores`,
  }),
  'rubrics.lock': def({
    args: z.object({ kind: MeetingKind, observationsId: uuid, meetingId: uuid.optional() }),
    method: 'PUT',
    path: (a) => `/observation/${a.kind}`,
    body: (a) => ({ observationsId: a.observationsId, [meetingKey(a.kind)]: a.meetingId, status: 'Completed' }),
    entity: (a) => obs(a.observationsId),
    describe: (a) => `Lock ${a.kind} rubric scores`,
  }),
  'uninformed.start': def({
    args: z.object({ observationsId: uuid, id: uuid }),
    method: 'POST',
    path: () => '/observation/uninformed',
    body: (a) => a,
    entity: (a) => obs(a.observationsId),
    describe: () => 'Start uninformed observation',
  }),
  'postObservation.create': def({
    args: z.object({ observationsId: uuid, facultyId: id, id: uuid, timeSlotsByObserver: PostSlots, location: text(TEXT_MAX.line) }),
    method: 'POST',
    path: () => '/observation/post-scheduling',
    body: (a) => a,
    entity: (a) => obs(a.observationsId),
    describe: () => 'Create post observation meeting',
  }),
  /** Observer: slots and/or location. Faculty: the chosen slot id. */
  'postObservation.update': def({
    args: z.object({
      observationsId: uuid,
      timeSlotsByObserver: PostSlots.optional(),
      location: text(TEXT_MAX.line).optional(),
      timeSlotByFaculty: id.optional(),
    }),
    method: 'PUT',
    path: () => '/observation/post-scheduling',
    body: (a) => a,
    entity: (a) => obs(a.observationsId),
    describe: () => 'Update post observation meeting',
  }),
  'postObservation.setStatus': def({
    args: z.object({ observationsId: uuid, status: z.enum(['Scheduled', 'Completed']) }),
    method: 'PUT',
    path: () => '/observation/post-scheduling',
    body: (a) => a,
    entity: (a) => obs(a.observationsId),
    describe: (a) => (a.status === 'Scheduled' ? 'Mark post observation scheduled' : 'Complete observation'),
  }),
  'observation.acknowledge': def({
    args: z.object({ observationsId: uuid, fullName: text(TEXT_MAX.name) }),
    method: 'PUT',
    path: () => '/observation/acknowledge',
    body: (a) => a,
    entity: (a) => obs(a.observationsId),
    describe: () => 'Acknowledge observation',
  }),
  'observation.respond': def({
    args: z.object({ observationsId: uuid, response: text(TEXT_MAX.chat) }),
    method: 'PUT',
    path: () => '/observation/response',
    body: (a) => a,
    entity: (a) => obs(a.observationsId),
    describe: () => 'Response to observation',
  }),
  'goal.save': def({
    args: GoalSaveRequest,
    method: 'PUT',
    path: () => '/observation/goal',
    body: (a) => a,
    entity: (a) => obs(a.observationsId),
    describe: () => 'Growth goal',
  }),
  'goal.delete': def({
    args: GoalDeleteRequest,
    method: 'DELETE',
    path: (a) => `/observation/${a.observationsId}/goal/${a.id}`,
    body: () => undefined,
    entity: (a) => obs(a.observationsId),
    describe: () => 'Remove growth goal',
  }),
  'goal.review': def({
    args: GoalReviewRequest,
    method: 'PUT',
    path: () => '/observation/goal-review',
    body: (a) => a,
    entity: (a) => obs(a.observationsId),
    describe: () => 'Review growth goal',
  }),
  'observation.signOff': def({
    args: z.object({ observationsId: uuid }),
    method: 'PUT',
    path: () => '/observation/sign-off',
    body: (a) => a,
    entity: (a) => obs(a.observationsId),
    describe: () => 'Sign off observation',
  }),
  /**
   * Registers an uploaded artifact. Blob lane: sent only once the file's tus upload finished; the engine puts
   * the tus upload id (or URL) into `uploadId` / `fileURL`. `id` is the artifact's client UUID.
   */
  'artifact.register': def({
    args: z.object({
      observationsId: uuid,
      postId: id,
      id: uuid,
      name: text(TEXT_MAX.line),
      type: text(TEXT_MAX.line),
      uploadId: text(TEXT_MAX.line).optional(),
      fileURL: text(TEXT_MAX.url).optional(),
    }),
    method: 'POST',
    path: (a) => `/upload-artifact/${a.postId}`,
    body: (a) => ({ id: a.id, name: a.name, type: a.type, uploadId: a.uploadId, fileURL: a.fileURL }),
    entity: (a) => obs(a.observationsId),
    describe: (a) => `Upload ${a.name}`,
    lane: 'blob',
  }),
  'message.send': def({
    args: z.object({ observationId: uuid, id: uuid, body: text(TEXT_MAX.chat) }),
    method: 'POST',
    path: (a) => `/observation/${a.observationId}/messages`,
    body: (a) => ({ id: a.id, body: a.body }),
    entity: (a) => ({ entity: 'messages', id: a.id }),
    describe: () => 'Chat message',
  }),
} as const;
