import { describe, expect, it } from 'vitest';
import { calibrationAgreement } from '../../../src/shared/calibration/agreement.js';
import { CalibrationInput } from '../../../src/shared/calibration/input.js';
import { pairAgreement, quadraticKappa } from '../../../src/shared/calibration/pairs.js';
import { lowerMedian, referenceScore } from '../../../src/shared/calibration/reference.js';
import { expectFigures, expectStat, fixtures } from './fixtures.js';

describe('pairwise agreement with the reference (against scikit-learn)', () => {
  it('the fixtures cover random and hand-made exercises of 3–8 observers, 5–30 items and 2–7 levels', () => {
    const random = fixtures.calibration.filter((c) => c.name.startsWith('random'));
    expect(random.length).toBeGreaterThanOrEqual(20);
    for (const c of random) {
      expect(c.input.participants.length).toBeGreaterThanOrEqual(3);
      expect(c.input.participants.length).toBeLessThanOrEqual(8);
      expect(c.input.items.length).toBeGreaterThanOrEqual(5);
      expect(c.input.items.length).toBeLessThanOrEqual(30);
      expect(c.input.levels.length).toBeLessThanOrEqual(7);
    }
    expect(new Set(random.map((c) => c.input.levels.length)).size).toBeGreaterThanOrEqual(4);
    expect(random.some((c) => c.input.reference) && random.some((c) => !c.input.reference)).toBe(true);
  });

  for (const c of fixtures.calibration) {
    it(c.name, () => {
      // Every fixture is an input the schema accepts.
      const input = CalibrationInput.parse(c.input);
      const got = calibrationAgreement(input);
      expect(got.referenceKind).toBe(c.expected.referenceKind);
      expect(got.participants).toHaveLength(c.expected.participants.length);
      c.expected.participants.forEach((want, i) => expectFigures(got.participants[i], want, `${c.name} / ${want.participantId}`));
      expect(got.items).toHaveLength(c.expected.items.length);
      c.expected.items.forEach((want, i) => expectFigures(got.items[i], want, `${c.name} / ${want.itemId}`));
    });
  }
});

describe('the reference', () => {
  it('is the lower of the two middle levels for an even number of other scores', () => {
    expect(lowerMedian([3, 1])).toBe(1);
    expect(lowerMedian([4, 0, 2, 3])).toBe(2);
    expect(lowerMedian([2, 2, 3, 3])).toBe(2);
    expect(lowerMedian([4, 1, 3])).toBe(3);
    expect(lowerMedian([])).toBeNull();
  });

  it("leaves the participant's own score out, and takes the expert's score as it is when there is an expert", () => {
    const participants = [
      { id: 'a', scores: { i: 4 } },
      { id: 'b', scores: { i: 1 } },
      { id: 'c', scores: { i: 2 } },
    ];
    expect(referenceScore({ participants }, 'i', 'a')).toBe(1); // others 1, 2
    expect(referenceScore({ participants }, 'i', 'b')).toBe(2); // others 2, 4
    expect(referenceScore({ participants }, 'i')).toBe(2); // everyone
    expect(referenceScore({ participants, reference: { i: 3 } }, 'i', 'a')).toBe(3);
    // An expert who skipped the item gives it no reference (no fall-back to the others).
    expect(referenceScore({ participants, reference: { j: 3 } }, 'i', 'a')).toBeNull();
  });
});

describe('exact, adjacent and kappa in level steps', () => {
  it('counts adjacency by level position, so 2 and 4 are adjacent on levels 0, 1, 2, 4', () => {
    const f = pairAgreement([0, 1, 2, 4], [[2, 4], [1, 4], [0, 0]]);
    expect([f.compared, f.exact, f.adjacent]).toEqual([3, 1, 2]);
  });

  it('states why kappa has no value: no pairs, or one and the same level on both sides throughout', () => {
    expect(quadraticKappa([0, 1, 2], [])).toEqual({ value: null, reason: 'no-items' });
    expect(quadraticKappa([0, 1, 2], [[1, 1], [1, 1]])).toEqual({ value: null, reason: 'no-variation' });
    // Both constant but on different levels: agreement no better than chance, 0 (as scikit-learn says).
    expect(quadraticKappa([0, 1, 2], [[2, 1], [2, 1]])).toEqual({ value: 0 });
  });

  it('counts an unused level in the weights (the labels argument of scikit-learn)', () => {
    // Scores 0, 1 and 4 only: on the version's levels 0–4 the unused 2 and 3 put 4 three steps from 1, not one.
    const pairs = [[0, 0], [1, 4], [4, 1], [4, 4], [1, 1], [0, 1]] as const;
    const withUnused = quadraticKappa([0, 1, 2, 3, 4], pairs);
    const usedOnly = quadraticKappa([0, 1, 4], pairs);
    // cohen_kappa_score(a, b, weights='quadratic', labels=[0, 1, 2, 3, 4]) and labels=[0, 1, 4]:
    expectStat(withUnused, { value: 0.41237113402061865 });
    expectStat(usedOnly, { value: 0.5714285714285714 });
    // A score that is not a level is an error, not a silent skip (CalibrationInput refuses it before).
    expect(() => quadraticKappa([0, 1], pairs)).toThrow(RangeError);
  });
});
