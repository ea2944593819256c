/**
 * How an item's mean difference reads: lenient when the whole 95 % interval is above zero, severe when it is below,
 * otherwise no clear difference (docs/calibration-statistics.md, "Severity"). Without an interval (fewer than two
 * scores) the mean alone decides nothing.
 */
import type { Stat } from '../../../shared/calibration/stat.js';

export interface SeverityReading {
  label: string;
  color: string;
}

export function severityReading(i: { low: Stat; high: Stat }): SeverityReading {
  if (i.low.value === null || i.high.value === null) return { label: 'Too few scores', color: 'gray' };
  if (i.low.value > 0) return { label: 'Lenient', color: 'orange' };
  if (i.high.value < 0) return { label: 'Severe', color: 'violet' };
  return { label: 'No clear difference', color: 'gray' };
}
