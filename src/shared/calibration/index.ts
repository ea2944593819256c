/**
 * Observer calibration statistics: pure functions over one calibration exercise or over pairs of live scores
 * (docs/calibration-statistics.md). No database, no UI.
 *
 *   stat.ts            the result type Stat and the reasons a figure has no value
 *   input.ts           the exercise's shape (zod): levels, items, participants' scores, an optional expert
 *   levels.ts          level positions (agreement and weights count in levels, not score units)
 *   reference.ts       what a participant is compared with (expert, or lower median of the others)
 *   pairs.ts           exact and adjacent agreement, quadratic-weighted Cohen's kappa of scored pairs
 *   agreement.ts       those per participant and per item
 *   fleiss.ts, icc.ts  Fleiss' kappa and ICC(2,1) across all participants
 *   severity.ts        lenient/severe mean differences with t intervals; agreement with self-scores per period
 *   t-distribution.ts  Student's t quantile from the incomplete beta function
 *   certification.ts   the certification decision against a rubric version's thresholds
 *   distribution.ts    per item, participants per level, the reference and one's own level
 */
export * from './stat.js';
export * from './input.js';
export * from './levels.js';
export * from './reference.js';
export * from './pairs.js';
export * from './agreement.js';
export * from './complete-items.js';
export * from './fleiss.js';
export * from './icc.js';
export * from './severity.js';
export * from './t-distribution.js';
export * from './certification.js';
export * from './distribution.js';
