/**
 * How the severity page reads an item's interval and how a figure without a value reads: lenient or severe only
 * when the whole 95 % interval is on one side of zero; a missing figure is its stated reason, never NaN.
 */
import { describe, expect, it } from 'vitest';
import { noStat, stat } from '../../../src/shared/calibration/stat.js';
import { MSG } from '../../../src/shared/messages.js';
import { pctText, statText } from '../../../src/client/features/calibration/results-stat.js';
import { severityReading } from '../../../src/client/features/calibration/severity-reading.js';

describe('severity reading', () => {
  it.each([
    [0.2, 0.9, 'Lenient'],
    [-1.1, -0.05, 'Severe'],
    [-0.3, 0.4, 'No clear difference'],
    [0, 0.5, 'No clear difference'],
  ])('interval %s to %s reads %s', (low, high, label) => {
    expect(severityReading({ low: stat(low), high: stat(high) }).label).toBe(label);
  });
  it('without an interval decides nothing', () => {
    expect(severityReading({ low: noStat('too-few-values'), high: noStat('too-few-values') }).label).toBe('Too few scores');
  });
});

describe('a figure as text', () => {
  it('rounds a value, signs it when asked, and gives a missing one its reason', () => {
    expect(pctText(stat(66.6667))).toEqual({ text: '66.7 %', reason: null });
    expect(statText(stat(0.25), { signed: true }).text).toBe('+0.25');
    expect(statText(stat(-0.25), { signed: true }).text).toBe('-0.25');
    expect(statText(noStat('no-variation'))).toEqual({ text: 'Not available', reason: MSG.calibrationStat['no-variation'] });
  });
});
