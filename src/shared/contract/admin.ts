/**
 * Administration on the wire: data loaders (GET /data/super-data, GET /data/{role}/{departmentId}), the paged
 * user list (GET /users), dashboard counts (GET /dashboard) and the observation prompt (POST /observation/prompt).
 */
import { z } from 'zod';
import { INT32_MAX, USER_PAGE_SIZE, PROMPT_THRESHOLD_MIN, TEXT_MAX } from '../constants.js';
import { CAMPUSES } from '../enums.js';
import { ObservationStatus, Role, Semester } from './enums.js';
import { MSG } from '../messages.js';
import { Department } from './common.js';
import { Course } from './courses.js';
import { Observation } from './observations.js';
import { User } from './users.js';
import { intId, text } from './text.js';

/** An observation as listed in the Super_Admin data load (no scores, no plans). */
export const ObservationSummary = z.object({
  id: z.string(),
  facultyId: z.string(),
  observerId: z.string(),
  hodId: z.string(),
  departmentId: z.number().nullable(),
  courseId: z.string().nullable(),
  semester: Semester,
  status: ObservationStatus,
  progress: z.number(),
  starting: z.string().nullable(),
  ending: z.string().nullable(),
  createdAt: z.string(),
});
export type ObservationSummary = z.infer<typeof ObservationSummary>;

/**
 * An observation in the Super_Admin data load: the whole Observation document of SPEC §3 (faculty.name,
 * observer.name, observationProgress, obsRequest, meetings, …) plus the summary's `progress`.
 */
export const SuperDataObservation = Observation.extend({ progress: z.number() });
export type SuperDataObservation = z.infer<typeof SuperDataObservation>;

/** GET /data/super-data (Super_Admin). Users never include Super_Admin rows nor password material. */
export const SuperDataResponse = z.object({
  users: z.array(User),
  observations: z.array(SuperDataObservation),
  courses: z.array(Course),
  departments: z.array(Department),
});
export type SuperDataResponse = z.infer<typeof SuperDataResponse>;

/** GET /data/{role}/{departmentId}: the department's users and courses. */
export const DepartmentDataResponse = z.object({
  users: z.array(User),
  courses: z.array(Course),
});
export type DepartmentDataResponse = z.infer<typeof DepartmentDataResponse>;

/** GET /users?role=&page= (page from 1, USER_PAGE_SIZE rows). */
export const UserListQuery = z.object({
  role: Role.optional(),
  page: z.coerce.number().int().min(1).max(INT32_MAX).optional().default(1),
});
export type UserListQuery = z.input<typeof UserListQuery>;

export const UserListResponse = z.object({
  users: z.array(User),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.literal(USER_PAGE_SIZE),
});
export type UserListResponse = z.infer<typeof UserListResponse>;

/**
 * GET /dashboard (SPEC §6). Which counts are present depends on the role:
 *   full-menu roles: observers, faculty, headsOfDepartment, observations
 *   Head_of_Department: observers, faculty (of the department), observations (of the department)
 *   Faculty: observations (theirs), slots (assigned to them)
 *   Observer: observations (theirs)
 */
export const DashboardCounts = z.object({
  observers: z.number().int().optional(),
  faculty: z.number().int().optional(),
  headsOfDepartment: z.number().int().optional(),
  observations: z.number().int().optional(),
  slots: z.number().int().optional(),
});
export type DashboardCounts = z.infer<typeof DashboardCounts>;
export const DashboardResponse = z.object({ role: Role, counts: DashboardCounts });
export type DashboardResponse = z.infer<typeof DashboardResponse>;

/** Highest meaningful threshold: it is a percentage. */
export const PROMPT_THRESHOLD_MAX = 100;

/** POST /observation/prompt. Lenient so the SPEC §5 messages can be answered. */
export const PromptRequest = z.object({
  departmentId: intId().nullable().optional(),
  campus: text(TEXT_MAX.code).nullable().optional(),
  threshold: z.number().nullable().optional(),
});
export type PromptRequest = z.input<typeof PromptRequest>;

/** SPEC §5 prompt rules: campus and department both, then threshold 50–100. */
export function promptError(input: { departmentId?: number | null; campus?: string | null; threshold?: number | null }): string | null {
  if (!input.campus || !(CAMPUSES as readonly string[]).includes(input.campus) || input.departmentId == null) {
    return MSG.campusAndDepartment;
  }
  if (input.threshold == null || Number.isNaN(input.threshold) || input.threshold < PROMPT_THRESHOLD_MIN) return MSG.thresholdMin;
  if (input.threshold > PROMPT_THRESHOLD_MAX) return MSG.thresholdMax;
  return null;
}

/** One faculty member listed by a prompt: `percentage` of their latest completed observation, null = never observed. */
export const PromptFaculty = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  percentage: z.number().nullable(),
});
export type PromptFaculty = z.infer<typeof PromptFaculty>;

export const PromptResponse = z.object({
  message: z.string(),
  listed: z.number().int(),
  faculty: z.array(PromptFaculty),
  /** The Heads of Department who were emailed the list (one email each; none when nobody is listed). */
  recipients: z.array(z.object({ name: z.string(), email: z.string() })),
});
export type PromptResponse = z.infer<typeof PromptResponse>;

/** POST /observation/prompt/preview: what the prompt would send, to whom (subject and HTML body each); nothing sent. */
export const PromptPreview = z.object({
  listed: z.number().int(),
  faculty: z.array(PromptFaculty),
  recipients: z.array(z.object({ name: z.string(), email: z.string(), subject: z.string(), body: z.string() })),
});
export type PromptPreview = z.infer<typeof PromptPreview>;
