import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeAgreement, draftAgenda, gapLevel } from '../../src/shared/agreement.js';

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

describe('highlights and ties that mean something', () => {
  const coded = (id: string, code: string, o: number, f: number) => ({ id, code, title: `Item ${id}`, observerScore: o, facultyScore: f });
  const groups = ['1-A', '1-B', '1-C', '1-D'];

  it('a tie across the whole rubric drafts one item per group in turn, items with notes first', () => {
    const all = computeAgreement(groups.flatMap((g) => [1, 2, 3, 4, 5].map((p) => coded(`${g}.${p}`, g, 2, 3))));
    expect(draftAgenda([all], []).map((d) => d.rubricItemId)).toEqual(['1-A.1', '1-B.1', '1-C.1', '1-D.1', '1-A.2']);
    expect(draftAgenda([all], [{ id: 'n', rubricItemIds: ['1-C.4'] }]).map((d) => d.rubricItemId)).toEqual(['1-C.4', '1-A.1', '1-B.1', '1-C.1', '1-D.1']);
    // The largest gaps still come first, whatever their group.
    const mixed = computeAgreement([coded('x', '1-A', 2, 3), coded('y', '1-D', 0, 3), coded('z', '1-B', 1, 3)]);
    expect(draftAgenda([mixed], []).map((d) => [d.rubricItemId, d.gap])).toEqual([['y', 3], ['z', 2], ['x', 1]]);
  });

  it('highlights by size: gaps of 2+ always, a gap of 1 only when it is the largest and rare, never every row', () => {
    const uniform = computeAgreement(groups.flatMap((g) => [1, 2, 3, 4, 5].map((p) => coded(`${g}.${p}`, g, 2, 3))));
    expect(uniform.rows.filter((r) => gapLevel(r, uniform))).toHaveLength(0);
    const spread = computeAgreement([coded('a', '1-A', 2, 2), coded('b', '1-A', 3, 3), coded('c', '1-A', 2, 3), coded('d', '1-B', 4, 4), coded('e', '1-B', 1, 1), coded('f', '1-B', 3, 3)]);
    expect(spread.rows.map((r) => gapLevel(r, spread))).toEqual([null, null, 'notable', null, null, null]);
    const wide = computeAgreement([coded('a', '1-A', 0, 3), coded('b', '1-A', 2, 3), coded('c', '1-A', 3, 3)]);
    expect(wide.rows.map((r) => gapLevel(r, wide))).toEqual(['large', null, null]);
  });
});
