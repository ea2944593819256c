/**
 * Fleiss' kappa across all participants (Fleiss 1971; statsmodels' fleiss_kappa with method='fleiss'):
 * κ = (P̄ − P̄e) / (1 − P̄e), P̄ the mean over items of the share of agreeing rater pairs, P̄e = Σ p_j² with p_j
 * the share of all ratings on level j. Over the items every participant scored (complete-items.ts).
 */
import { completeItems } from './complete-items.js';
import type { CalibrationInput } from './input.js';
import { levelIndex } from './levels.js';
import { noStat, stat, type Stat } from './stat.js';

export interface GroupStat {
  /** Items used: those every participant scored. */
  items: number;
  /** Items left out for a missing score. */
  excluded: number;
  value: Stat;
}

/** Fleiss' kappa of a table items × levels of rating counts, the same number of raters per item. */
export function fleissKappaOfCounts(table: readonly (readonly number[])[]): Stat {
  if (table.length === 0) return noStat('no-items');
  const raters = table[0].reduce((a, b) => a + b, 0);
  if (raters < 2) return noStat('single-participant');
  const levels = table[0].length;
  const perLevel = new Array<number>(levels).fill(0);
  let agreeingPairs = 0;
  for (const row of table) {
    row.forEach((c, j) => {
      perLevel[j] += c;
      agreeingPairs += c * (c - 1);
    });
  }
  const total = table.length * raters;
  // P̄ = Σ_i Σ_j n_ij (n_ij − 1) / (N n (n − 1)); P̄e = Σ_j (Σ_i n_ij)² / (N n)².
  const pBar = agreeingPairs / (table.length * raters * (raters - 1));
  const squares = perLevel.reduce((a, c) => a + c * c, 0);
  if (squares === total * total) return noStat('no-variation');
  const pExpected = squares / (total * total);
  return stat((pBar - pExpected) / (1 - pExpected));
}

export function fleissKappa(input: CalibrationInput): GroupStat {
  const { matrix, excluded } = completeItems(input);
  const base = { items: matrix.length, excluded };
  if (input.participants.length < 2) return { ...base, value: noStat('single-participant') };
  const index = levelIndex(input.levels);
  const table = matrix.map((row) => {
    const counts = new Array<number>(input.levels.length).fill(0);
    for (const s of row) counts[index(s)]++;
    return counts;
  });
  return { ...base, value: fleissKappaOfCounts(table) };
}
