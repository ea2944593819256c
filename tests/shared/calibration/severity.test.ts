import { describe, expect, it } from 'vitest';
import { departmentSeverityPairs, meanWithInterval, selfScoreAgreementByPeriod, severityByItem } from '../../../src/shared/calibration/severity.js';
import { expectFigures, fixtures } from './fixtures.js';

describe('severity: mean difference per item with a t interval (against scipy / statsmodels / mpmath)', () => {
  fixtures.severity.forEach((c, i) => {
    it(`case ${i + 1}: ${c.pairs.length} pairs, ${c.confidence * 100} %`, () => {
      const got = severityByItem(c.pairs, c.confidence);
      expect(got.map((r) => r.itemId)).toEqual(c.expected.map((r) => r.itemId));
      c.expected.forEach((want, j) => expectFigures(got[j], want, `case ${i + 1} ${want.itemId}`));
    });
  });

  it("pairs each of the observer's scores with the department's other observers' mean on the item", () => {
    const { scores, observerId, expected } = fixtures.department;
    const pairs = departmentSeverityPairs(scores, observerId);
    // The item nobody else scored gives no pair.
    expect(pairs.some((p) => p.itemId === 'item-only-mine')).toBe(false);
    const got = severityByItem(pairs);
    expect(got.map((r) => r.itemId)).toEqual(expected.map((r) => r.itemId));
    expected.forEach((want, j) => expectFigures(got[j], want, want.itemId));
    // The fixture's observer scores about one level above the others: lenient on every item; with four pairs the
    // interval of item-4 still reaches below 0, with six those of the others do not.
    expect(got.every((r) => (r.mean.value ?? 0) > 0)).toBe(true);
    expect(got.map((r) => [r.itemId, r.n, (r.low.value ?? 0) > 0])).toEqual([
      ['item-1', 6, true],
      ['item-2', 6, true],
      ['item-3', 6, true],
      ['item-4', 4, false],
    ]);
  });

  it('states why there is no mean or no interval: no values, one value; a zero spread is a zero-width interval', () => {
    expect(meanWithInterval([])).toEqual({ n: 0, mean: { value: null, reason: 'no-items' }, low: { value: null, reason: 'no-items' }, high: { value: null, reason: 'no-items' } });
    expect(meanWithInterval([0.5])).toEqual({ n: 1, mean: { value: 0.5 }, low: { value: null, reason: 'too-few-values' }, high: { value: null, reason: 'too-few-values' } });
    expect(meanWithInterval([1, 1, 1])).toEqual({ n: 3, mean: { value: 1 }, low: { value: 1 }, high: { value: 1 } });
  });
});

describe('agreement with the faculty self-scores per period', () => {
  it('exact and adjacent % per period in ascending order, unscored rows left out (fixture)', () => {
    const { levels, rows, expected } = fixtures.selfScores;
    const got = selfScoreAgreementByPeriod(levels, rows);
    expect(got.map((r) => r.period)).toEqual(expected.map((r) => r.period));
    expected.forEach((want, j) => expectFigures(got[j], want, want.period));
    // A period whose rows all lack a score is listed, with no value and its reason.
    expect(got.at(-1)).toMatchObject({ period: '2027-S1', compared: 0, exactPct: { value: null, reason: 'no-items' } });
  });

  it('counts adjacency in levels', () => {
    const got = selfScoreAgreementByPeriod([0, 1, 2, 4], [{ period: 'p', observerScore: 2, facultyScore: 4 }]);
    expect(got).toEqual([{ period: 'p', compared: 1, exact: 0, adjacent: 1, exactPct: { value: 0 }, adjacentPct: { value: 100 } }]);
  });
});
