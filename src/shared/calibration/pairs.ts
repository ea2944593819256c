/**
 * Agreement of scored pairs (a rater's score, the reference score) on one rubric version's levels: exact and
 * adjacent agreement and the quadratic-weighted Cohen's kappa (docs/calibration-statistics.md). The kappa's
 * categories are all the version's levels, so a level nobody used still widens the weights, as
 * scikit-learn's cohen_kappa_score(weights='quadratic', labels=levels) does.
 */
import { levelIndex } from './levels.js';
import { noStat, percent, stat, type Stat } from './stat.js';

export type ScorePair = readonly [score: number, reference: number];

export interface AgreementFigures {
  /** Pairs compared (items with both a score and a reference). */
  compared: number;
  /** Pairs on the same level. */
  exact: number;
  /** Pairs at most one level apart (the exact ones included). */
  adjacent: number;
  exactPct: Stat;
  adjacentPct: Stat;
  /** Quadratic-weighted Cohen's kappa. */
  kappa: Stat;
}

export function pairAgreement(levels: readonly number[], pairs: readonly ScorePair[]): AgreementFigures {
  const index = levelIndex(levels);
  let exact = 0;
  let adjacent = 0;
  for (const [a, b] of pairs) {
    const gap = Math.abs(index(a) - index(b));
    if (gap === 0) exact++;
    if (gap <= 1) adjacent++;
  }
  return {
    compared: pairs.length,
    exact,
    adjacent,
    exactPct: percent(exact, pairs.length),
    adjacentPct: percent(adjacent, pairs.length),
    kappa: quadraticKappa(levels, pairs),
  };
}

/**
 * κ_w = 1 − Σ w_ij O_ij / Σ w_ij E_ij with w_ij = (i − j)² over level positions, O the observed pair counts and
 * E_ij = row_i · col_j / n the counts expected by chance. The denominator is zero only when both sides gave one
 * and the same level throughout: then agreement cannot be told from chance ('no-variation').
 */
export function quadraticKappa(levels: readonly number[], pairs: readonly ScorePair[]): Stat {
  const n = pairs.length;
  if (n === 0) return noStat('no-items');
  const index = levelIndex(levels);
  const k = levels.length;
  const rows = new Array<number>(k).fill(0);
  const cols = new Array<number>(k).fill(0);
  let observed = 0;
  for (const [a, b] of pairs) {
    const i = index(a);
    const j = index(b);
    rows[i]++;
    cols[j]++;
    observed += (i - j) ** 2;
  }
  let expected = 0;
  for (let i = 0; i < k; i++) for (let j = 0; j < k; j++) expected += (i - j) ** 2 * rows[i] * cols[j];
  if (expected === 0) return noStat('no-variation');
  // expected is n × Σ w E; scale observed the same way so both sums are integers until the one division.
  return stat(1 - (observed * n) / expected);
}
