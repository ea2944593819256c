/**
 * ICC(2,1) (Shrout & Fleiss 1979): two-way random effects, absolute agreement, single rater, with the items as
 * targets and the participants as raters, over the items every participant scored (complete-items.ts):
 *
 *   ICC(2,1) = (MSR − MSE) / (MSR + (k − 1) MSE + k (MSC − MSE) / n)
 *
 * MSR between items, MSC between raters, MSE residual, n items, k raters. The scores enter as their level values.
 */
import { completeItems } from './complete-items.js';
import type { GroupStat } from './fleiss.js';
import type { CalibrationInput } from './input.js';
import { noStat, stat, type Stat } from './stat.js';

/** ICC(2,1) of a complete matrix targets × raters. */
export function icc21(matrix: readonly (readonly number[])[]): Stat {
  const n = matrix.length;
  if (n === 0) return noStat('no-items');
  const k = matrix[0].length;
  if (k < 2) return noStat('single-participant');
  if (n < 2) return noStat('too-few-items');
  // Sums of squares times n·k: with integer scores every term below is an integer, so "the denominator is zero"
  // is decided exactly and not by a rounding residue (docs/calibration-statistics.md).
  let total = 0;
  let squares = 0;
  const rowSums = new Array<number>(n).fill(0);
  const colSums = new Array<number>(k).fill(0);
  matrix.forEach((row, i) =>
    row.forEach((x, j) => {
      total += x;
      squares += x * x;
      rowSums[i] += x;
      colSums[j] += x;
    }),
  );
  const t2 = total * total;
  const ssTotal = n * k * squares - t2;
  const ssRows = n * rowSums.reduce((a, r) => a + r * r, 0) - t2;
  const ssCols = k * colSums.reduce((a, c) => a + c * c, 0) - t2;
  const ssError = ssTotal - ssRows - ssCols;
  if (ssTotal === 0) return noStat('no-variation');
  // MSR = ssRows/(nk(n−1)), MSC = ssCols/(nk(k−1)), MSE = ssError/(nk(n−1)(k−1)); numerator and denominator are
  // both multiplied by n²k(n−1)(k−1), which leaves integer combinations of the scaled sums of squares.
  const numerator = n * (k - 1) * ssRows - n * ssError;
  const denominator = n * (k - 1) * ssRows + (n * (k - 1) - k) * ssError + k * (n - 1) * ssCols;
  if (denominator === 0) return noStat('indeterminate');
  return stat(numerator / denominator);
}

export function iccAgreement(input: CalibrationInput): GroupStat {
  const { matrix, excluded } = completeItems(input);
  const base = { items: matrix.length, excluded };
  if (input.participants.length < 2) return { ...base, value: noStat('single-participant') };
  return { ...base, value: icc21(matrix) };
}
