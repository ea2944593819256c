/**
 * The observation cycle's derived values (SPEC §4): the list's cycle label, the progress per milestone
 * and the observation status. The server stores status and progress computed here after every change; the client
 * uses the same functions for optimistic updates, so both always agree.
 */
import { countWords, PROGRESS, REFLECTIVE_WRITEUP_MIN_WORDS, TEACHING_ANSWER_MAX_WORDS } from './constants.js';
import type { ObservationStatus } from './enums.js';
import { MSG } from './messages.js';

/** Status of each stage; undefined/null = the stage does not exist yet. */
export interface CycleState {
  obsRequest?: string | null;
  informed?: string | null;
  uninformed?: string | null;
  post?: string | null;
}

export const CYCLE_LABELS = {
  scheduling: 'Observation Scheduling',
  informed: 'Informed Observation',
  uninformed: 'Uninformed Observation',
  post: 'Post Observation',
  none: '---',
} as const;
export type CycleLabel = (typeof CYCLE_LABELS)[keyof typeof CYCLE_LABELS];

/**
 * SPEC §4 literally: Observation Scheduling while obsRequest is Ongoing; then Informed Observation while it is
 * Ongoing; then Uninformed Observation while it is Ongoing; then Post Observation when postObservation is
 * Scheduled; otherwise '---'.
 */
export function cycleLabel(s: CycleState): CycleLabel {
  if (s.obsRequest === 'Ongoing') return CYCLE_LABELS.scheduling;
  if (s.informed === 'Ongoing') return CYCLE_LABELS.informed;
  if (s.uninformed === 'Ongoing') return CYCLE_LABELS.uninformed;
  if (s.post === 'Scheduled') return CYCLE_LABELS.post;
  return CYCLE_LABELS.none;
}

/**
 * What a person reads for where an observation stands: SPEC's cycle label where it names a stage, otherwise what
 * comes next (SPEC's '---' between stages says nothing). Derived from status, progress and label only, so a
 * summary row is enough.
 */
export function stageText(o: { status: string; observationProgress: number; cycleLabel: string }): string {
  if (o.status === 'Completed') return 'Cycle completed';
  if (o.cycleLabel && o.cycleLabel !== CYCLE_LABELS.none) return o.cycleLabel;
  if (o.observationProgress >= PROGRESS.uninformed) return 'Post-observation meeting to arrange';
  if (o.observationProgress >= PROGRESS.informed) return 'Uninformed observation to start';
  if (o.observationProgress >= PROGRESS.scheduled) return 'Informed observation';
  return 'Waiting for scheduling';
}

/** Progress in percent: 0 initiated, 10 scheduling done, 50 informed locked, 80 uninformed locked, 100 completed. */
export function cycleProgress(s: CycleState): number {
  if (s.post === 'Completed') return PROGRESS.completed;
  if (s.uninformed === 'Completed') return PROGRESS.uninformed;
  if (s.informed === 'Completed') return PROGRESS.informed;
  if (s.obsRequest === 'Completed') return PROGRESS.scheduled;
  return PROGRESS.initiated;
}

/** Pending until scheduling starts, Completed once the post-observation meeting is completed, Ongoing between. */
export function cycleStatus(s: CycleState): ObservationStatus {
  if (s.post === 'Completed') return 'Completed';
  if (s.obsRequest) return 'Ongoing';
  return 'Pending';
}

// ───────────────────────────── plan answers (SPEC §2, §5, §9) ─────────────────────────────

/** The Reflective Write-ups section (reflection plan only) needs narratives. */
export function isReflectiveWriteup(code: string): boolean {
  return /reflective/i.test(code);
}

const BULLET_MARKS = new Set(['-', '*', '•', '▪', '◦', '‣', '–']);
const isSpace = (ch: string | undefined) => ch !== undefined && ch.trim() === '';
const isDigit = (ch: string | undefined) => ch !== undefined && ch >= '0' && ch <= '9';

/**
 * A line that starts like a list item: "- ", "* ", "• ", "1. ", "2) " (leading spaces allowed; the mark is
 * followed by a space). Scanned by hand, one pass per line: the former pattern
 * `/^\s*(…|\d+[.)])\s+/m` let `\s*` run across line breaks from every line start, which is quadratic on a text
 * of many blank lines.
 */
export function startsWithBullet(line: string): boolean {
  const t = line.trimStart();
  if (BULLET_MARKS.has(t[0])) return isSpace(t[1]);
  let i = 0;
  while (isDigit(t[i])) i++;
  return i > 0 && (t[i] === '.' || t[i] === ')') && isSpace(t[i + 1]);
}

/** Does any line of `text` start like a list item? Linear in the length of `text`. */
export function hasBulletLine(text: string): boolean {
  return text.split('\n').some(startsWithBullet);
}

/**
 * Checks a plan submission against the plan's steps. Every step needs a non-blank answer ('Please provide all
 * the required details...'); every answer has at most 500 words; reflective write-ups need ≥ 60 words and no
 * bullets. Unknown step ids are refused. Returns the message or null.
 */
export function planAnswersError(
  steps: readonly { id: string; code: string }[],
  answers: readonly { id: string; response: string }[],
): string | null {
  const byId = new Map(answers.map((a) => [a.id, a.response]));
  const known = new Set(steps.map((s) => s.id));
  if (answers.some((a) => !known.has(a.id))) return MSG.provideAllDetails;
  for (const step of steps) {
    const problem = planAnswerError(step, byId.get(step.id));
    if (problem) return problem;
  }
  return null;
}

/** The rule for one answer (the plan stepper checks a step's answers before Next); null when it is complete. */
export function planAnswerError(step: { code: string }, response: string | null | undefined): string | null {
  if (response == null || response.trim() === '') return MSG.provideAllDetails;
  if (countWords(response) > TEACHING_ANSWER_MAX_WORDS) return MSG.answerTooLong;
  if (isReflectiveWriteup(step.code) && (countWords(response) < REFLECTIVE_WRITEUP_MIN_WORDS || hasBulletLine(response))) {
    return MSG.reflectiveWriteupRule;
  }
  return null;
}
