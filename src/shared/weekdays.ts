/**
 * The week's days, Monday first: a slot's day (contract/courses.ts) and the day a date falls on (class-dates.ts).
 * Kept apart from the wire schemas so the dashboard's date helpers do not load the schema library with them
 * (docs/performance.md, bundle-size).
 */
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
