/**
 * Wire shapes of the observation cycle (SPEC §3, §7). Requests are deliberately lenient about *missing* fields
 * (optional + defaults) so the server can answer with the SPEC §5 message rather than a generic schema error;
 * types and ranges are still checked here. New records the client creates offline carry client UUIDs (`id`,
 * `ids`, slot ids, message ids), so an offline create-then-update needs no id remapping.
 */
import { z } from 'zod';
import { Person } from './user-projection.js';
import { UserSlot } from './users.js';
import { LIST_MAX, TEXT_MAX } from '../constants.js';
import { text } from './text.js';
import { OBSERVATION_MODES } from '../observation-mode.js';
import { CarriedGoal, GrowthGoal } from './growth-goals.js';

const uuid = z.uuid();
const optUuid = uuid.optional();

/** A faculty course slot as offered / picked in scheduling (SPEC §3: {day, time}). */
export const DayTime = z.object({ day: text(TEXT_MAX.code).trim().min(1), time: text(TEXT_MAX.code).trim().min(1) });
export type DayTime = z.infer<typeof DayTime>;

/** A plan submission: a list of {id of step, response} (SPEC §3). */
export const TemplateResponse = z
  .array(z.object({ id: text(TEXT_MAX.id).min(1), response: text(TEXT_MAX.planAnswer) }))
  .max(LIST_MAX.planAnswers);
export type TemplateResponse = z.infer<typeof TemplateResponse>;

/** POST /observation/initiate. `hodId` is ignored (the HOD is the caller); `ids` maps facultyId → new observation id. */
export const InitiateRequest = z.object({
  facultyIds: z.array(text(TEXT_MAX.id)).max(LIST_MAX.facultyIds).optional().default([]),
  observerId: text(TEXT_MAX.id).optional().default(''),
  hodId: text(TEXT_MAX.id).optional(),
  semester: text(TEXT_MAX.code).optional().default(''),
  ids: z.record(text(TEXT_MAX.id), uuid).optional(),
  /** The rubric version to score on (published, of the institution or the department); default: the department's. */
  rubricVersionId: optUuid,
});
export type InitiateRequest = z.input<typeof InitiateRequest>;

/** POST /observation/scheduling: the observer selects the faculty course. `id` = new request id. */
export const SchedulingCreateRequest = z.object({
  observationsId: uuid,
  facultyId: text(TEXT_MAX.id).optional(),
  courseId: text(TEXT_MAX.id).optional().default(''),
  id: optUuid,
});
export type SchedulingCreateRequest = z.input<typeof SchedulingCreateRequest>;

/**
 * PUT /observation/scheduling. Exactly one action per call, picked by the fields present (see
 * `schedulingAction`): plan submission (templateResponse), Done (status Completed), faculty or observer
 * acceptance, faculty slots, observer slot + date, or reasons only.
 */
export const SchedulingUpdateRequest = z.object({
  observationsId: uuid,
  templateResponse: TemplateResponse.optional(),
  templateId: text(TEXT_MAX.id).optional(),
  editedById: text(TEXT_MAX.id).optional(),
  timeSlotsByFaculty: z.array(DayTime).max(LIST_MAX.slots).optional(),
  timeSlotByObserver: z.union([DayTime, z.array(DayTime).max(LIST_MAX.slots)]).optional(),
  scheduledOn: text(TEXT_MAX.code).nullable().optional(),
  reasons: text(TEXT_MAX.reasons).nullable().optional(),
  facultyAccepted: z.literal(true).optional(),
  observerAccepted: z.literal(true).optional(),
  status: z.literal('Completed').optional(),
  /** Done: id of the informed observation it creates (client UUID). */
  informedId: optUuid,
});
export type SchedulingUpdateRequest = z.input<typeof SchedulingUpdateRequest>;

export type SchedulingAction = 'plan' | 'done' | 'facultyAccept' | 'observerAccept' | 'facultySlots' | 'observerSlot' | 'reasons';
export function schedulingAction(b: z.infer<typeof SchedulingUpdateRequest>): SchedulingAction {
  if (b.templateResponse) return 'plan';
  if (b.status === 'Completed') return 'done';
  if (b.facultyAccepted) return 'facultyAccept';
  if (b.observerAccepted) return 'observerAccept';
  if (b.timeSlotsByFaculty) return 'facultySlots';
  if (b.timeSlotByObserver !== undefined || b.scheduledOn !== undefined) return 'observerSlot';
  return 'reasons';
}

/**
 * PUT /observation/informed and /observation/uninformed. Shapes: save groups (rubricsFinal: complete groups of
 * {rubric item id, score}); `submit: true` (optionally with rubricsFinal) turns the saved items into the side's
 * final total; `status: 'Completed'` locks (observer). SPEC §7's scoring call names `role` instead of `submit`: a body
 * with `role` (no `submit`) also submits once the side's saved items cover all four groups. The value of `role`
 * is ignored: the side comes from the token.
 */
export const RubricUpdateRequest = z.object({
  observationsId: uuid,
  informedId: optUuid,
  uninformedId: optUuid,
  rubricsFinal: z.array(z.object({ id: text(TEXT_MAX.id), score: z.number() })).max(LIST_MAX.rubricEntries).optional(),
  role: text(TEXT_MAX.code).optional(),
  submit: z.boolean().optional(),
  status: z.literal('Completed').optional(),
});
export type RubricUpdateRequest = z.input<typeof RubricUpdateRequest>;

/** POST /observation/uninformed (SPEC: only the observation id; `id` = client UUID of the new meeting). */
export const UninformedCreateRequest = z.object({ observationsId: uuid, id: optUuid });
export type UninformedCreateRequest = z.input<typeof UninformedCreateRequest>;

/** Closing the cycle (src/shared/closing.ts): the faculty member's acknowledgement and response, the HOD's sign-off. */
export const AcknowledgeRequest = z.object({ observationsId: uuid, fullName: text(TEXT_MAX.name) });
export type AcknowledgeRequest = z.input<typeof AcknowledgeRequest>;
export const ResponseRequest = z.object({ observationsId: uuid, response: text(TEXT_MAX.chat) });
export type ResponseRequest = z.input<typeof ResponseRequest>;
export const SignOffRequest = z.object({ observationsId: uuid });
export type SignOffRequest = z.input<typeof SignOffRequest>;

/** A post-observation slot: an ISO date-time, or {id (client UUID), dateTime}. Stored in UTC. */
export const PostSlotInput = z.union([text(TEXT_MAX.code).min(1), z.object({ id: optUuid, dateTime: text(TEXT_MAX.code).min(1) })]);
export type PostSlotInput = z.infer<typeof PostSlotInput>;

export const PostCreateRequest = z.object({
  observationsId: uuid,
  facultyId: text(TEXT_MAX.id).optional(),
  id: optUuid,
  timeSlotsByObserver: z.array(PostSlotInput).max(LIST_MAX.slots).optional().default([]),
  location: text(TEXT_MAX.line).nullable().optional(),
});
export type PostCreateRequest = z.input<typeof PostCreateRequest>;

/**
 * PUT /observation/post-scheduling. Shapes: reflection plan (templateResponse); status (Scheduled | Completed);
 * faculty's choice (timeSlotByFaculty: slot id); observer's slots/location.
 */
export const PostUpdateRequest = z.object({
  observationsId: uuid,
  templateResponse: TemplateResponse.optional(),
  templateId: text(TEXT_MAX.id).optional(),
  editedById: text(TEXT_MAX.id).optional(),
  status: z.enum(['Scheduled', 'Completed']).optional(),
  timeSlotByFaculty: z.union([text(TEXT_MAX.id), z.object({ id: text(TEXT_MAX.id) })]).nullable().optional(),
  timeSlotsByObserver: z.array(PostSlotInput).max(LIST_MAX.slots).optional(),
  location: text(TEXT_MAX.line).nullable().optional(),
});
export type PostUpdateRequest = z.input<typeof PostUpdateRequest>;

export type PostAction = 'plan' | 'status' | 'facultySlot' | 'observerSlots';
export function postAction(b: z.infer<typeof PostUpdateRequest>): PostAction {
  if (b.templateResponse) return 'plan';
  if (b.status) return 'status';
  if (b.timeSlotByFaculty !== undefined) return 'facultySlot';
  return 'observerSlots';
}

/**
 * POST /upload-artifact/{id} ({id} = post-observation id, or the observation id). The file is named either by
 * the tus `uploadId` (or its upload URL in `fileURL`); `id` = client UUID of the artifact.
 */
export const UploadArtifactRequest = z.object({
  id: optUuid,
  uploadId: text(TEXT_MAX.line).optional(),
  fileURL: text(TEXT_MAX.url).optional(),
  name: text(TEXT_MAX.line).trim().min(1),
  type: text(TEXT_MAX.line).optional(),
});
export type UploadArtifactRequest = z.input<typeof UploadArtifactRequest>;

/** POST /observation/{id}/messages */
export const ChatMessageRequest = z.object({ id: optUuid, body: text(TEXT_MAX.chat).optional().default('') });
export type ChatMessageRequest = z.input<typeof ChatMessageRequest>;

// ───────────────────────────── documents ─────────────────────────────

export const PlanStep = z.object({
  id: z.string(),
  templatePlanId: z.string().nullable(),
  key: z.string(),
  code: z.string(),
  name: z.string(),
  field: z.string(),
  response: z.string().nullable(),
});
export type PlanStep = z.infer<typeof PlanStep>;

export const ObservationPlan = z.object({
  id: z.string(),
  type: z.string(),
  editedBy: z.string().nullable(),
  editedAt: z.string().nullable(),
  steps: z.array(PlanStep),
});
export type ObservationPlan = z.infer<typeof ObservationPlan>;

export const RubricRow = z.object({
  id: z.string(),
  code: z.string(),
  title: z.string(),
  facultyScore: z.number().nullable(),
  /** Always null for a Faculty viewer. */
  observerScore: z.number().nullable(),
});
export type RubricRow = z.infer<typeof RubricRow>;

export const Meeting = z.object({
  id: z.string(),
  status: z.string(),
  /**
   * Totals out of `maximum` (SPEC: 80) once that side submitted; observerScore, finalScore and percentage are null
   * for Faculty.
   */
  observerScore: z.number().nullable(),
  facultyScore: z.number().nullable(),
  finalScore: z.number().nullable(),
  percentage: z.number().nullable(),
  /** A side's largest total on the observation's rubric version: items × top level value (SPEC: 80). */
  maximum: z.number(),
  rubrics: z.array(RubricRow),
  observationsId: z.string(),
});
export type Meeting = z.infer<typeof Meeting>;

export const Artifact = z.object({ id: z.string(), name: z.string(), type: z.string(), fileURL: z.string() });
export type Artifact = z.infer<typeof Artifact>;

export const PostObservation = z.object({
  id: z.string(),
  status: z.string(),
  location: z.string().nullable(),
  scheduledOn: z.string().nullable(),
  timeSlotsByObserver: z.array(z.object({ id: z.string(), dateTime: z.string() })),
  /** Id of the observer slot faculty chose. */
  timeSlotByFaculty: z.string().nullable(),
  artifacts: z.array(Artifact),
  reflectionPlan: ObservationPlan.nullable(),
  observationsId: z.string(),
});
export type PostObservation = z.infer<typeof PostObservation>;

export const ObsRequest = z.object({
  id: z.string(),
  status: z.string(),
  timeSlotByObserver: z.array(DayTime),
  timeSlotsByFaculty: z.array(DayTime),
  scheduledOn: z.string().nullable(),
  reasons: z.string().nullable(),
  facultyAccepted: z.boolean(),
  observerAccepted: z.boolean(),
  teachingPlan: ObservationPlan.nullable(),
});
export type ObsRequest = z.infer<typeof ObsRequest>;


/** Where the cycle's closing stands (null until the post-observation meeting is completed). */
export const Closing = z.object({
  responseDueAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  acknowledgedName: z.string().nullable(),
  response: z.string().nullable(),
  respondedAt: z.string().nullable(),
  signedOffAt: z.string().nullable(),
  signedOffBy: Person.nullable(),
});
export type Closing = z.infer<typeof Closing>;

/** The Observation document of SPEC §3, as GET /observation/{id} and the sync pull return it. */
export const Observation = z.object({
  id: z.string(),
  course: z.object({ id: z.string(), courseCode: z.string(), name: z.string() }).nullable(),
  courseId: z.string().nullable(),
  faculty: Person.extend({ courseSlots: z.array(UserSlot) }),
  facultyId: z.string(),
  observer: Person,
  observerId: z.string(),
  hod: Person.nullable(),
  hodId: z.string(),
  departmentId: z.number().nullable(),
  semester: z.string(),
  /** Fixed at initiation (src/shared/observation-mode.ts). */
  mode: z.enum(OBSERVATION_MODES),
  status: z.string(),
  observationStatus: z.string(),
  starting: z.string().nullable(),
  ending: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  observationProgress: z.number(),
  cycleLabel: z.string(),
  obsRequest: ObsRequest.nullable(),
  meetings: z.object({
    informedObservation: Meeting.nullable(),
    uninformedObservation: Meeting.nullable(),
    postObservation: PostObservation.nullable(),
  }),
  closing: Closing.nullable(),
  /** Growth goals agreed in this observation's meeting (src/shared/growth-goals.ts); [] for who may not read them. */
  goals: z.array(GrowthGoal),
  /** Goals of the faculty member's earlier cycles carried into this one, with their review here. */
  carriedGoals: z.array(CarriedGoal),
  /** The rubric version the observation is scored on, fixed at initiation (its items are `rubrics` of a meeting). */
  rubricVersionId: z.string(),
  version: z.number(),
});
export type Observation = z.infer<typeof Observation>;

export const ChatMessage = z.object({
  id: z.string(),
  observationId: z.string(),
  authorId: z.string(),
  authorName: z.string(),
  authorRole: z.string(),
  body: z.string(),
  createdAt: z.string(),
  version: z.number(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;
