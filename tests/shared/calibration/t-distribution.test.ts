import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { incompleteBeta, incompleteBetaInverse, logGamma, T_DF_RANGE, tCdf, tQuantile } from '../../../src/shared/calibration/t-distribution.js';
import { expectClose, fixtures } from './fixtures.js';

describe("Student's t (against scipy)", () => {
  it('t quantiles for 16 degrees of freedom (0.5 to 1000, fractional too) × 15 probabilities', () => {
    expect(fixtures.t.quantiles.length).toBe(240);
    for (const { p, df, t } of fixtures.t.quantiles) expectClose(tQuantile(p, df), t, `t(${p}, ${df})`);
  });

  it('the regularised incomplete beta function and its inverse', () => {
    for (const row of fixtures.t.beta) {
      if ('x' in row) expectClose(incompleteBeta(row.x, row.a, row.b), row.ix, `I(${row.x}; ${row.a}, ${row.b})`);
      else expectClose(incompleteBetaInverse(row.p, row.a, row.b), row.inverse, `I⁻¹(${row.p}; ${row.a}, ${row.b})`);
    }
  });

  it('known values: ln Γ, the textbook 97.5 % quantiles', () => {
    expectClose(logGamma(0.5), Math.log(Math.sqrt(Math.PI)));
    expectClose(logGamma(10), Math.log(362880));
    expect(tQuantile(0.975, 1)).toBeCloseTo(12.706, 3);
    expect(tQuantile(0.975, 9)).toBeCloseTo(2.262, 3);
    expect(tQuantile(0.5, 3)).toBe(0);
    expect(() => tQuantile(1, 3)).toThrow(RangeError);
    expect(() => tQuantile(0.9, 0)).toThrow(RangeError);
    expect(() => tQuantile(0.9, 0.4)).toThrow(RangeError);
    expect(() => tQuantile(0.9, 2e7)).toThrow(RangeError);
  });

  it('over the whole range of degrees of freedom, far into the tails, the quantile is finite and inverts the CDF', () => {
    for (const df of [T_DF_RANGE.min, 0.7, 1, 1.5, 3, 31, 500, 1e4, 1e5, 1e6, T_DF_RANGE.max]) {
      for (const p of [1e-12, 1e-9, 1e-6, 1e-3, 0.3, 0.499999, 0.500001, 0.975, 1 - 1e-6, 1 - 1e-9]) {
        const t = tQuantile(p, df);
        expect(Number.isFinite(t), `t(${p}, ${df})`).toBe(true);
        // Relative to the tail probability: 1e-9 of a 1e-12 tail is still checked.
        expect(Math.abs(tCdf(t, df) - p) / Math.min(p, 1 - p), `t(${p}, ${df})`).toBeLessThan(1e-9);
      }
    }
  });

  it('the quantile inverts the CDF and is antisymmetric (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 0.999, noNaN: true }), fc.double({ min: 0.5, max: 500, noNaN: true }), (p, df) => {
        const t = tQuantile(p, df);
        expect(Number.isFinite(t)).toBe(true);
        expect(Math.abs(tCdf(t, df) - p)).toBeLessThan(1e-12);
        expect(Math.abs(t + tQuantile(1 - p, df))).toBeLessThan(1e-9 * Math.max(1, Math.abs(t)));
      }),
      { seed: 20261128, numRuns: 300 },
    );
  });
});
