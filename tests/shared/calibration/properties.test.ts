/**
 * Properties of the calibration figures on random exercises (fast-check, fixed seed): kappa of identical raters
 * is 1 when they vary, kappa and agreement are symmetric, exact ≤ adjacent, and no input gives NaN or Infinity.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calibrationAgreement } from '../../../src/shared/calibration/agreement.js';
import { itemDistributions } from '../../../src/shared/calibration/distribution.js';
import { fleissKappa } from '../../../src/shared/calibration/fleiss.js';
import { iccAgreement } from '../../../src/shared/calibration/icc.js';
import { CalibrationInput } from '../../../src/shared/calibration/input.js';
import { pairAgreement, quadraticKappa, type ScorePair } from '../../../src/shared/calibration/pairs.js';
import { meanWithInterval } from '../../../src/shared/calibration/severity.js';
import { STAT_REASONS, type Stat } from '../../../src/shared/calibration/stat.js';

const RUNS = { seed: 20261128, numRuns: 300 };

/** Ascending distinct levels, 2–7 of them, from a start and gaps (so some versions skip values). */
const levelsArb = fc
  .tuple(fc.integer({ min: -2, max: 3 }), fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 6 }))
  .map(([start, gaps]) => gaps.reduce((ls, g) => [...ls, ls[ls.length - 1] + g], [start]));

const pairsArb = levelsArb.chain((levels) =>
  fc.tuple(fc.constant(levels), fc.array(fc.tuple(fc.constantFrom(...levels), fc.constantFrom(...levels)), { maxLength: 40 })),
);

const exerciseArb = levelsArb.chain((levels) => {
  const score = fc.option(fc.constantFrom(...levels), { freq: 6 });
  return fc.record({ nItems: fc.integer({ min: 0, max: 10 }), nParticipants: fc.integer({ min: 0, max: 8 }), expert: fc.boolean() }).chain(({ nItems, nParticipants, expert }) => {
    const items = Array.from({ length: nItems }, (_, j) => `item-${j}`);
    const scores = fc.tuple(...items.map(() => score)).map((row) => Object.fromEntries(items.map((id, j) => [id, row[j]])));
    return fc.record({
      levels: fc.constant(levels),
      items: fc.constant(items),
      participants: fc.tuple(...Array.from({ length: nParticipants }, (_, i) => scores.map((s) => ({ id: `p-${i}`, scores: s })))),
      reference: expert ? scores : fc.constant(undefined),
    });
  });
});

function expectSound(s: Stat, label: string): void {
  if (s.value === null) expect(STAT_REASONS, label).toContain(s.reason);
  else expect(Number.isFinite(s.value), `${label}: ${s.value}`).toBe(true);
}

describe('calibration properties', () => {
  it('kappa of two identical raters is 1 when their scores vary, and no-variation when they do not', () => {
    fc.assert(
      fc.property(pairsArb, ([levels, pairs]) => {
        const same = pairs.map(([a]) => [a, a] as ScorePair);
        const k = quadraticKappa(levels, same);
        if (same.length === 0) expect(k).toEqual({ value: null, reason: 'no-items' });
        else if (new Set(same.map(([a]) => a)).size > 1) expect(k).toEqual({ value: 1 });
        else expect(k).toEqual({ value: null, reason: 'no-variation' });
      }),
      RUNS,
    );
  });

  it('agreement and kappa are symmetric in the two raters; exact ≤ adjacent ≤ compared; kappa ≤ 1', () => {
    fc.assert(
      fc.property(pairsArb, ([levels, pairs]) => {
        const ab = pairAgreement(levels, pairs);
        const ba = pairAgreement(levels, pairs.map(([a, b]) => [b, a] as ScorePair));
        expect([ba.compared, ba.exact, ba.adjacent]).toEqual([ab.compared, ab.exact, ab.adjacent]);
        if (ab.kappa.value === null) expect(ba.kappa).toEqual(ab.kappa);
        else {
          expect(Math.abs((ba.kappa.value as number) - ab.kappa.value)).toBeLessThan(1e-12);
          expect(ab.kappa.value).toBeLessThanOrEqual(1 + 1e-12);
        }
        expect(ab.exact).toBeLessThanOrEqual(ab.adjacent);
        expect(ab.adjacent).toBeLessThanOrEqual(ab.compared);
        if (ab.exactPct.value !== null) expect(ab.exactPct.value).toBeLessThanOrEqual(ab.adjacentPct.value as number);
      }),
      RUNS,
    );
  });

  it('no exercise gives NaN or Infinity: every figure is a finite number or a stated reason', () => {
    fc.assert(
      fc.property(exerciseArb, (raw) => {
        const input = CalibrationInput.parse(raw);
        const agreement = calibrationAgreement(input);
        for (const f of [...agreement.participants, ...agreement.items]) {
          for (const s of [f.exactPct, f.adjacentPct, f.kappa]) expectSound(s, JSON.stringify(raw));
          expect(f.exact).toBeLessThanOrEqual(f.adjacent);
        }
        const fleiss = fleissKappa(input);
        const icc = iccAgreement(input);
        expectSound(fleiss.value, 'fleiss');
        expectSound(icc.value, 'icc');
        if (fleiss.value.value !== null) expect(fleiss.value.value).toBeLessThanOrEqual(1 + 1e-12);
        if (icc.value.value !== null) expect(icc.value.value).toBeLessThanOrEqual(1 + 1e-12);
        expect(fleiss.items + fleiss.excluded).toBe(input.items.length);
        for (const d of itemDistributions(input, input.participants[0]?.id)) {
          expect(d.counts.reduce((a, c) => a + c.count, 0) + d.missing).toBe(input.participants.length);
        }
      }),
      RUNS,
    );
  });

  it("Fleiss' kappa and ICC(2,1) do not depend on the order of participants", () => {
    fc.assert(
      fc.property(exerciseArb, (raw) => {
        const input = CalibrationInput.parse(raw);
        const reversed = { ...input, participants: [...input.participants].reverse() };
        for (const f of [fleissKappa, iccAgreement]) {
          const a = f(input).value;
          const b = f(reversed).value;
          if (a.value === null) expect(b).toEqual(a);
          else expect(Math.abs((b.value as number) - a.value)).toBeLessThan(1e-12);
        }
      }),
      RUNS,
    );
  });

  it('a confidence interval contains its mean and is finite for any finite differences', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -4, max: 4, noNaN: true }), { maxLength: 30 }), (values) => {
        const r = meanWithInterval(values);
        for (const s of [r.mean, r.low, r.high]) expectSound(s, JSON.stringify(values));
        if (r.low.value !== null) {
          expect(r.low.value).toBeLessThanOrEqual((r.mean.value as number) + 1e-12);
          expect(r.high.value as number).toBeGreaterThanOrEqual((r.mean.value as number) - 1e-12);
        }
      }),
      RUNS,
    );
  });
});
