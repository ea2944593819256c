import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeAgreement, draftAgenda } from '../../src/shared/agreement.js';

const item = (id: string, observerScore: number | null, facultyScore: number | null) => ({ id, title: `Item ${id}`, observerScore, facultyScore });

describe('score agreement', () => {
  it('exact agreement % and mean absolute difference over the items both sides scored', () => {
    const a = computeAgreement([item('a', 3, 3), item('b', 2, 4), item('c', 4, 1), item('d', 1, 1), item('e', null, 2)]);
    expect(a.compared).toBe(4);
    expect(a.exactAgreementPct).toBe(50);
    expect(a.meanAbsoluteDifference).toBe(1.25); // (0 + 2 + 3 + 0) / 4
    expect(a.rows.map((r) => [r.rubricItemId, r.difference])).toEqual([
      ['a', 0],
      ['b', 2],
      ['c', -3],
      ['d', 0],
    ]);
  });

  it('rounds: one decimal for the percentage, two for the mean difference', () => {
    const a = computeAgreement([item('a', 1, 1), item('b', 1, 2), item('c', 1, 2)]);
    expect(a.exactAgreementPct).toBe(33.3);
    expect(a.meanAbsoluteDifference).toBe(0.67);
  });

  it('nothing compared → null figures, no rows', () => {
    expect(computeAgreement([])).toEqual({ rows: [], compared: 0, exactAgreementPct: null, meanAbsoluteDifference: null });
    expect(computeAgreement([item('a', 2, null)]).exactAgreementPct).toBeNull();
  });

  it('property: 0 ≤ % ≤ 100, 0 ≤ MAD ≤ 4, 100 % exactly when MAD is 0', () => {
    const score = fc.integer({ min: 0, max: 4 });
    fc.assert(
      fc.property(fc.array(fc.tuple(score, score), { minLength: 1, maxLength: 20 }), (pairs) => {
        const a = computeAgreement(pairs.map(([o, f], i) => item(String(i), o, f)));
        expect(a.exactAgreementPct!).toBeGreaterThanOrEqual(0);
        expect(a.exactAgreementPct!).toBeLessThanOrEqual(100);
        expect(a.meanAbsoluteDifference!).toBeGreaterThanOrEqual(0);
        expect(a.meanAbsoluteDifference!).toBeLessThanOrEqual(4);
        expect(a.exactAgreementPct === 100).toBe(a.meanAbsoluteDifference === 0);
      }),
    );
  });
});

describe('draft agenda', () => {
  it('largest differences first, agreed items left out, tagged notes attached, at most `max`', () => {
    const informed = computeAgreement([item('a', 3, 3), item('b', 2, 4), item('c', 4, 1), item('d', 1, 2)]);
    const notes = [
      { id: 'n1', rubricItemIds: ['c'] },
      { id: 'n2', rubricItemIds: ['b', 'c'] },
      { id: 'n3', rubricItemIds: ['a'] },
    ];
    const draft = draftAgenda([informed], notes, 2);
    expect(draft).toEqual([
      { rubricItemId: 'c', title: 'Item c', gap: 3, noteIds: ['n1', 'n2'] },
      { rubricItemId: 'b', title: 'Item b', gap: 2, noteIds: ['n2'] },
    ]);
  });

  it('an item in two rubrics counts once with its largest gap; ties keep rubric order', () => {
    const informed = computeAgreement([item('a', 1, 2), item('b', 1, 2)]);
    const uninformed = computeAgreement([item('b', 0, 4), item('z', 3, 4)]);
    expect(draftAgenda([informed, uninformed], []).map((d) => [d.rubricItemId, d.gap])).toEqual([
      ['b', 4],
      ['a', 1],
      ['z', 1],
    ]);
    expect(draftAgenda([informed], [], 0)).toEqual([]);
  });
});
