/**
 * Formative or summative: how a department's programme observes.
 *
 *   summative  the observation is evaluative: its HOD (and Admin, Super_Admin, Campus_Director) read it whole,
 *              as SPEC describes.
 *   formative  the observation is for the faculty member's growth: its content (plans, scores, notes, agenda,
 *              artifacts, response, goals, the report) belongs to the faculty member and the observer who works
 *              with them; everyone else sees only where the cycle stands and when each step was done.
 *
 * An Admin or Super_Admin sets the mode per department; initiation copies it onto the observation, where it never
 * changes, so an observation is read the way it was agreed to be. Who sees the content:
 * access-policy/mode.ts `seesContent`.
 */
export const OBSERVATION_MODES = ['summative', 'formative'] as const;
export type ObservationMode = (typeof OBSERVATION_MODES)[number];
export const DEFAULT_OBSERVATION_MODE: ObservationMode = 'summative';

export const MODE_LABEL: Record<ObservationMode, string> = {
  summative: 'Summative',
  formative: 'Formative',
};

export const MODE_DESCRIPTION: Record<ObservationMode, string> = {
  summative: 'Evaluative: the head of department reads the whole observation and its report.',
  formative: 'For growth: the report belongs to the faculty member; the head of department sees completion only.',
};

export const MODE_MSG = {
  formativeReport: 'This observation is formative: its report belongs to the faculty member.',
  formativeContent: 'This observation is formative: only its faculty member and observer read its content.',
} as const;
