import { describe, expect, it } from 'vitest';
import { fleissKappa, fleissKappaOfCounts } from '../../../src/shared/calibration/fleiss.js';
import { icc21, iccAgreement } from '../../../src/shared/calibration/icc.js';
import { CalibrationInput } from '../../../src/shared/calibration/input.js';
import { expectFigures, fixtures } from './fixtures.js';

describe("Fleiss' kappa and ICC(2,1) across all participants (against statsmodels and numpy)", () => {
  for (const c of fixtures.calibration) {
    it(c.name, () => {
      const input = CalibrationInput.parse(c.input);
      expectFigures(fleissKappa(input), c.expected.fleiss, `${c.name} fleiss`);
      expectFigures(iccAgreement(input), c.expected.icc, `${c.name} icc`);
    });
  }
});

describe('ICC(2,1)', () => {
  it('gives the value Shrout & Fleiss (1979) publish for their Table 2 data: .29', () => {
    const table2 = [
      [9, 2, 5, 8],
      [6, 1, 3, 2],
      [8, 4, 6, 8],
      [7, 1, 2, 6],
      [10, 5, 6, 9],
      [6, 2, 4, 7],
    ];
    const icc = icc21(table2);
    expect(icc.value).not.toBeNull();
    expect(Math.round((icc.value as number) * 100) / 100).toBe(0.29);
  });

  it('states why it has no value', () => {
    expect(icc21([])).toEqual({ value: null, reason: 'no-items' });
    expect(icc21([[1], [2]])).toEqual({ value: null, reason: 'single-participant' });
    expect(icc21([[1, 2]])).toEqual({ value: null, reason: 'too-few-items' });
    expect(icc21([[3, 3], [3, 3]])).toEqual({ value: null, reason: 'no-variation' });
    // Equal item means and equal rater means: the formula divides zero by zero.
    expect(icc21([[0, 1], [1, 0]])).toEqual({ value: null, reason: 'indeterminate' });
  });

  it('is 1 when every rater gives every item the same score and items differ', () => {
    expect(icc21([[0, 0, 0], [2, 2, 2], [4, 4, 4]])).toEqual({ value: 1 });
  });
});

describe("Fleiss' kappa", () => {
  it('is 1 for unanimous items on more than one level, and states no-variation for one level throughout', () => {
    expect(fleissKappaOfCounts([[3, 0], [0, 3]])).toEqual({ value: 1 });
    expect(fleissKappaOfCounts([[0, 3], [0, 3]])).toEqual({ value: null, reason: 'no-variation' });
    expect(fleissKappaOfCounts([[1, 0], [0, 1]])).toEqual({ value: null, reason: 'single-participant' });
    expect(fleissKappaOfCounts([])).toEqual({ value: null, reason: 'no-items' });
  });
});
