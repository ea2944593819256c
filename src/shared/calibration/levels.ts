/**
 * Level positions. Agreement, adjacency and the kappa weights count in steps of the rubric version's levels, not
 * in score units: on levels [0, 1, 2, 4] a 2 and a 4 are adjacent (docs/calibration-statistics.md).
 */
export type LevelIndex = (score: number) => number;

export function levelIndex(levels: readonly number[]): LevelIndex {
  const at = new Map(levels.map((l, i) => [l, i]));
  return (score) => {
    const i = at.get(score);
    // CalibrationInput refuses such a score: reaching here is a caller that skipped the schema.
    if (i === undefined) throw new RangeError(`${score} is not a level of this rubric version`);
    return i;
  };
}
