/**
 * Severity from live observations (docs/calibration-statistics.md). Pure functions over pairs the caller gathers:
 *
 * - per item, the mean of (observer's score − comparison score), positive = lenient, negative = severe, with a
 *   confidence interval mean ± t(1 − α/2, n − 1) · s / √n (s the sample standard deviation of the differences);
 * - agreement with the faculty members' self-scores per period (exact and adjacent %).
 *
 * departmentSeverityPairs builds the usual pairs: each of the observer's scores on an item against the mean of the
 * department's other observers' scores on that item. The interval then treats that mean as fixed: it shows how
 * steady the observer's own difference is, not the uncertainty of the department's mean.
 */
import { levelIndex } from './levels.js';
import { noStat, percent, stat, type Stat } from './stat.js';
import { T_DF_RANGE, tQuantile } from './t-distribution.js';

export interface SeverityPair {
  itemId: string;
  /** The observer's score. */
  score: number;
  /** What it is compared with (e.g. the other observers' mean on the item). */
  comparison: number;
}

export interface MeanWithInterval {
  n: number;
  mean: Stat;
  low: Stat;
  high: Stat;
}

export interface ItemSeverity extends MeanWithInterval {
  itemId: string;
}

/** The mean of the values with its t confidence interval (confidence 0.95 unless given). */
export function meanWithInterval(values: readonly number[], confidence = 0.95): MeanWithInterval {
  const n = values.length;
  if (n === 0) return { n, mean: noStat('no-items'), low: noStat('no-items'), high: noStat('no-items') };
  const mean = values.reduce((a, v) => a + v, 0) / n;
  if (n < 2) return { n, mean: stat(mean), low: noStat('too-few-values'), high: noStat('too-few-values') };
  const variance = values.reduce((a, v) => a + (v - mean) ** 2, 0) / (n - 1);
  // Past 10⁷ values the quantile no longer moves in its first six digits: the largest checked df stands in.
  const half = tQuantile((1 + confidence) / 2, Math.min(n - 1, T_DF_RANGE.max)) * Math.sqrt(variance / n);
  return { n, mean: stat(mean), low: stat(mean - half), high: stat(mean + half) };
}

/** Per item (in order of first appearance), the mean difference score − comparison with its interval. */
export function severityByItem(pairs: readonly SeverityPair[], confidence = 0.95): ItemSeverity[] {
  const byItem = new Map<string, number[]>();
  for (const p of pairs) {
    const list = byItem.get(p.itemId) ?? [];
    list.push(p.score - p.comparison);
    byItem.set(p.itemId, list);
  }
  return [...byItem].map(([itemId, diffs]) => ({ itemId, ...meanWithInterval(diffs, confidence) }));
}

export interface LiveScore {
  observerId: string;
  itemId: string;
  score: number;
}

/**
 * The observer's scores paired with the mean of the department's other observers' scores on the same item; an item
 * no other observer scored gives no pair.
 */
export function departmentSeverityPairs(scores: readonly LiveScore[], observerId: string): SeverityPair[] {
  const others = new Map<string, { sum: number; n: number }>();
  for (const s of scores) {
    if (s.observerId === observerId) continue;
    const acc = others.get(s.itemId) ?? { sum: 0, n: 0 };
    acc.sum += s.score;
    acc.n++;
    others.set(s.itemId, acc);
  }
  const pairs: SeverityPair[] = [];
  for (const s of scores) {
    const acc = others.get(s.itemId);
    if (s.observerId === observerId && acc) pairs.push({ itemId: s.itemId, score: s.score, comparison: acc.sum / acc.n });
  }
  return pairs;
}

export interface SelfScoreRow {
  /** A sortable period key, e.g. '2026-S1' or '2026-03'. */
  period: string;
  observerScore: number | null;
  facultyScore: number | null;
}

export interface PeriodAgreement {
  period: string;
  compared: number;
  exact: number;
  adjacent: number;
  exactPct: Stat;
  adjacentPct: Stat;
}

/** Exact and adjacent agreement of the observer with the faculty self-scores, per period in ascending key order. */
export function selfScoreAgreementByPeriod(levels: readonly number[], rows: readonly SelfScoreRow[]): PeriodAgreement[] {
  const index = levelIndex(levels);
  const byPeriod = new Map<string, { compared: number; exact: number; adjacent: number }>();
  for (const r of rows) {
    const acc = byPeriod.get(r.period) ?? { compared: 0, exact: 0, adjacent: 0 };
    byPeriod.set(r.period, acc);
    if (r.observerScore == null || r.facultyScore == null) continue;
    const gap = Math.abs(index(r.observerScore) - index(r.facultyScore));
    acc.compared++;
    if (gap === 0) acc.exact++;
    if (gap <= 1) acc.adjacent++;
  }
  return [...byPeriod]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([period, c]) => ({ period, ...c, exactPct: percent(c.exact, c.compared), adjacentPct: percent(c.adjacent, c.compared) }));
}
