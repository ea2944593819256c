/**
 * Date rules of the observation cycle, used by the client (before queueing) and by the
 * server (the authority):
 * - the class date picked in scheduling falls on the weekday of the picked slot and is not in the past;
 * - rubrics cannot be submitted or locked before the day of the scheduled class.
 * Days are compared as `YYYY-MM-DD` strings. A picked date travels as that day at UTC midnight, so its day is
 * read in UTC; "today" is the caller's: the client's local day, the server's UTC day with one day of slack
 * (`slackDays`) for users in time zones ahead of or behind UTC.
 */
import { WEEKDAYS } from './weekdays.js';
import { MSG } from './messages.js';

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of a stored date or ISO date-time (its own date part), or null. */
export function dayOf(value: string | null | undefined): string | null {
  const m = value ? /^(\d{4}-\d{2}-\d{2})/.exec(value) : null;
  return m ? m[1] : null;
}

/** The local calendar day of a moment (the browser's "today"). */
export function localDay(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The UTC calendar day of a moment, shifted by `days`. */
export function utcDay(d: Date, days = 0): string {
  return new Date(d.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (day: string) => DAY_RE.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`));

/** 'Monday' … 'Sunday' of a `YYYY-MM-DD` day ('' for anything else). */
export function weekdayOf(day: string): string {
  if (!isDay(day)) return '';
  const js = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return WEEKDAYS[(js + 6) % 7];
}

/** The first day on or after `from` (`YYYY-MM-DD`) that is a `weekday` (`from` itself when it is not a day). */
export function nextDayOn(from: string, weekday: string): string {
  if (!isDay(from)) return from;
  for (let i = 0; i < 7; i++) {
    const d = utcDay(new Date(`${from}T00:00:00Z`), i);
    if (weekdayOf(d) === weekday) return d;
  }
  return from;
}

/**
 * The scheduled class date: on the weekday of one of the picked slots, and not before `today`.
 * `slotDays`: the days of the picked slots (empty: not checked here, the form asks for a slot first).
 */
export function classDateError(date: string | null | undefined, slotDays: readonly string[], today: string): string | null {
  const day = dayOf(date);
  if (!day || !isDay(day)) return null;
  if (day < today) return MSG.classDateInPast;
  if (slotDays.length > 0 && !slotDays.includes(weekdayOf(day))) return MSG.classDateNotSlotDay(slotDays.join(' or '), weekdayOf(day));
  return null;
}

/** Rubrics are submitted and locked on or after the day of the scheduled class (null when none is known). */
export function rubricBeforeClassError(scheduledOn: string | null | undefined, today: string): string | null {
  const day = dayOf(scheduledOn);
  if (!day || today >= day) return null;
  return MSG.rubricsBeforeClass(day);
}
