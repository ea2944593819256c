import { describe, expect, it } from 'vitest';
import { CalibrationInput } from '../../../src/shared/calibration/input.js';
import { Stat, STAT_REASONS, statReasonMessage } from '../../../src/shared/calibration/stat.js';

const valid = {
  levels: [0, 1, 2, 3, 4],
  items: ['a', 'b'],
  participants: [
    { id: 'p', scores: { a: 1, b: null } },
    { id: 'q', scores: { a: 4 } },
  ],
};

describe('the calibration exercise shape', () => {
  it('accepts levels, items, scores with gaps and an optional expert', () => {
    expect(CalibrationInput.safeParse(valid).success).toBe(true);
    expect(CalibrationInput.safeParse({ ...valid, reference: { a: 2, b: 3 } }).success).toBe(true);
  });

  it.each([
    ['a score that is not a level', { ...valid, participants: [{ id: 'p', scores: { a: 5 } }] }, ['participants', 0, 'scores', 'a']],
    ["an expert's score that is not a level", { ...valid, reference: { a: 1.5 } }, ['reference', 'a']],
    ['levels out of order', { ...valid, levels: [0, 2, 1] }, ['levels']],
    ['a single level', { ...valid, levels: [3] }, ['levels']],
    ['two participants with one id', { ...valid, participants: [valid.participants[0], valid.participants[0]] }, ['participants', 1, 'id']],
    ['an item listed twice', { ...valid, items: ['a', 'a'] }, ['items']],
  ])('refuses %s, naming the field', (_, input, path) => {
    const r = CalibrationInput.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path)).toContainEqual(path);
  });
});

describe('the reasons a figure has no value', () => {
  it('each has its catalogue message', () => {
    for (const reason of STAT_REASONS) expect(statReasonMessage(reason)).toMatch(/^Not (available|defined)/);
  });
});

describe('the Stat wire shape', () => {
  it('is a finite number, or no number with a known reason', () => {
    expect(Stat.safeParse({ value: 0.42 }).success).toBe(true);
    expect(Stat.safeParse({ value: null, reason: 'no-variation' }).success).toBe(true);
    expect(Stat.safeParse({ value: null, reason: 'because' }).success).toBe(false);
    expect(Stat.safeParse({ value: null }).success).toBe(false);
    expect(Stat.safeParse({ value: Number.NaN }).success).toBe(false);
    expect(Stat.safeParse({ value: Number.POSITIVE_INFINITY }).success).toBe(false);
  });
});
