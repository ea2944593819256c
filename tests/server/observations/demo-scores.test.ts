/** The demo's rubric scores look like two real raters: spread per item, mostly agreeing, sometimes not. */
import { describe, expect, it } from 'vitest';
import { demoScores } from '../../../src/server/seed/demo-cycles.js';
import { computeAgreement, gapLevel } from '../../../src/shared/agreement.js';

describe('demoScores', () => {
  it('varies per item and per rater, never 2 against 3 on every item', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const { observer, faculty } = demoScores(seed, 20);
      expect(observer.every((v) => Number.isInteger(v) && v >= 0 && v <= 4)).toBe(true);
      expect(faculty.every((v) => Number.isInteger(v) && v >= 0 && v <= 4)).toBe(true);
      expect(new Set(observer).size, `seed ${seed}`).toBeGreaterThan(1);
      const a = computeAgreement(observer.map((o, i) => ({ id: String(i), observerScore: o, facultyScore: faculty[i] })));
      expect(a.exactAgreementPct!, `seed ${seed}`).toBeGreaterThan(20);
      expect(a.exactAgreementPct!, `seed ${seed}`).toBeLessThan(90);
      expect(a.rows.filter((r) => gapLevel(r, a)).length).toBeLessThan(20);
    }
    expect(demoScores(3, 20)).toEqual(demoScores(3, 20));
  });
});
