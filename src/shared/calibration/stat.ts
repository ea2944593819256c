/**
 * The one result type of every calibration figure (docs/calibration-statistics.md): a finite number, or no number
 * with the reason why. A degenerate input (one participant, no items, every score the same level, too few values
 * for an interval) gives a stated reason, never NaN or Infinity, so a screen can say why a figure is missing.
 */
import { z } from 'zod';
import { MSG } from '../messages.js';

export const STAT_REASONS = [
  'no-items',
  'too-few-items',
  'single-participant',
  'no-variation',
  'indeterminate',
  'too-few-values',
] as const;
export type StatReason = (typeof STAT_REASONS)[number];

/** The wire shape too, when a figure is sent (z.number() refuses NaN and ±Infinity). */
export const Stat = z.union([z.object({ value: z.number() }), z.object({ value: z.null(), reason: z.enum(STAT_REASONS) })]);
export type Stat = z.infer<typeof Stat>;

export function stat(value: number): Stat {
  // A formula that reaches here with a non-finite number has missed a degenerate case: fail loudly in tests
  // rather than show NaN.
  if (!Number.isFinite(value)) throw new RangeError(`calibration statistic is not finite: ${value}`);
  return { value };
}

export function noStat(reason: StatReason): Stat {
  return { value: null, reason };
}

/** The catalogue text for a missing figure (src/shared/messages.ts). */
export function statReasonMessage(reason: StatReason): string {
  return MSG.calibrationStat[reason];
}

/** A share of `part` in `whole` as a percentage; no items when `whole` is 0. */
export function percent(part: number, whole: number): Stat {
  return whole === 0 ? noStat('no-items') : stat((part / whole) * 100);
}
