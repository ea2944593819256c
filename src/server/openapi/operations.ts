/**
 * What the OpenAPI document says about each route: the zod schemas the route parses its input with and answers
 * with (src/shared/contract), a summary and who may call. Keyed "METHOD url" exactly as Fastify registers the
 * route; tests/server/api/openapi-cors.test.ts fails when a route has no entry here, so a new route must be described.
 * Only documentation: the routes keep parsing with zod themselves (their §5 messages and 400 "field: …" errors).
 */
import { z } from 'zod';
import { DashboardResponse, DepartmentDataResponse, PromptRequest, PromptPreview, PromptResponse, SuperDataResponse, UserListQuery, UserListResponse } from '../../shared/contract/admin.js';
import { AnalyticsQuery, AnalyticsResponse } from '../../shared/contract/analytics.js';
import { Department, MessageBody } from '../../shared/contract/common.js';
import { AssignSlotsRequest, Course, CourseListResponse, CourseWriteResponse, CreateCourseRequest, SlotWriteRequest } from '../../shared/contract/courses.js';
import { CalendarFeedCreated, CalendarFeedStatus } from '../../shared/contract/calendar.js';
import { AgendaRequest, AuditEntry, EvidenceNote, MeetingAgenda, NoteCreateRequest, NotePhotoRequest, NoteUpdateRequest } from '../../shared/contract/evidence.js';
import { FileLimits } from '../../shared/contract/files.js';
import { Notification, ReadAllRequest, ReadAllResponse } from '../../shared/contract/notifications.js';
import {
  Artifact,
  ChatMessage,
  ChatMessageRequest,
  InitiateRequest,
  Observation,
  PostCreateRequest,
  PostUpdateRequest,
  RubricUpdateRequest,
  SchedulingCreateRequest,
  SchedulingUpdateRequest,
  UninformedCreateRequest,
  UploadArtifactRequest,
} from '../../shared/contract/observations.js';
import { EmailTemplate, PlanTemplate, PlanTemplateResponse, UpdateEmailTemplateRequest, UpdatePlanStepRequest } from '../../shared/contract/templates.js';
import { UserData } from '../../shared/contract/user-data.js';
import { AcceptInvitationRequest, AvatarRequest, AvatarResponse, CreateUserRequest, LoginRequest, ProfileUpdate, ResetPasswordRequest, User } from '../../shared/contract/users.js';
import { PushRequest, PushResponse, SyncChangesResponse } from '../../shared/sync/protocol.js';

export interface Operation {
  summary: string;
  tag: string;
  /** Who may call (the services enforce it); "anyone" = no bearer token needed. */
  who: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The success answer and its status (default 200). */
  response?: z.ZodType;
  status?: number;
  /** A non-JSON answer (file download, tus). */
  produces?: string;
}

const created = (response: z.ZodType): Pick<Operation, 'response' | 'status'> => ({ response, status: 201 });
const MessageWithId = MessageBody.extend({ id: z.string() });
const SyncQuery = z.object({ since: z.string().optional(), limit: z.coerce.number().int().optional(), refetch: z.string().optional(), pin: z.string().optional(), scope: z.string().optional() });
const ALL = 'Super_Admin, Admin, Campus_Director';

export const OPERATIONS: Record<string, Operation> = {
  'POST /api/auth/login': { tag: 'auth', summary: 'Sign in: the user object with `token`', who: 'anyone', body: LoginRequest, response: User },
  'POST /api/auth/logout': { tag: 'auth', summary: 'Revoke this token', who: 'signed in', response: MessageBody },
  'GET /api/auth/me': { tag: 'auth', summary: 'The current user object', who: 'signed in', response: User },
  'POST /api/auth/create': { tag: 'auth', summary: 'Create a user (Faculty: `courses` = slot ids)', who: `${ALL}, Head_of_Department`, body: CreateUserRequest, ...created(User) },
  'POST /api/auth/accept-invitation': { tag: 'auth', summary: 'An invited user sets their own password with the emailed token', who: 'anyone', body: AcceptInvitationRequest, response: MessageBody },
  'PUT /api/auth/reset-password': { tag: 'auth', summary: 'Change the own password', who: 'signed in', body: ResetPasswordRequest, response: MessageBody },

  'GET /api/user/:id': { tag: 'users', summary: 'User data: the user, their course slots and observations', who: 'yourself, or a user your role may see', response: UserData },
  'PUT /api/user/update/:id': { tag: 'users', summary: 'Edit the own profile: the updated user with `token`', who: 'the user themselves', body: ProfileUpdate, response: User },
  'PUT /api/user/avatar': { tag: 'users', summary: 'Set the own profile picture from a finished tus upload (JPEG/PNG/WebP by content, ≤ 512 KB)', who: 'signed in', body: AvatarRequest, response: AvatarResponse },
  'GET /api/user/:id/export': { tag: 'users', summary: 'All data Observa holds about a user, as that user sees it: a zip of JSON and CSV', who: 'the user themselves; Super_Admin', produces: 'application/zip' },
  'GET /api/user/calendar-feed': { tag: 'calendar', summary: 'Whether the caller has a calendar subscription URL', who: 'signed in', response: CalendarFeedStatus },
  'POST /api/user/calendar-feed': { tag: 'calendar', summary: 'Make or reset the calendar subscription URL (shown only in this answer; the old URL stops working)', who: 'signed in', ...created(CalendarFeedCreated) },
  'DELETE /api/user/calendar-feed': { tag: 'calendar', summary: 'Stop the calendar subscription URL', who: 'signed in', response: MessageBody },
  'GET /api/calendar/:file': { tag: 'calendar', summary: 'The subscription feed `<secret>.ics` (RFC 5545, UTC): the classes and meetings of the user\'s observations', who: 'anyone with the secret URL', produces: 'text/calendar' },
  'GET /api/observation/:id/calendar.ics': { tag: 'calendar', summary: 'One observation\'s scheduled class and meeting as iCalendar', who: 'its observer and faculty member', produces: 'text/calendar' },
  'GET /api/avatar/:key': { tag: 'users', summary: 'A profile picture (unguessable URL from the user document; immutable)', who: 'anyone', produces: 'image/jpeg' },
  'GET /api/users': { tag: 'users', summary: 'Paged user list (10 a page)', who: `${ALL}, Head_of_Department`, query: UserListQuery, response: UserListResponse },
  'GET /api/department': { tag: 'users', summary: 'Every department', who: 'signed in', response: z.array(Department) },

  'GET /api/notifications': { tag: 'notifications', summary: 'Own notifications, newest first', who: 'signed in', response: z.array(Notification) },
  'PUT /api/notifications/:id/open': { tag: 'notifications', summary: 'Mark a notification opened', who: 'its owner', response: Notification },
  'PUT /api/notifications/read-all': { tag: 'notifications', summary: 'Mark the own notifications created up to `before` (default: all) opened', who: 'signed in', body: ReadAllRequest, response: ReadAllResponse },

  'POST /api/sync/push': { tag: 'sync', summary: 'Batched push: outbox rows, each through its REST route, each applied atomically on its own', who: 'signed in', body: PushRequest, response: PushResponse },
  'GET /api/sync/events': { tag: 'sync', summary: 'Server-sent events: data-less "feed moved" nudges and heartbeats', who: 'signed in', produces: 'text/event-stream' },
  'GET /api/sync/changes': { tag: 'sync', summary: 'Pull: records changed since the cursor', who: 'signed in', query: SyncQuery, response: SyncChangesResponse },
  'POST /api/files': { tag: 'files', summary: 'tus 1.0: create an upload', who: 'signed in', status: 201, produces: 'tus' },
  'OPTIONS /api/files': { tag: 'files', summary: 'tus 1.0: server capabilities', who: 'signed in', status: 204, produces: 'tus' },
  'HEAD /api/files/*': { tag: 'files', summary: 'tus 1.0: upload offset', who: 'the upload’s creator', produces: 'tus' },
  'PATCH /api/files/*': { tag: 'files', summary: 'tus 1.0: append bytes', who: 'the upload’s creator', status: 204, produces: 'tus' },
  'GET /api/files/limits': { tag: 'files', summary: 'Upload size limits per kind and the caller’s quota', who: 'signed in', response: FileLimits },
  'GET /api/files/*': { tag: 'files', summary: 'tus: the uploaded bytes', who: 'the upload’s creator', produces: 'application/octet-stream' },
  'DELETE /api/files/*': { tag: 'files', summary: 'tus 1.0: abandon an upload', who: 'the upload’s creator', status: 204, produces: 'tus' },

  'GET /api/data/super-data': { tag: 'admin', summary: 'Everything: users, observations, courses, departments', who: 'Super_Admin', response: SuperDataResponse },
  'GET /api/data/:role/:departmentId': { tag: 'admin', summary: 'A department’s users and courses', who: '{role} must be the caller’s', response: DepartmentDataResponse },
  'GET /api/dashboard': { tag: 'admin', summary: 'Counts by role for the caller’s scope', who: 'signed in', response: DashboardResponse },
  'GET /api/analytics': { tag: 'admin', summary: 'Department analytics: completion funnel, overdue observations, observer rubric averages by semester and by faculty', who: 'Super_Admin, Admin, Campus_Director; Head_of_Department (own department)', query: AnalyticsQuery, response: AnalyticsResponse },
  'GET /api/analytics/export.csv': { tag: 'admin', summary: 'The department’s observations as CSV (course, people, stage, dates, rubric totals)', who: 'Super_Admin, Admin, Campus_Director; Head_of_Department (own department)', query: AnalyticsQuery, produces: 'text/csv' },
  'GET /api/courses': { tag: 'courses', summary: 'Courses the caller may see', who: 'signed in', response: CourseListResponse },
  'GET /api/course/:id': { tag: 'courses', summary: 'A course with its slots', who: 'who may see the course', response: Course },
  'POST /api/course': { tag: 'courses', summary: 'Create a course with its slots', who: 'Super_Admin, Admin, Head_of_Department', body: CreateCourseRequest, ...created(CourseWriteResponse) },
  'PUT /api/course/user/:facultyId': { tag: 'courses', summary: 'Assign unassigned slots to a faculty member', who: 'Super_Admin, Admin, Head_of_Department', body: AssignSlotsRequest, response: CourseWriteResponse },
  'POST /api/course/:id/slot': { tag: 'courses', summary: 'Add a slot to a course', who: 'Super_Admin, Admin, Head_of_Department (own department)', body: SlotWriteRequest, ...created(CourseWriteResponse) },
  'PUT /api/course/:id/slot/:slotId': { tag: 'courses', summary: 'Edit a slot (section code, day, time, location)', who: 'Super_Admin, Admin, Head_of_Department (own department)', body: SlotWriteRequest, response: CourseWriteResponse },
  'DELETE /api/course/:id/slot/:slotId': { tag: 'courses', summary: 'Delete an unassigned slot (409 when assigned, used by an observation, or the last)', who: 'Super_Admin, Admin, Head_of_Department (own department)', response: CourseWriteResponse },
  'DELETE /api/course/:id/slot/:slotId/faculty': { tag: 'courses', summary: 'Unassign a slot from its faculty member (409 while they have an open observation of the course)', who: 'Super_Admin, Admin, Head_of_Department (own department)', response: CourseWriteResponse },
  'GET /api/template/:id': { tag: 'templates', summary: 'A master plan (id or Teaching | Reflection)', who: 'signed in', response: PlanTemplate },
  'PUT /api/template/:id': { tag: 'templates', summary: 'Edit one step: {stepId | id, name, field}', who: 'Super_Admin, Admin', body: UpdatePlanStepRequest, response: PlanTemplateResponse },
  'GET /api/email/:id': { tag: 'templates', summary: 'An email template (id or type)', who: 'Super_Admin, Admin', response: EmailTemplate },
  'PUT /api/email/:id': { tag: 'templates', summary: 'Edit an email template (≤ 500 words)', who: 'Super_Admin, Admin', body: UpdateEmailTemplateRequest, response: EmailTemplate },
  'POST /api/observation/prompt/preview': { tag: 'admin', summary: 'What an observation prompt would send, to whom (nothing is sent)', who: 'Super_Admin, Admin', body: PromptRequest, response: PromptPreview },
  'POST /api/observation/prompt': { tag: 'admin', summary: 'Observation prompt to a department’s HODs', who: 'Super_Admin, Admin', body: PromptRequest, response: PromptResponse },

  'POST /api/observation/initiate': { tag: 'observations', summary: 'Initiate observations', who: 'Head_of_Department', body: InitiateRequest, ...created(MessageBody.extend({ ids: z.record(z.string(), z.string()) })) },
  'GET /api/observations': { tag: 'observations', summary: 'Observations visible to the caller', who: 'signed in', response: z.array(Observation) },
  'GET /api/observation/:id': { tag: 'observations', summary: 'The observation document', who: 'its HOD, observer, faculty; the all-seeing roles', response: Observation },
  'DELETE /api/observation/:id': { tag: 'observations', summary: 'Delete an observation', who: 'Super_Admin', response: MessageBody },
  'POST /api/observation/scheduling': { tag: 'observations', summary: 'Start scheduling (observer picks the course)', who: 'its observer', body: SchedulingCreateRequest, ...created(MessageBody) },
  'PUT /api/observation/scheduling': { tag: 'observations', summary: 'A scheduling step (slots, date, accept, Done, teaching plan)', who: 'its faculty or observer', body: SchedulingUpdateRequest, response: MessageBody },
  'PUT /api/observation/informed': { tag: 'observations', summary: 'Save / submit informed rubric scores, or lock', who: 'its faculty or observer', body: RubricUpdateRequest, response: MessageBody },
  'PUT /api/observation/uninformed': { tag: 'observations', summary: 'Save / submit uninformed rubric scores, or lock', who: 'its faculty or observer', body: RubricUpdateRequest, response: MessageBody },
  'POST /api/observation/uninformed': { tag: 'observations', summary: 'Start uninformed scoring', who: 'its observer', body: UninformedCreateRequest, ...created(MessageWithId) },
  'POST /api/observation/post-scheduling': { tag: 'observations', summary: 'Create the post-observation meeting', who: 'its observer', body: PostCreateRequest, ...created(MessageWithId) },
  'PUT /api/observation/post-scheduling': { tag: 'observations', summary: 'A post-observation step (slots, choice, status, reflection plan)', who: 'its observer or faculty', body: PostUpdateRequest, response: MessageBody },
  'POST /api/upload-artifact/:id': { tag: 'observations', summary: 'Register a finished upload as an artifact', who: 'the observation’s faculty', body: UploadArtifactRequest, ...created(MessageBody.extend(Artifact.shape).extend({ artifact: Artifact })) },
  'GET /api/artifacts/:id/file': { tag: 'observations', summary: 'An artifact’s file', who: 'who may see the observation', produces: 'application/octet-stream' },
  'GET /api/observation/:id/messages': { tag: 'observations', summary: 'The observation’s conversation', who: 'who may see the observation', response: z.array(ChatMessage) },
  'POST /api/observation/:id/messages': { tag: 'observations', summary: 'Send a message', who: 'its observer, faculty and HOD', body: ChatMessageRequest, ...created(ChatMessage) },
  // Evidence notes, meeting agenda, audit trail.
  'GET /api/observation/:id/notes': { tag: 'observations', summary: 'Evidence notes as the caller may see them', who: 'its observer, HOD, Super_Admin; its faculty (shared notes of a locked rubric)', response: z.array(EvidenceNote) },
  'POST /api/observation/:id/notes': { tag: 'observations', summary: 'Write an evidence note (offset since class start, rubric tags)', who: 'its observer, while the rubric is open', body: NoteCreateRequest, ...created(EvidenceNote) },
  'PUT /api/observation/:id/notes/:noteId': { tag: 'observations', summary: 'Edit a note (content until the lock) or share it', who: 'its observer', body: NoteUpdateRequest, response: EvidenceNote },
  'DELETE /api/observation/:id/notes/:noteId': { tag: 'observations', summary: 'Delete a note', who: 'its observer, while the rubric is open', response: MessageWithId },
  'PUT /api/observation/:id/notes/:noteId/photo': { tag: 'observations', summary: 'Attach a finished upload (JPEG/PNG) as the note’s photo', who: 'its observer, while the rubric is open', body: NotePhotoRequest, response: EvidenceNote },
  'GET /api/observation/:id/notes/:noteId/photo': { tag: 'observations', summary: 'A note’s photo', who: 'who may see the note', produces: 'image/jpeg' },
  'GET /api/observation/:id/agenda': { tag: 'observations', summary: 'The post-observation meeting agenda (no scores)', who: 'its observer, HOD, Super_Admin; its faculty once shared', response: MeetingAgenda },
  'PUT /api/observation/:id/agenda': { tag: 'observations', summary: 'Save or share the meeting agenda', who: 'its observer, once a rubric is locked', body: AgendaRequest, response: MeetingAgenda },
  'GET /api/observation/:id/audit': { tag: 'observations', summary: 'Who did what and when (server and device time)', who: 'its observer, HOD, Super_Admin', response: z.array(AuditEntry) },
};
