/**
 * How a calibration figure reads (docs/calibration-statistics.md): its value, rounded for people, or — when it has
 * none — the catalogue's stated reason (src/shared/messages.ts), never NaN or a bare dash.
 */
import { statReasonMessage, type Stat } from '../../../shared/calibration/stat.js';

export interface StatText {
  text: string;
  /** The reason a figure has no value, in words; null when it has one. */
  reason: string | null;
}

export function statText(s: Stat, opts: { digits?: number; unit?: string; signed?: boolean } = {}): StatText {
  if (s.value === null) return { text: 'Not available', reason: statReasonMessage(s.reason) };
  const { digits = 2, unit = '', signed = false } = opts;
  const sign = signed && s.value > 0 ? '+' : '';
  return { text: `${sign}${s.value.toFixed(digits)}${unit}`, reason: null };
}

export const pctText = (s: Stat) => statText(s, { digits: 1, unit: ' %' });
