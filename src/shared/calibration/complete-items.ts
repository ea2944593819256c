/**
 * The items every participant scored, as a matrix items × participants. Fleiss' kappa and the ICC need the same
 * raters on every target, so an item with a missing score is left out whole (complete cases); `excluded` counts
 * those (docs/calibration-statistics.md).
 */
import { scoreOf, type CalibrationInput } from './input.js';

export interface CompleteItems {
  itemIds: string[];
  /** matrix[item][participant], in the order of input.participants. */
  matrix: number[][];
  excluded: number;
}

export function completeItems(input: Pick<CalibrationInput, 'items' | 'participants'>): CompleteItems {
  const itemIds: string[] = [];
  const matrix: number[][] = [];
  for (const itemId of input.items) {
    const row = input.participants.map((p) => scoreOf(p.scores, itemId));
    if (row.every((s): s is number => s != null)) {
      itemIds.push(itemId);
      matrix.push(row as number[]);
    }
  }
  return { itemIds, matrix, excluded: input.items.length - itemIds.length };
}
