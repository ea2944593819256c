/**
 * Stage rules shared by every screen. The overdue rule: a dated step (a class to observe and score, a meeting to
 * hold) is overdue once its day has passed and the step is still not done. Days compare as `YYYY-MM-DD`
 * strings (src/shared/class-dates.ts); `today` is the caller's day.
 */
import { dayOf } from './class-dates.js';

export function isOverdue(due: string | null | undefined, done: boolean, today: string): boolean {
  const day = dayOf(due);
  return !done && day != null && day < today;
}
