/**
 * The expected values of tests/fixtures/calibration/fixtures.json (computed by make-fixtures.py with scikit-learn,
 * statsmodels and scipy) and the comparison every calibration test uses: numbers to 1e-9 (relative above 1),
 * reasons exactly.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { CalibrationInput } from '../../../src/shared/calibration/input.js';
import type { Stat } from '../../../src/shared/calibration/stat.js';

export const TOLERANCE = 1e-9;

type Figures = { compared: number; exact: number; adjacent: number; exactPct: Stat; adjacentPct: Stat; kappa: Stat };
type Group = { items: number; excluded: number; value: Stat };
type Interval = { n: number; mean: Stat; low: Stat; high: Stat };

export interface CalibrationCase {
  name: string;
  input: CalibrationInput;
  expected: {
    referenceKind: 'expert' | 'median-of-others';
    participants: (Figures & { participantId: string })[];
    items: (Figures & { itemId: string })[];
    fleiss: Group;
    icc: Group;
    distributions: {
      participantId: string | null;
      rows: { itemId: string; counts: { level: number; count: number }[]; missing: number; reference: number | null; own: number | null }[];
    };
    certification: { participantId: string; met: boolean; reasons: [string, string] }[];
  };
}

export interface Fixtures {
  calibration: CalibrationCase[];
  severity: { pairs: { itemId: string; score: number; comparison: number }[]; confidence: number; expected: (Interval & { itemId: string })[] }[];
  department: { scores: { observerId: string; itemId: string; score: number }[]; observerId: string; expected: (Interval & { itemId: string })[] };
  selfScores: {
    levels: number[];
    rows: { period: string; observerScore: number | null; facultyScore: number | null }[];
    expected: { period: string; compared: number; exact: number; adjacent: number; exactPct: Stat; adjacentPct: Stat }[];
  };
  t: { quantiles: { p: number; df: number; t: number }[]; beta: ({ a: number; b: number; x: number; ix: number } | { a: number; b: number; p: number; inverse: number })[] };
}

export const fixtures = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../fixtures/calibration/fixtures.json'), 'utf8'),
) as Fixtures;

/** |actual − expected| ≤ 1e-9 · max(1, |expected|). */
export function expectClose(actual: number, expected: number, label = ''): void {
  const error = Math.abs(actual - expected) / Math.max(1, Math.abs(expected));
  expect(error, `${label}: ${actual} vs ${expected}`).toBeLessThanOrEqual(TOLERANCE);
}

/** The same value to 1e-9, or no value for the same reason. */
export function expectStat(actual: Stat, expected: Stat, label = ''): void {
  if (expected.value === null) {
    expect(actual, label).toEqual(expected);
    return;
  }
  expect(actual.value, `${label}: expected a value, got ${JSON.stringify(actual)}`).not.toBeNull();
  expectClose(actual.value as number, expected.value, label);
}

/** Every Stat-valued field of `expected` compared with expectStat, every other field exactly. */
export function expectFigures(actual: object, expected: object, label = ''): void {
  for (const [key, want] of Object.entries(expected)) {
    const got = (actual as Record<string, unknown>)[key];
    if (want !== null && typeof want === 'object' && 'value' in want) expectStat(got as Stat, want as Stat, `${label} ${key}`);
    else expect(got, `${label} ${key}`).toEqual(want);
  }
}
