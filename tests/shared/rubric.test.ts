import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/shared/messages.js';
import {
  allGroupsComplete,
  finalScore,
  formatTotal,
  groupSaveError,
  isValidScore,
  percentage,
  sideTotal,
} from '../../src/shared/rubric.js';

const items = ['1-A', '1-B', '1-C', '1-D'].flatMap((code) => [1, 2, 3, 4, 5].map((n) => ({ id: `${code}-${n}`, code })));
const group = (code: string, score = 3) => [1, 2, 3, 4, 5].map((n) => ({ id: `${code}-${n}`, score }));

describe('rubric scoring', () => {
  it('totals out of 80.0 with one decimal, mean and percentage', () => {
    expect(sideTotal(items.map(() => 4))).toBe(80);
    expect(formatTotal(37)).toBe('37.0 / 80.0');
    expect(formatTotal(null)).toBe('0.0 / 80.0');
    expect(finalScore(60, 45)).toBe(52.5);
    expect(percentage(60, 45)).toBe(65.6); // 105/160 = 65.625
    expect(percentage(80, 80)).toBe(100);
    expect(finalScore(60, null)).toBeNull();
    expect(percentage(null, 10)).toBeNull();
  });

  it('accepts integer scores 0–4 only', () => {
    expect([0, 1, 2, 3, 4].every(isValidScore)).toBe(true);
    expect(isValidScore(5)).toBe(false);
    expect(isValidScore(-1)).toBe(false);
    expect(isValidScore(2.5)).toBe(false);
  });

  it('a group save needs all five items of every group it touches', () => {
    expect(groupSaveError(items, group('1-A'))).toBeNull();
    expect(groupSaveError(items, [...group('1-A'), ...group('1-C', 0)])).toBeNull();
    expect(groupSaveError(items, group('1-A').slice(0, 4))).toBe(MSG.selectAllRubrics);
    expect(groupSaveError(items, [])).toBe(MSG.selectAllRubrics);
    expect(groupSaveError(items, [...group('1-A').slice(1), { id: '1-A-2', score: 1 }])).toBe(MSG.selectAllRubrics);
    expect(groupSaveError(items, [...group('1-A').slice(1), { id: '1-A-1', score: 7 }])).toBe(MSG.selectAllRubrics);
    expect(groupSaveError(items, [...group('1-A').slice(1), { id: 'nope', score: 1 }])).toBe(MSG.selectAllRubrics);
  });

  it('all groups complete only when every item is scored', () => {
    const scored = new Map(items.map((i) => [i.id, 2]));
    expect(allGroupsComplete(items, scored)).toBe(true);
    scored.delete('1-D-5');
    expect(allGroupsComplete(items, scored)).toBe(false);
    expect(allGroupsComplete([], new Map())).toBe(false);
  });
});
