import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { incompleteBeta, incompleteBetaInverse, logGamma, tCdf, tQuantile } from '../../../src/shared/calibration/t-distribution.js';
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
