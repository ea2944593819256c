import { describe, expect, it } from 'vitest';
import { calibrationAgreement } from '../../../src/shared/calibration/agreement.js';
import { CertificationThresholds, certify } from '../../../src/shared/calibration/certification.js';
import { CalibrationInput } from '../../../src/shared/calibration/input.js';
import { pairAgreement } from '../../../src/shared/calibration/pairs.js';
import { MSG } from '../../../src/shared/messages.js';
import { fixtures } from './fixtures.js';

const L = [0, 1, 2, 3, 4];

describe('certification against the reference', () => {
  it('met or not, with the reason per threshold, for every participant of every fixture (default 80 % / 50 %)', () => {
    for (const c of fixtures.calibration) {
      const agreement = calibrationAgreement(CalibrationInput.parse(c.input));
      c.expected.certification.forEach((want, i) => {
        const got = certify(agreement.participants[i]);
        expect([got.met, got.checks.map((k) => k.reason)], `${c.name} / ${want.participantId}`).toEqual([want.met, want.reasons]);
      });
    }
  });

  it('meets a threshold exactly at it (4 of 5 adjacent is 80 %), and says which threshold failed', () => {
    // Adjacent 4/5 = 80 %, exact 2/5 = 40 %.
    const figures = pairAgreement(L, [[0, 0], [1, 1], [2, 3], [3, 4], [0, 4]]);
    const got = certify(figures);
    expect(got.met).toBe(false);
    expect(got.checks).toEqual([
      { figure: 'adjacent', required: 80, actual: { value: 80 }, met: true, reason: 'met', message: 'Adjacent agreement: 80.0 % meets the required 80 %.' },
      { figure: 'exact', required: 50, actual: { value: 40 }, met: false, reason: 'below', message: 'Exact agreement: 40.0 % is below the required 50 %.' },
    ]);
    expect(certify(figures, { adjacentPct: 80, exactPct: 40 }).met).toBe(true);
  });

  it('never shows a share just under the threshold as the threshold itself', () => {
    // 199 of 250 adjacent = 79.6 %.
    const pairs: [number, number][] = [...Array(199).fill([1, 1]), ...Array(51).fill([0, 4])];
    const check = certify(pairAgreement(L, pairs)).checks[0];
    expect(check.met).toBe(false);
    expect(check.message).toBe('Adjacent agreement: 79.6 % is below the required 80 %.');
    const justUnder: [number, number][] = [...Array(7999).fill([1, 1]), ...Array(2001).fill([0, 4])];
    expect(certify(pairAgreement(L, justUnder)).checks[0].message).toBe('Adjacent agreement: 79.9 % is below the required 80 %.');
  });

  it('a figure without a value does not meet its threshold and carries its reason', () => {
    const got = certify(pairAgreement(L, []));
    expect(got.met).toBe(false);
    expect(got.checks.map((c) => [c.reason, c.message])).toEqual([
      ['no-items', `Adjacent agreement: ${MSG.calibrationStat['no-items']}`],
      ['no-items', `Exact agreement: ${MSG.calibrationStat['no-items']}`],
    ]);
  });

  it('thresholds per rubric version: defaults 80 / 50, refused outside 0–100 naming the field', () => {
    expect(CertificationThresholds.parse({})).toEqual({ adjacentPct: 80, exactPct: 50 });
    expect(CertificationThresholds.parse({ exactPct: 60 })).toEqual({ adjacentPct: 80, exactPct: 60 });
    const bad = CertificationThresholds.safeParse({ adjacentPct: 101 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['adjacentPct']);
  });
});
