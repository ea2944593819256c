/**
 * Domain enumerations of SPEC §3 and §9. Values use underscores; `display()` turns them into labels.
 * Plain constants and types only (no zod) so the UI's first load stays small; the zod schemas of these enums
 * live in contract/enums.ts.
 */

export const ROLES = ['Super_Admin', 'Admin', 'Campus_Director', 'Head_of_Department', 'Observer', 'Faculty'] as const;
export type Role = (typeof ROLES)[number];

export const SEMESTERS = ['Spring', 'Summer', 'Fall'] as const;
export type Semester = (typeof SEMESTERS)[number];

export const OBSERVATION_STATUSES = ['Pending', 'Ongoing', 'Completed'] as const;
export type ObservationStatus = (typeof OBSERVATION_STATUSES)[number];

/** Post-observation meetings have one more state (SPEC §4). */
export const POST_OBSERVATION_STATUSES = ['Ongoing', 'Scheduled', 'Completed'] as const;
export type PostObservationStatus = (typeof POST_OBSERVATION_STATUSES)[number];

export const PLAN_TYPES = ['Teaching', 'Reflection'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export const CAMPUSES = ['Main_Campus'] as const;
export type Campus = (typeof CAMPUSES)[number];

export const EMAIL_TEMPLATE_TYPES = ['CreateUser', 'InitiateObs', 'UpdateObs', 'ObsPrompt'] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

/** /email/:slug → template type and page title (SPEC §2). */
export const EMAIL_SLUGS = {
  'new-user': { type: 'CreateUser', title: 'New User Email' },
  'initiate-observation': { type: 'InitiateObs', title: 'Initiate Observation Email' },
  'update-observation': { type: 'UpdateObs', title: 'Update Observation Email' },
  'observation-prompt': { type: 'ObsPrompt', title: 'Observation Prompt Email' },
} as const satisfies Record<string, { type: EmailTemplateType; title: string }>;

/** /user/:slug → role (SPEC §2). */
export const USER_SLUGS = {
  'campus-directors': 'Campus_Director',
  'head-of-departments': 'Head_of_Department',
  observers: 'Observer',
  faculty: 'Faculty',
} as const satisfies Record<string, Role>;

export const RUBRIC_CODES = ['1-A', '1-B', '1-C', '1-D'] as const;
export type RubricCode = (typeof RUBRIC_CODES)[number];
export const RUBRIC_GROUP_TITLES: Record<RubricCode, string> = {
  '1-A': 'Knowledge of Content',
  '1-B': 'Knowledge of Pedagogy',
  '1-C': 'Student Assessment',
  '1-D': 'Learning Environment',
};

/** Rubric level labels (SPEC §5). Index = score. */
export const RUBRIC_LEVELS = ['Not Demonstrating', 'Limiting', 'Developing', 'Applying', 'Innovating'] as const;

/** Replace underscores with spaces for display ("Head_of_Department" → "Head of Department"). */
export function display(value: string | null | undefined): string {
  return (value ?? '').replace(/_/g, ' ');
}
