/**
 * Drizzle schema: one table per entity of SPEC §3 plus what the server itself needs.
 *
 * Invariants
 * - Every synced table has `version`: a value of the global `sync_version` sequence, set by a trigger
 *   (`observa_bump_version`) on every insert and on the first update of a row in a transaction (migration 0016).
 *   Writers do not wait for each other: on its first bump a transaction publishes a lower bound of its versions
 *   as a shared advisory lock, and a pull reads only up to `observa_sync_upper_bound()`, below every transaction
 *   still in flight (migration 0009), so it never skips a row committed later with a smaller version.
 * - A change to any part of an observation (scheduling, plans, meetings, scores, post-observation, artifacts,
 *   chat) bumps the observation row too (triggers `touch_observation`), because the replica keeps observations
 *   as whole documents.
 * - Deletions of synced rows write a tombstone with their own version.
 *
 * What this file cannot say (Drizzle has no words for it) lives in the migrations and is checked against the
 * database by tests/server/db/schema-truth.test.ts: the trigger functions and triggers (their current text in
 * ./functions.sql) and the foreign keys in DEFERRED_FOREIGN_KEYS below.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/**
 * The seeded institution rubric (SPEC §9's 4 × 5 items, 0–4), version 1: migration 0024 made the items that existed
 * its version and seed/base.ts creates it on a new database. An observation inserted without a version scores on it.
 */
export const SPEC_RUBRIC_ID = '5bec0000-0000-4000-8000-000000000001';
export const SPEC_RUBRIC_VERSION_ID = '5bec0000-0000-4000-8000-000000000002';

export const syncVersion = pgSequence('sync_version', { startWith: 1, increment: 1 });

const version = () => bigint('version', { mode: 'number' }).notNull().default(0);
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const departments = pgTable(
  'departments',
  {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /**
   * How the department's programme observes (src/shared/observation-mode.ts): 'summative' or 'formative'. Copied
   * onto each observation when it is initiated; changing it later changes no existing observation.
   */
  observationMode: text('observation_mode').notNull().default('summative'),
  version: version(),
  },
  (t) => [check('departments_observation_mode_check', sql`${t.observationMode} in ('summative', 'formative')`)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored lower-cased; unique, and unique whatever its case (users_email_lower_key: one account per address). */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    campus: text('campus').notNull().default('Main_Campus'),
    departmentId: integer('department_id').references(() => departments.id),
    phone: text('phone'),
    dateOfBirth: text('date_of_birth'),
    designation: text('designation'),
    avatar: text('avatar'),
    /** Bytes of the stored picture, counted in its owner's upload quota (services/uploads/quota.ts). */
    avatarSize: bigint('avatar_size', { mode: 'number' }),
    institute: text('institute'),
    degree: text('degree'),
    starting: text('starting'),
    ending: text('ending'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
    /**
     * Offboarding (services/users/deactivate.ts): set, the account cannot sign in and its sessions, event streams
     * and calendar feed are ended; its history stays attributed to it. Null again on reactivation.
     */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
    /** Who deactivated the account (null while active). */
    deactivatedBy: uuid('deactivated_by'),
  },
  (t) => [
    // users_email_lower_key serves every lookup by address (emailIs below) and makes the database decide a race
    // between two creations of one address, whatever the case (http/db-errors.ts maps it to 409). A second unique
    // index on `email` itself (users_email_key, dropped by migration 0014) cost every users write an index entry.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_department_idx').on(t.departmentId),
    // The sync feed probes every synced table by version (an idle pull must stay an index probe).
    index('users_version_idx').on(t.version),
  ],
);

/** The user with this address (lower-cased, as stored): a probe of users_email_lower_key. */
export function emailIs(email: string): SQL {
  return sql`lower(${users.email}) = ${email.toLowerCase()}`;
}

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the bearer token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** Last request seen with this session (moved at most every SESSION_TOUCH_MS): the idle limit counts from it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.tokenHash)],
);

export const courses = pgTable('courses', {
  id: uuid('id').primaryKey().defaultRandom(),
  courseCode: text('course_code').notNull(),
  name: text('name').notNull(),
  credits: integer('credits').notNull(),
  campus: text('campus').notNull().default('Main_Campus'),
  isElective: boolean('is_elective').notNull().default(false),
  isDepthElective: boolean('is_depth_elective').notNull().default(false),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
  version: version(),
}, (t) => [index('courses_version_idx').on(t.version)]);

export const courseDepartments = pgTable(
  'course_departments',
  {
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.departmentId] })],
);

export const slots = pgTable(
  'slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    courseId: uuid('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    sectionCode: text('section_code').notNull(),
    day: text('day').notNull(),
    /** 24-hour "HH:MM" or "HH:MM-HH:MM". */
    time: text('time').notNull(),
    location: text('location').notNull(),
    facultyId: uuid('faculty_id').references(() => users.id),
    version: version(),
  },
  // (faculty, version): a user document's version is max(version) of their slots, one backward index probe.
  (t) => [index('slots_course_idx').on(t.courseId), index('slots_faculty_idx').on(t.facultyId, t.version), index('slots_version_idx').on(t.version)],
);

export const observations = pgTable(
  'observations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facultyId: uuid('faculty_id')
      .notNull()
      .references(() => users.id),
    observerId: uuid('observer_id')
      .notNull()
      .references(() => users.id),
    hodId: uuid('hod_id')
      .notNull()
      .references(() => users.id),
    departmentId: integer('department_id').references(() => departments.id),
    courseId: uuid('course_id').references(() => courses.id),
    semester: text('semester').notNull(),
    /** 'summative' | 'formative', the department's mode when the observation was initiated (never changes). */
    mode: text('mode').notNull().default('summative'),
    status: text('status').notNull().default('Pending'),
    progress: integer('progress').notNull().default(0),
    starting: timestamp('starting', { withTimezone: true, mode: 'date' }),
    ending: timestamp('ending', { withTimezone: true, mode: 'date' }),
    // Closing the cycle (src/shared/closing.ts): the faculty member's acknowledgement and response, the window
    // for it (fixed when the meeting was completed), the reminder sent before it closes, and the HOD's sign-off.
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
    acknowledgedName: text('acknowledged_name'),
    response: text('response'),
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
    responseDueAt: timestamp('response_due_at', { withTimezone: true, mode: 'date' }),
    responseRemindedAt: timestamp('response_reminded_at', { withTimezone: true, mode: 'date' }),
    signedOffAt: timestamp('signed_off_at', { withTimezone: true, mode: 'date' }),
    signedOffBy: uuid('signed_off_by').references(() => users.id),
    /** The rubric version the observation is scored on, fixed at initiation (docs/adr/2026-11-28-rubric-versions.md). */
    rubricVersionId: uuid('rubric_version_id')
      .notNull()
      .default(sql.raw(`'${SPEC_RUBRIC_VERSION_ID}'::uuid`))
      .references((): AnyPgColumn => rubricVersions.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    // (person, version) for each role: a user document's version takes max(version) of the observations the
    // user is in (sync/sources/profile.ts), a backward probe per role instead of reading every such row.
    index('observations_faculty_idx').on(t.facultyId, t.version),
    index('observations_observer_idx').on(t.observerId, t.version),
    index('observations_department_idx').on(t.departmentId),
    index('observations_version_idx').on(t.version),
    index('observations_hod_idx').on(t.hodId, t.version),
    // One open observation per faculty member: "open" is exactly the initiate rule's `status <> 'Completed'`
    // (services/observations/initiate.ts; a deleted observation is gone, its row removed). The database decides
    // concurrent initiates; http/db-errors.ts maps the loser's violation to 409 facultyHasOpenObservation.
    uniqueIndex('observations_open_faculty_key').on(t.facultyId).where(sql`${t.status} <> 'Completed'`),
    check('observations_mode_check', sql`${t.mode} in ('summative', 'formative')`),
  ],
);

/** obsRequest of SPEC §3: the scheduling step of a cycle. */
export const schedulingRequests = pgTable('scheduling_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  observationId: uuid('observation_id')
    .notNull()
    .unique()
    .references(() => observations.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('Ongoing'),
  /** [{ day, time }] */
  timeSlotByObserver: jsonb('time_slot_by_observer').$type<{ day: string; time: string }[]>().notNull().default(sql`'[]'::jsonb`),
  timeSlotsByFaculty: jsonb('time_slots_by_faculty').$type<{ day: string; time: string }[]>().notNull().default(sql`'[]'::jsonb`),
  scheduledOn: timestamp('scheduled_on', { withTimezone: true, mode: 'date' }),
  reasons: text('reasons'),
  facultyAccepted: boolean('faculty_accepted').notNull().default(false),
  observerAccepted: boolean('observer_accepted').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Master questionnaires (Teaching, Reflection). */
export const planTemplates = pgTable('plan_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  type: text('type').notNull().unique(),
  name: text('name').notNull(),
  version: version(),
});

export const planTemplateSteps = pgTable(
  'plan_template_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => planTemplates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Response key of SPEC §3, e.g. ProgramOutcomes. */
    key: text('key').notNull(),
    /** Section: Teacher Perspective, Teaching Context, Student Learning, Reflective Write-ups. */
    code: text('code').notNull(),
    /** Label shown above the answer. */
    name: text('name').notNull(),
    /** The question / guidance text. */
    field: text('field').notNull(),
    version: version(),
  },
  (t) => [index('plan_template_steps_template_idx').on(t.templateId)],
);

/** A plan copied into an observation (teaching plan on the request, reflection plan on the post-observation). */
export const observationPlans = pgTable(
  'observation_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    observationId: uuid('observation_id')
      .notNull()
      .references(() => observations.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    templateId: uuid('template_id').references(() => planTemplates.id),
    editedBy: uuid('edited_by').references(() => users.id),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('observation_plans_obs_type_key').on(t.observationId, t.type)],
);

export const observationPlanSteps = pgTable(
  'observation_plan_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => observationPlans.id, { onDelete: 'cascade' }),
    /** templatePlanId of SPEC §3: the master step this was copied from. */
    templateStepId: uuid('template_step_id'),
    position: integer('position').notNull(),
    key: text('key').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    field: text('field').notNull(),
    response: text('response'),
  },
  (t) => [index('observation_plan_steps_plan_idx').on(t.planId)],
);

/** A rubric (docs/adr/2026-11-28-rubric-versions.md): institution-wide (department null) or one department's. */
export const rubrics = pgTable(
  'rubrics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    departmentId: integer('department_id').references(() => departments.id),
    /** The institution's default rubric (one at most): what an observation uses when its department names none. */
    institutionDefault: boolean('institution_default').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    index('rubrics_department_idx').on(t.departmentId),
    uniqueIndex('rubrics_institution_default_key').on(t.institutionDefault).where(sql`${t.institutionDefault}`),
  ],
);

/**
 * One version of a rubric: draft (editable) → published (immutable: a trigger refuses any change to its items or
 * scale) → retired (no new observations). scale: [{ value, label }], 2–7 levels (src/shared/rubric-definition.ts).
 */
export const rubricVersions = pgTable(
  'rubric_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rubricId: uuid('rubric_id')
      .notNull()
      .references(() => rubrics.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    /** 'draft' | 'published' | 'retired' */
    status: text('status').notNull().default('draft'),
    scale: jsonb('scale').$type<{ value: number; label: string }[]>().notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    publishedBy: uuid('published_by').references(() => users.id),
    retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex('rubric_versions_rubric_number_key').on(t.rubricId, t.number)],
);

/** A department's default rubric: its newest published version is what an observation there uses by default. */
export const rubricDefaults = pgTable('rubric_defaults', {
  departmentId: integer('department_id')
    .primaryKey()
    .references(() => departments.id, { onDelete: 'cascade' }),
  rubricId: uuid('rubric_id')
    .notNull()
    .references(() => rubrics.id, { onDelete: 'cascade' }),
  setBy: uuid('set_by').references(() => users.id),
  setAt: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The items of a rubric version, in group order (group_position) then item order (position, within the group). */
export const rubricItems = pgTable(
  'rubric_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rubricVersionId: uuid('rubric_version_id')
      .notNull()
      .references(() => rubricVersions.id, { onDelete: 'cascade' }),
    /** The group's code (SPEC: '1-A' … '1-D'). */
    code: text('code').notNull(),
    groupTitle: text('group_title').notNull(),
    groupPosition: integer('group_position').notNull(),
    position: integer('position').notNull(),
    /** The item's own code within the version (unique there); its title. */
    itemCode: text('item_code').notNull(),
    title: text('title').notNull(),
    guidance: text('guidance'),
    /** { "<level value>": text } */
    descriptors: jsonb('descriptors').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    index('rubric_items_version_idx').on(t.rubricVersionId, t.groupPosition, t.position),
    uniqueIndex('rubric_items_version_item_code_key').on(t.rubricVersionId, t.itemCode),
  ],
);

/** Informed and uninformed observations (meetings.informedObservation / uninformedObservation). */
export const meetings = pgTable(
  'meetings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    observationId: uuid('observation_id')
      .notNull()
      .references(() => observations.id, { onDelete: 'cascade' }),
    /** 'informed' | 'uninformed' */
    kind: text('kind').notNull(),
    status: text('status').notNull().default('Ongoing'),
    /** Totals out of 80, set when that side submits its final scores. */
    observerScore: real('observer_score'),
    facultyScore: real('faculty_score'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('meetings_obs_kind_key').on(t.observationId, t.kind)],
);

export const rubricScores = pgTable(
  'rubric_scores',
  {
    meetingId: uuid('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    rubricItemId: uuid('rubric_item_id')
      .notNull()
      .references(() => rubricItems.id),
    /** 'observer' | 'faculty' — from the token, never from the body. */
    side: text('side').notNull(),
    score: integer('score').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.rubricItemId, t.side] })],
);

export const postObservations = pgTable('post_observations', {
  id: uuid('id').primaryKey().defaultRandom(),
  observationId: uuid('observation_id')
    .notNull()
    .unique()
    .references(() => observations.id, { onDelete: 'cascade' }),
  status: text('status').notNull().default('Ongoing'),
  location: text('location'),
  scheduledOn: timestamp('scheduled_on', { withTimezone: true, mode: 'date' }),
  /** The observer slot chosen by faculty. */
  timeSlotByFaculty: uuid('time_slot_by_faculty'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const postObservationSlots = pgTable(
  'post_observation_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postObservationId: uuid('post_observation_id')
      .notNull()
      .references(() => postObservations.id, { onDelete: 'cascade' }),
    dateTime: timestamp('date_time', { withTimezone: true, mode: 'date' }).notNull(),
  },
  // Documents are built for a page of observations at once (services/observations/document.ts): by parent.
  (t) => [index('post_observation_slots_post_idx').on(t.postObservationId)],
);

export const artifacts = pgTable(
  'artifacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postObservationId: uuid('post_observation_id')
      .notNull()
      .references(() => postObservations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** pdf | docx | jpeg | png | mp4 */
    type: text('type').notNull(),
    fileUrl: text('file_url').notNull(),
    /** Generated file name in storage; never derived from user input. */
    storageKey: text('storage_key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('artifacts_post_idx').on(t.postObservationId)],
);

/** Chat panel: conversation of one observation between its observer, faculty and HOD. */
export const observationMessages = pgTable(
  'observation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    observationId: uuid('observation_id')
      .notNull()
      .references(() => observations.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [index('observation_messages_obs_idx').on(t.observationId), index('observation_messages_version_idx').on(t.version)],
);

/**
 * Evidence notes: what the observer writes in the room during an informed or uninformed observation,
 * stamped with the seconds since the class started, optionally tagged to rubric items and with one photo.
 * Editable until that rubric is locked; faculty see only `shared` notes, and only after the lock.
 */
export const evidenceNotes = pgTable(
  'evidence_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    observationId: uuid('observation_id')
      .notNull()
      .references(() => observations.id, { onDelete: 'cascade' }),
    /** 'informed' | 'uninformed': the rubric the note belongs to (its lock freezes the note). */
    kind: text('kind').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    offsetSeconds: integer('offset_seconds').notNull().default(0),
    /** Rubric item ids the note is tagged to. */
    rubricItemIds: jsonb('rubric_item_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    shared: boolean('shared').notNull().default(false),
    /** Storage key of the attached photo (`<uuid>.jpeg|png`), moved from a finished tus upload. */
    photoKey: text('photo_key'),
    /** Bytes of the stored photo, counted in its author's upload quota (services/uploads/quota.ts). */
    photoSize: bigint('photo_size', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [index('evidence_notes_obs_idx').on(t.observationId), index('evidence_notes_version_idx').on(t.version)],
);

/**
 * The post-observation meeting's agenda: drafted by the observer from the agreement view (items with
 * the largest score differences), edited and shared. It never holds scores: faculty may read a shared agenda.
 */
export const meetingAgendas = pgTable('meeting_agendas', {
  observationId: uuid('observation_id')
    .primaryKey()
    .references(() => observations.id, { onDelete: 'cascade' }),
  /** [{ rubricItemId, text }] in meeting order. */
  items: jsonb('items').$type<{ rubricItemId: string; text: string }[]>().notNull(),
  /** Free text for the meeting (opening, goals). */
  summary: text('summary').notNull().default(''),
  shared: boolean('shared').notNull().default(false),
  updatedAt: updatedAt(),
  version: version(),
});

/**
 * Growth goals (src/shared/growth-goals.ts): agreed at an observation's post-observation meeting by its observer and
 * faculty member, each tied to rubric items, with actions and a target date. They carry into the faculty member's
 * next cycles until reviewed as met there (growth_goal_reviews).
 */
export const growthGoals = pgTable(
  'growth_goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The observation whose meeting agreed the goal (its document carries it; the touch trigger bumps it). */
    observationId: uuid('observation_id')
      .notNull()
      .references(() => observations.id, { onDelete: 'cascade' }),
    facultyId: uuid('faculty_id')
      .notNull()
      .references(() => users.id),
    rubricItemIds: jsonb('rubric_item_ids').$type<string[]>().notNull(),
    goal: text('goal').notNull(),
    actions: text('actions').notNull().default(''),
    /** The day the goal should be reached, YYYY-MM-DD. */
    targetDate: text('target_date').notNull(),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('growth_goals_observation_idx').on(t.observationId), index('growth_goals_faculty_idx').on(t.facultyId)],
);

/** A goal's review in a later observation of the same faculty member: met, partly or not yet. */
export const growthGoalReviews = pgTable(
  'growth_goal_reviews',
  {
    goalId: uuid('goal_id')
      .notNull()
      .references(() => growthGoals.id, { onDelete: 'cascade' }),
    /** The observation whose meeting reviewed it (its document carries the review; the touch trigger bumps it). */
    observationId: uuid('observation_id')
      .notNull()
      .references(() => observations.id, { onDelete: 'cascade' }),
    /** 'met' | 'partly' | 'not_yet' */
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    reviewedBy: uuid('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.goalId, t.observationId] }),
    index('growth_goal_reviews_observation_idx').on(t.observationId),
    check('growth_goal_reviews_status_check', sql`${t.status} in ('met', 'partly', 'not_yet')`),
  ],
);

export const emailTemplates = pgTable('email_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  type: text('type').notNull().unique(),
  /** The body text with {{name}} / {{email}} tokens. */
  email: text('email').notNull(),
  subject: text('subject').notNull(),
  updatedAt: updatedAt(),
  version: version(),
});

/** Every email the server sends is recorded here; SMTP delivery happens when SMTP_URL is set. */
export const emailOutbox = pgTable('email_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  templateType: text('template_type'),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  error: text('error'),
  /**
   * A flusher's claim on an unsent row (services/mail/outbox-flusher.ts): rows are claimed with
   * `FOR UPDATE SKIP LOCKED` and this lease, so two server processes never send one email twice. A claim whose
   * lease ran out (its process died mid-send) may be taken again.
   */
  claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
});

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    route: text('route').notNull(),
    open: boolean('open').notNull().default(false),
    /** The observation it is about (null for course assignments and prompts); deleting it deletes its notifications. */
    observationId: uuid('observation_id').references(() => observations.id, { onDelete: 'cascade' }),
    /** What happened (e.g. `scheduling.facultySlots`): one notification per recipient, observation and event. */
    event: text('event'),
    /** Who acted, by name, at the time: shown as "by …". */
    actorName: text('actor_name'),
    /** The observation named for people: "CSC-101 Programming · Faculty Name · Fall". */
    subject: text('subject'),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId),
    index('notifications_user_version_idx').on(t.userId, t.version),
    // The cascade from a deleted observation finds its notifications without a scan.
    index('notifications_observation_idx').on(t.observationId),
    // A repeated event (a plan saved step by step, slots offered again) updates the one notification: no duplicates.
    uniqueIndex('notifications_user_obs_event_key').on(t.userId, t.observationId, t.event),
  ],
);

/** Exactly-once writes: the key and the stored response are written in the transaction of the change. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response'),
    /** sha256 of method, route and body: the same key with another body is refused (422), never replayed. Null on rows stored before it existed. */
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Failed-login counters shared by every server instance on the database (services/auth/login-throttle.ts).
 * `key` is `ip:<address>` or `account:<sha256 of the lower-cased email>` (typed emails are not kept in clear).
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * Fixed-window request counters of @fastify/rate-limit shared by every server instance on the database
 * (plugins/rate-limit-store.ts): `key` is the route and the client address; the window ends at `window_ends`.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEnds: timestamp('window_ends', { withTimezone: true }).notNull(),
});

/**
 * A user's calendar subscription: the secret of their feed URL, kept only as a sha256 (the URL is
 * shown once, when made; a reset replaces the row, so the old URL stops working). One feed per user.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Invitations of new users to set their own password (POST /auth/create without a password). Only the SHA-256 of
 * the emailed token is stored; a token works once, until `expires_at`.
 */
export const userInvitations = pgTable('user_invitations', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Single sign-on (services/auth/oidc/). One row per OpenID Connect sign-in: started with a state (only its
 * SHA-256 is kept), the nonce and the PKCE verifier, valid for minutes and used once; after a good callback it
 * holds a one-time hand-over ticket (hash only) the app trades for its session; after that trade, the session it
 * became and the ID token the provider's logout asks for. In the database, not in memory, because the callback
 * may reach another instance than the start did.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ticketHash: text('ticket_hash'),
    ticketExpiresAt: timestamp('ticket_expires_at', { withTimezone: true, mode: 'date' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    idToken: text('id_token'),
  },
  (t) => [uniqueIndex('oidc_logins_ticket_key').on(t.ticketHash), index('oidc_logins_session_idx').on(t.sessionId), index('oidc_logins_expires_idx').on(t.expiresAt)],
);

/** A user's account at the identity provider: the issuer's stable subject, the one key single sign-on matches first. */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('user_identities_user_idx').on(t.userId)],
);

/**
 * Someone the identity provider vouched for whom no claim rule placed: held until an Admin approves (a user is
 * created with the role and department chosen then) or rejects (later sign-ins are refused).
 */
export const ssoRequests = pgTable(
  'sso_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** The claims the rules were matched against (for the Admin deciding), without tokens. */
    claims: jsonb('claims').notNull(),
    /** pending | approved | rejected */
    status: text('status').notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('sso_requests_subject_key').on(t.issuer, t.subject), index('sso_requests_status_idx').on(t.status, t.createdAt)],
);

/** Deleted synced rows. `audience` null and `scope` null = every user may learn the id was deleted. */
export const tombstones = pgTable(
  'tombstones',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    audience: uuid('audience'),
    /**
     * Whose feed the removal reaches, as the deleted row's audience was (sync/tombstones.ts): null = everyone
     * (with `audience` null); otherwise the deciding fields of the row, resolved per viewer with the scope rules.
     */
    scope: jsonb('scope'),
    createdAt: createdAt(),
    version: version(),
  },
  (t) => [index('tombstones_version_idx').on(t.version)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    detail: jsonb('detail'),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Device time of an offline change (the outbox row's creation, header X-Client-Time); null when sent live. */
    clientTime: timestamp('client_time', { withTimezone: true, mode: 'date' }),
    /** The device (X-Client-Id) that sent the change. */
    clientId: text('client_id'),
    /** The observation the change belongs to (its audit trail, GET /observation/{id}/audit). */
    observationId: uuid('observation_id'),
  },
  (t) => [index('audit_log_observation_idx').on(t.observationId)],
);

/** Small key/value facts the server keeps (e.g. the oldest cursor it can still serve). */
export const serverMeta = pgTable('server_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Foreign keys checked at commit (DEFERRABLE INITIALLY DEFERRED, migration 0015): a batched push rewrites these
 * rows many times in one transaction, and a deferred key is checked once, for the row version still live at the
 * end. Drizzle's schema cannot declare a deferrable key, so a migration generated later that recreates one of
 * these (a changed `onDelete`, a renamed column) would create it immediate: schema-truth.test.ts fails then, and
 * the generated migration needs the `ALTER TABLE … ALTER CONSTRAINT … DEFERRABLE INITIALLY DEFERRED` added by hand.
 */
export const DEFERRED_FOREIGN_KEYS = [
  'rubric_scores_meeting_id_meetings_id_fk',
  'rubric_scores_rubric_item_id_rubric_items_id_fk',
  'users_department_id_departments_id_fk',
] as const;

/**
 * Observer calibration (docs/adr/2026-11-28-calibration.md): a session in which observers score one lesson blind
 * on a published rubric version, then compare with a named expert's reference (or the median of the others).
 * Organised by a HOD for their department (department_id) or by an administrator for the institution (null).
 * The lesson is an uploaded video (video_key: a stored artifact key, `<uuid>.mp4`) or a live class (description,
 * date). reference: { "<rubric item id>": { score, rationale } } by expert_name. Open until closed_at is set: by
 * the last participant's submission, or by housekeeping once the deadline has passed (services/calibration/close.ts).
 * A participant's change touches the session (updated_at), so the session's version moves and devices re-pull it.
 */
export const calibrationSessions = pgTable(
  'calibration_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    rubricVersionId: uuid('rubric_version_id')
      .notNull()
      .references(() => rubricVersions.id),
    departmentId: integer('department_id').references(() => departments.id),
    organiserId: uuid('organiser_id')
      .notNull()
      .references(() => users.id),
    /** 'video' | 'live' */
    lessonKind: text('lesson_kind').notNull(),
    videoKey: text('video_key'),
    videoSize: bigint('video_size', { mode: 'number' }),
    liveDescription: text('live_description'),
    /** YYYY-MM-DD of the live class. */
    liveDate: text('live_date'),
    expertName: text('expert_name'),
    reference: jsonb('reference').$type<Record<string, { score: number; rationale: string }>>(),
    deadline: timestamp('deadline', { withTimezone: true, mode: 'date' }).notNull(),
    namesParticipants: boolean('names_participants').notNull().default(false),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    check('calibration_sessions_lesson_kind_check', sql`${t.lessonKind} in ('video', 'live')`),
    index('calibration_sessions_version_idx').on(t.version),
    index('calibration_sessions_open_deadline_idx').on(t.deadline).where(sql`${t.closedAt} is null`),
  ],
);

/** The observers taking part: their blind scores ({ "<rubric item id>": level value }) and when they submitted. */
export const calibrationParticipants = pgTable(
  'calibration_participants',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => calibrationSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    scores: jsonb('scores').$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] }), index('calibration_participants_user_idx').on(t.userId)],
);

/** A participant's timestamped notes on the lesson (seconds into the video); seen by their author only. */
export const calibrationNotes = pgTable(
  'calibration_notes',
  {
    id: uuid('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => calibrationSessions.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    offsetSeconds: integer('offset_seconds').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('calibration_notes_session_idx').on(t.sessionId, t.authorId)],
);

/** A rubric version's certification thresholds (absent: adjacent ≥ 80 %, exact ≥ 50 %; src/shared/calibration). */
export const calibrationThresholds = pgTable('calibration_thresholds', {
  rubricVersionId: uuid('rubric_version_id')
    .primaryKey()
    .references(() => rubricVersions.id, { onDelete: 'cascade' }),
  adjacentPct: real('adjacent_pct').notNull(),
  exactPct: real('exact_pct').notNull(),
  setBy: uuid('set_by').references(() => users.id),
  setAt: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Who is calibrated on which rubric version, until when: written when a session closes for each participant who
 * met the version's thresholds against an expert reference (the latest certifying session wins).
 */
export const calibrationCertifications = pgTable(
  'calibration_certifications',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    rubricVersionId: uuid('rubric_version_id')
      .notNull()
      .references(() => rubricVersions.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => calibrationSessions.id, { onDelete: 'cascade' }),
    certifiedAt: timestamp('certified_at', { withTimezone: true, mode: 'date' }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.rubricVersionId] })],
);
