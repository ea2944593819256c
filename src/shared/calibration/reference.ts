/**
 * The reference a participant's score is compared with (docs/calibration-statistics.md): the expert's score when
 * the exercise has an expert, otherwise the median of the OTHER participants' scores on that item. With an even
 * number of other scores the median is the lower of the two middle levels (Python's statistics.median_low): it is
 * always a level of the rubric, so exact and adjacent agreement keep their meaning, and the rule is the same every
 * time. An expert who left an item unscored gives that item no reference; it is not filled from the others.
 */
import { scoreOf, type CalibrationInput } from './input.js';

/** The lower median of the values, null when there are none. */
export function lowerMedian(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export type ReferenceKind = 'expert' | 'median-of-others';

export function referenceKind(input: Pick<CalibrationInput, 'reference'>): ReferenceKind {
  return input.reference ? 'expert' : 'median-of-others';
}

/**
 * The reference score of an item for one participant; null when there is none. Without a participant (a view of
 * the whole group) and without an expert it is the lower median of everyone's scores.
 */
export function referenceScore(input: Pick<CalibrationInput, 'participants' | 'reference'>, itemId: string, participantId?: string): number | null {
  if (input.reference) return scoreOf(input.reference, itemId);
  const others: number[] = [];
  for (const p of input.participants) {
    if (p.id === participantId) continue;
    const s = scoreOf(p.scores, itemId);
    if (s != null) others.push(s);
  }
  return lowerMedian(others);
}
