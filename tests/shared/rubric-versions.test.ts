/** Per-version rubric arithmetic (src/shared/rubric.ts) and the definition schema (src/shared/rubric-definition.ts). */
import { describe, expect, it } from 'vitest';
import { RUBRIC_TOTAL_MAX } from '../../src/shared/constants.js';
import { finalScore, formatTotal, isScaleValue, percentage, scaleError, sideTotal, topValue, versionMaximum } from '../../src/shared/rubric.js';
import { RubricDefinition, SPEC_SCALE } from '../../src/shared/rubric-definition.js';

const scale = (values: number[]) => values.map((value) => ({ value, label: `L${value}` }));

describe('per-version arithmetic', () => {
  it('the SPEC version gives exactly SPEC’s numbers: 80.0 a side, percentage over 160', () => {
    const max = versionMaximum(20, SPEC_SCALE);
    expect(max).toBe(RUBRIC_TOTAL_MAX);
    expect(formatTotal(37, max)).toBe('37.0 / 80.0');
    expect(formatTotal(37)).toBe('37.0 / 80.0');
    for (const [o, f] of [[80, 80], [37, 52], [0, 1], [61, 44]]) {
      expect(percentage(o, f, max)).toBe(percentage(o, f));
      expect(percentage(o, f, max)).toBe(Math.round(((o! + f!) / 160) * 1000) / 10);
    }
    expect(percentage(80, 80, max)).toBe(100);
    expect(finalScore(37, 52)).toBe(44.5);
  });

  it('a 5-level 1–5 scale: maximum items × 5; a 7-level 30-item version: 180', () => {
    expect(topValue(scale([1, 2, 3, 4, 5]))).toBe(5);
    expect(versionMaximum(6, scale([5, 1, 3, 2, 4]))).toBe(30);
    expect(percentage(24, 30, 30)).toBe(90);
    const seven = scale([0, 1, 2, 3, 4, 5, 6]);
    expect(versionMaximum(30, seven)).toBe(180);
    expect(sideTotal(Array(30).fill(3))).toBe(90);
    expect(percentage(90, 180, 180)).toBe(75);
    expect(percentage(1, 1, 180)).toBe(0.6);
    expect(percentage(null, 1, 180)).toBeNull();
  });

  it('scores are among the level values; the first one outside is named', () => {
    const s = scale([1, 2, 3, 4, 5]);
    expect(isScaleValue(3, s)).toBe(true);
    expect(isScaleValue(0, s)).toBe(false);
    expect(isScaleValue(2.5, s)).toBe(false);
    expect(isScaleValue('3', s)).toBe(false);
    expect(scaleError([{ id: 'a', score: 1 }, { id: 'b', score: 0 }], s)).toBe('rubricsFinal.1.score: must be one of 1, 2, 3, 4, 5');
    expect(scaleError([{ id: 'a', score: 5 }], s)).toBeNull();
  });
});

describe('the definition schema', () => {
  const valid = { name: 'R', groups: [{ code: 'A', title: 'A', items: [{ code: 'A1', title: 'One', descriptors: { '1': 'x' } }] }], scale: scale([0, 1]) };
  it('accepts 2–7 levels and refuses 1 or 8', () => {
    expect(RubricDefinition.safeParse(valid).success).toBe(true);
    expect(RubricDefinition.safeParse({ ...valid, scale: scale([0, 1, 2, 3, 4, 5, 6]) }).success).toBe(true);
    expect(RubricDefinition.safeParse({ ...valid, scale: scale([0]) }).success).toBe(false);
    expect(RubricDefinition.safeParse({ ...valid, scale: scale([0, 1, 2, 3, 4, 5, 6, 7]) }).success).toBe(false);
  });
  it('names each refused field by its path', () => {
    const paths = (v: unknown) => (RubricDefinition.safeParse(v).error?.issues ?? []).map((i) => i.path.join('.'));
    expect(paths({ ...valid, groups: [valid.groups[0], valid.groups[0]] })).toEqual(['groups.1.code', 'groups.1.items.0.code']);
    // The API answers the first issue ("scale.1.label: a level needs a label").
    expect(paths({ ...valid, scale: [{ value: 0, label: 'a' }, { value: 2, label: '' }] })).toEqual(['scale.1.label', 'groups.0.items.0.descriptors.1']);
    expect(paths({ ...valid, scale: [{ value: 0, label: 'a' }, { value: 0, label: 'b' }] })).toEqual(['scale.1.value', 'groups.0.items.0.descriptors.1']);
    expect(paths({ ...valid, extra: 1 })).toEqual(['']);
  });
});
