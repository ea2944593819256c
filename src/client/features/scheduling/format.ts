import type { DayTime } from '../../../shared/contract/observations.js';

/** SPEC §9: long-month US format ("November 22, 2026"). */
export function longDate(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value.length === 10 ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

export const slotKey = (s: DayTime) => `${s.day.trim().toLowerCase()}|${s.time.trim()}`;
export const slotLabel = (s: DayTime) => `${s.day} ${s.time}`;

/** A date input's YYYY-MM-DD as an instant at noon UTC, so every time zone shows the same calendar day. */
export const dateInputToIso = (v: string) => `${v}T12:00:00.000Z`;
export const isoToDateInput = (v: string | null | undefined) => (v ? v.slice(0, 10) : '');

export const errText = (err: unknown, fallback: string) => (err instanceof Error ? err.message : fallback);
