/**
 * Rubric scoring (SPEC §9): 4 groups × 5 items, each 0–4. A side's total is out of 80.0 (one decimal), the final
 * score is the mean of the observer's and the faculty's totals, the percentage is (observer + faculty) / 160 × 100.
 * Per rubric version (docs/adr/2026-11-28-rubric-versions.md) the same arithmetic holds with the version's numbers:
 * a total is the sum of the level values, its maximum is items × the top level value (SPEC: 20 × 4 = 80).
 * Pure functions: the server computes stored totals with them and the client shows the same numbers.
 */
import { RUBRIC_MAX, RUBRIC_MIN, RUBRIC_TOTAL_MAX } from './constants.js';
import { MSG } from './messages.js';

export interface RubricItemRef {
  id: string;
  code: string;
}
export interface RubricEntry {
  id: string;
  score: number;
}

/** Round to one decimal (totals are shown as "x / 80.0"). */
export function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

export function isValidScore(score: unknown): score is number {
  return typeof score === 'number' && Number.isInteger(score) && score >= RUBRIC_MIN && score <= RUBRIC_MAX;
}

/** Sum of item scores, one decimal. */
export function sideTotal(scores: Iterable<number>): number {
  let sum = 0;
  for (const s of scores) sum += s;
  return round1(sum);
}

/** The top level value of a scale (SPEC: 4). */
export function topValue(scale: readonly { value: number }[]): number {
  return scale.reduce((top, l) => Math.max(top, l.value), 0);
}

/** The largest total of one side: items × the top level value (SPEC: 20 × 4 = 80). */
export function versionMaximum(itemCount: number, scale: readonly { value: number }[]): number {
  return itemCount * topValue(scale);
}

/** Whether `score` is one of the scale's level values. */
export function isScaleValue(score: unknown, scale: readonly { value: number }[]): score is number {
  return typeof score === 'number' && scale.some((l) => l.value === score);
}

/**
 * The first entry whose score is not a level of the scale, as "rubricsFinal.<i>.score: …" (the field named), or
 * null.
 */
export function scaleError(entries: readonly RubricEntry[], scale: readonly { value: number }[]): string | null {
  const i = entries.findIndex((e) => !isScaleValue(e.score, scale));
  if (i < 0) return null;
  const values = [...scale].map((l) => l.value).sort((a, b) => a - b);
  return `rubricsFinal.${i}.score: must be one of ${values.join(', ')}`;
}

/** "37.0 / 80.0" (another version: its own maximum). */
export function formatTotal(total: number | null | undefined, maximum: number = RUBRIC_TOTAL_MAX): string {
  return `${(total ?? 0).toFixed(1)} / ${maximum.toFixed(1)}`;
}

/** Mean of both sides; null until both exist. */
export function finalScore(observer: number | null | undefined, faculty: number | null | undefined): number | null {
  if (observer == null || faculty == null) return null;
  return round1((observer + faculty) / 2);
}

/** (observer + faculty) / (2 × maximum) × 100, one decimal (SPEC: / 160); null until both exist. */
export function percentage(observer: number | null | undefined, faculty: number | null | undefined, maximum: number = RUBRIC_TOTAL_MAX): number | null {
  if (observer == null || faculty == null || maximum <= 0) return null;
  return round1(((observer + faculty) / (2 * maximum)) * 100);
}

/** Items grouped by code, in the given order. */
export function groupItems<T extends RubricItemRef>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const g = groups.get(item.code) ?? [];
    g.push(item);
    groups.set(item.code, g);
  }
  return groups;
}

/** A group is complete when every one of its items has a score. */
export function isGroupComplete(groupItemIds: readonly string[], scored: ReadonlyMap<string, number> | ReadonlySet<string>): boolean {
  return groupItemIds.length > 0 && groupItemIds.every((id) => scored.has(id));
}

/** Every group complete (the precondition of submitting, SPEC §5 'Please save all rubrics scores!'). */
export function allGroupsComplete(items: readonly RubricItemRef[], scored: ReadonlyMap<string, number> | ReadonlySet<string>): boolean {
  if (items.length === 0) return false;
  return [...groupItems(items).values()].every((g) => isGroupComplete(g.map((i) => i.id), scored));
}

/**
 * Checks a group save: every entry names a known item with a score 0–4 (another version: `isScore`, one of its
 * levels), no item twice, and each group that is touched is covered entirely (all its items). Returns the SPEC §5
 * message or null.
 */
export function groupSaveError(
  items: readonly RubricItemRef[],
  entries: readonly RubricEntry[],
  isScore: (score: unknown) => boolean = isValidScore,
): string | null {
  if (entries.length === 0) return MSG.selectAllRubrics;
  const byId = new Map(items.map((i) => [i.id, i]));
  const seen = new Set<string>();
  const touched = new Set<string>();
  for (const e of entries) {
    const item = byId.get(e.id);
    if (!item || seen.has(e.id) || !isScore(e.score)) return MSG.selectAllRubrics;
    seen.add(e.id);
    touched.add(item.code);
  }
  for (const [code, group] of groupItems(items)) {
    if (!touched.has(code)) continue;
    if (group.some((i) => !seen.has(i.id))) return MSG.selectAllRubrics;
  }
  return null;
}
