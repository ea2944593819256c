/**
 * Wire shapes of observer calibration (docs/adr/2026-11-28-calibration.md): creating a session, a participant's
 * blind scores and notes (also the outbox mutations' args), the session as its reader may see it, the results, the
 * certification thresholds, who is due and an observer's severity. Figures are `Stat`s (src/shared/calibration):
 * a number, or no number with its reason, never NaN.
 */
import { z } from 'zod';
import { CertificationThresholds } from '../calibration/certification.js';
import { Stat, STAT_REASONS } from '../calibration/stat.js';
import { LIST_MAX, TEXT_MAX } from '../constants.js';
import { RUBRIC_ITEMS_MAX } from '../rubric-definition.js';
import { text } from './text.js';

const uuid = z.uuid();
const required = (max: number) => text(max).trim().min(1, { error: 'must not be empty' });
/** Participants of one session (a department's observers, or the institution's). */
export const CALIBRATION_PARTICIPANTS_MAX = 200;
/** Seconds into the video (a lesson lasts hours, not days). */
export const CALIBRATION_OFFSET_MAX = 24 * 3600;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const score = z.number({ error: 'must be a number' }).int({ error: 'must be a whole number' }).min(0).max(100);

/** The lesson: an uploaded video (a finished tus upload of the organiser, MP4) or a live class. */
export const CalibrationLesson = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('video'), uploadId: text(TEXT_MAX.id).optional(), fileURL: text(TEXT_MAX.url).optional() }),
  z.object({
    kind: z.literal('live'),
    description: required(TEXT_MAX.note),
    date: text(TEXT_MAX.code).regex(DAY, { error: 'must be a date YYYY-MM-DD' }),
  }),
]);

export const CalibrationReferenceItem = z.object({ itemId: uuid, score, rationale: required(TEXT_MAX.note) });

/** POST /calibration/sessions. `departmentId`: a HOD's sessions are their department's; null = the institution. */
export const CalibrationSessionCreate = z.object({
  id: uuid.optional(),
  title: required(TEXT_MAX.line),
  rubricVersionId: uuid,
  departmentId: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
  lesson: CalibrationLesson,
  participantIds: z.array(uuid).min(1, { error: 'choose at least one observer' }).max(CALIBRATION_PARTICIPANTS_MAX),
  reference: z
    .object({ expertName: required(TEXT_MAX.name), items: z.array(CalibrationReferenceItem).min(1).max(RUBRIC_ITEMS_MAX) })
    .optional(),
  deadline: z.iso.datetime({ offset: true, error: 'must be a date and time (ISO 8601)' }),
  namesParticipants: z.boolean().default(false),
});
export type CalibrationSessionCreate = z.input<typeof CalibrationSessionCreate>;

/**
 * PUT /calibration/sessions/{id}: what an organiser may correct while the session is open (fields left out stay). `participantIds` is
 * the whole new list (those left out are removed, with their scores and notes; never one who submitted). The
 * rubric version and the reference change only while nobody has saved a score; a new version needs its reference
 * (or null: none).
 */
export const CalibrationSessionEdit = z.object({
  title: required(TEXT_MAX.line).optional(),
  deadline: CalibrationSessionCreate.shape.deadline.optional(),
  participantIds: CalibrationSessionCreate.shape.participantIds.optional(),
  rubricVersionId: uuid.optional(),
  reference: CalibrationSessionCreate.shape.reference.unwrap().nullable().optional(),
});
export type CalibrationSessionEdit = z.input<typeof CalibrationSessionEdit>;

/** One scored item: the rubric item's id and a level value of the version's scale. */
export const CalibrationEntry = z.object({ id: uuid, score });
const Entries = z.array(CalibrationEntry).max(Math.max(LIST_MAX.rubricEntries, RUBRIC_ITEMS_MAX));

/** PUT /calibration/sessions/{id}/scores: whole groups, like a rubric save. */
export const CalibrationScoresRequest = z.object({ scores: Entries.min(1, { error: 'choose a level for every item of the group' }) });
/** POST /calibration/sessions/{id}/submit: optionally with the last groups; every group must then be complete. */
export const CalibrationSubmitRequest = z.object({ scores: Entries.optional() });
/** POST /calibration/sessions/{id}/notes: `id` is the client UUID (offline create). */
export const CalibrationNoteRequest = z.object({
  id: uuid,
  body: required(TEXT_MAX.note),
  offsetSeconds: z.number().int().min(0).max(CALIBRATION_OFFSET_MAX),
});

/** PUT /calibration/thresholds/{versionId}. */
export const CalibrationThresholdsRequest = z.object({ adjacentPct: z.number().min(0).max(100), exactPct: z.number().min(0).max(100) });
export const CalibrationThresholds = CertificationThresholds.extend({ rubricVersionId: z.string(), custom: z.boolean() });
export type CalibrationThresholds = z.infer<typeof CalibrationThresholds>;

export const CalibrationNote = z.object({ id: z.string(), body: z.string(), offsetSeconds: z.number(), createdAt: z.string() });

/** A session as its reader may see it (the replicated document too). */
export const CalibrationSession = z.object({
  id: z.string(),
  title: z.string(),
  rubricVersionId: z.string(),
  departmentId: z.number().nullable(),
  organiserId: z.string(),
  lesson: z.object({ kind: z.enum(['video', 'live']), videoURL: z.string().nullable(), description: z.string().nullable(), date: z.string().nullable() }),
  deadline: z.string(),
  namesParticipants: z.boolean(),
  status: z.enum(['open', 'closed']),
  closedAt: z.string().nullable(),
  participants: z.object({ total: z.number(), submitted: z.number() }),
  /** The organiser's view: who takes part (ids and names) and whether each submitted; null for a participant. */
  roster: z.array(z.object({ userId: z.string(), name: z.string(), submitted: z.boolean() })).nullable(),
  /** The reader's own part (a participant), null otherwise. */
  mine: z.object({ scores: z.record(z.string(), z.number()), submittedAt: z.string().nullable(), notes: z.array(CalibrationNote) }).nullable(),
  /** The expert's reference: the organiser always, participants once closed; null otherwise or without an expert. */
  reference: z.object({ expertName: z.string(), items: z.array(z.object({ itemId: z.string(), score: z.number(), rationale: z.string() })) }).nullable(),
  version: z.number(),
});
export type CalibrationSession = z.infer<typeof CalibrationSession>;

const Figures = z.object({ compared: z.number(), exact: z.number(), adjacent: z.number(), exactPct: Stat, adjacentPct: Stat, kappa: Stat });
const Group = z.object({ items: z.number(), excluded: z.number(), value: Stat });
const Check = z.object({ figure: z.enum(['adjacent', 'exact']), required: z.number(), actual: Stat, met: z.boolean(), reason: z.string(), message: z.string() });

/** GET /calibration/sessions/{id}/results, once closed. */
export const CalibrationResults = z.object({
  sessionId: z.string(),
  referenceKind: z.enum(['expert', 'median-of-others']),
  thresholds: CertificationThresholds,
  participants: z.array(
    Figures.extend({
      /** "You", the participant's name (named sessions) or "Participant n". */
      label: z.string(),
      /** The participant's id: the reader's own row, every row of a named session or of an organiser; else null. */
      participantId: z.string().nullable(),
      isMe: z.boolean(),
      /** Against an expert reference only. */
      certification: z.object({ met: z.boolean(), checks: z.array(Check) }).nullable(),
    }),
  ),
  items: z.array(Figures.extend({ itemId: z.string() })),
  fleiss: Group,
  icc: Group,
  /** The conversation view: per item the levels' counts, the reference with its rationale, the reader's own level. */
  distribution: z.array(
    z.object({
      itemId: z.string(),
      counts: z.array(z.object({ level: z.number(), count: z.number() })),
      missing: z.number(),
      reference: z.number().nullable(),
      rationale: z.string().nullable(),
      own: z.number().nullable(),
    }),
  ),
});
export type CalibrationResults = z.infer<typeof CalibrationResults>;

/**
 * GET /calibration/due: per observer of the department, their calibration on the department's rubric version:
 * certifiedUntil is the end of their latest certification on it, past when it has expired (null: never certified);
 * calibrated is the server's reading of it at its clock (the same rule as the initiate warning).
 */
export const CalibrationDue = z.object({
  departmentId: z.number(),
  rubricVersionId: z.string(),
  observers: z.array(z.object({ userId: z.string(), name: z.string(), certifiedUntil: z.string().nullable(), calibrated: z.boolean(), due: z.boolean() })),
});
export type CalibrationDue = z.infer<typeof CalibrationDue>;

const Interval = z.object({ n: z.number(), mean: Stat, low: Stat, high: Stat });

/** GET /calibration/severity/{observerId}?rubricVersionId=…: from the observer's locked observations on the version. */
export const CalibrationSeverity = z.object({
  observerId: z.string(),
  rubricVersionId: z.string(),
  lockedObservations: z.number(),
  /** At least this many locked observations before a severity is given. */
  required: z.number(),
  /** Per item, the mean difference from the department's other observers with its 95 % interval; null below `required`. */
  items: z.array(Interval.extend({ itemId: z.string() })).nullable(),
  reason: z.enum([...STAT_REASONS, 'too-few-observations']).nullable(),
  /** Agreement with the faculty members' self-scores per month (YYYY-MM) of the locked rubric. */
  selfScores: z.array(
    z.object({ period: z.string(), compared: z.number(), exact: z.number(), adjacent: z.number(), exactPct: Stat, adjacentPct: Stat }),
  ),
});
export type CalibrationSeverity = z.infer<typeof CalibrationSeverity>;

/** Initiate's answer may carry warnings (an observer not calibrated on the version). */
export const CalibrationWarning = z.object({ observerId: z.string(), rubricVersionId: z.string(), message: z.string() });

const DepartmentParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, { error: 'must be a department id' })
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, { error: 'must be a department id' });

/** GET /calibration/due?departmentId=&rubricVersionId= (defaults: the caller's department, its current version). */
export const CalibrationDueQuery = z.object({ departmentId: DepartmentParam.optional(), rubricVersionId: uuid.optional() });
/** GET /calibration/severity/{observerId}?rubricVersionId= */
export const CalibrationSeverityQuery = z.object({ rubricVersionId: uuid });
