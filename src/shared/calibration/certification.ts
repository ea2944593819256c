/**
 * The certification decision of one participant (docs/calibration-statistics.md): each threshold of the rubric
 * version (default adjacent ≥ 80 % and exact ≥ 50 % against the reference) is met or not, with its reason; the
 * participant is certified when every threshold is met. A figure without a value (no items compared, a single
 * participant) does not meet its threshold and carries the figure's reason.
 */
import { z } from 'zod';
import { MSG } from '../messages.js';
import type { AgreementFigures } from './pairs.js';
import { statReasonMessage, type Stat, type StatReason } from './stat.js';

const Pct = z.number().min(0).max(100);

/** The thresholds a rubric version sets; a missing one takes the default. */
export const CertificationThresholds = z.object({ adjacentPct: Pct.default(80), exactPct: Pct.default(50) });
export type CertificationThresholds = z.infer<typeof CertificationThresholds>;
export const DEFAULT_CERTIFICATION_THRESHOLDS: CertificationThresholds = { adjacentPct: 80, exactPct: 50 };

export type CertificationFigure = 'adjacent' | 'exact';

export interface ThresholdCheck {
  figure: CertificationFigure;
  required: number;
  actual: Stat;
  met: boolean;
  reason: 'met' | 'below' | StatReason;
  message: string;
}

export interface Certification {
  met: boolean;
  checks: ThresholdCheck[];
}

function check(figure: CertificationFigure, agreed: number, compared: number, actual: Stat, required: number): ThresholdCheck {
  const label = MSG.calibrationFigure[figure];
  if (actual.value === null) return { figure, required, actual, met: false, reason: actual.reason, message: `${label}: ${statReasonMessage(actual.reason)}` };
  // Compared on the counts (agreed / compared ≥ required / 100), so 4 of 5 meets 80 % without a rounding question.
  const met = agreed * 100 >= required * compared;
  return {
    figure,
    required,
    actual,
    met,
    reason: met ? 'met' : 'below',
    message: met ? MSG.calibrationThresholdMet(label, actual.value, required) : MSG.calibrationThresholdBelow(label, actual.value, required),
  };
}

export function certify(agreement: AgreementFigures, thresholds: CertificationThresholds = DEFAULT_CERTIFICATION_THRESHOLDS): Certification {
  const checks = [
    check('adjacent', agreement.adjacent, agreement.compared, agreement.adjacentPct, thresholds.adjacentPct),
    check('exact', agreement.exact, agreement.compared, agreement.exactPct, thresholds.exactPct),
  ];
  return { met: checks.every((c) => c.met), checks };
}
