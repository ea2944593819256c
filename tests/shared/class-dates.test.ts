/** The shared date rules of scheduling (client and server use the same functions). */
import { describe, expect, it } from 'vitest';
import { classDateError, dayOf, nextDayOn, rubricBeforeClassError, utcDay, weekdayOf } from '../../src/shared/class-dates.js';
import { degreeDatesError } from '../../src/shared/contract/users.js';
import { MSG } from '../../src/shared/messages.js';

describe('class dates', () => {
  it('names weekdays and finds the next day on one', () => {
    expect(weekdayOf('2026-11-24')).toBe('Tuesday');
    expect(weekdayOf('2026-11-30')).toBe('Monday');
    expect(nextDayOn('2026-11-24', 'Tuesday')).toBe('2026-11-24');
    expect(nextDayOn('2026-11-24', 'Monday')).toBe('2026-11-30');
    expect(dayOf('2026-11-30T12:00:00.000Z')).toBe('2026-11-30');
    expect(utcDay(new Date('2026-11-24T23:30:00Z'), 1)).toBe('2026-11-25');
  });

  it('refuses a class date in the past or off the slot weekday', () => {
    expect(classDateError('2026-11-23T12:00:00.000Z', ['Monday'], '2026-11-24')).toBe(MSG.classDateInPast);
    expect(classDateError('2026-12-01', ['Monday'], '2026-11-24')).toBe(MSG.classDateNotSlotDay('Monday', 'Tuesday'));
    expect(classDateError('2026-11-30', ['Monday'], '2026-11-24')).toBeNull();
    expect(classDateError('2026-11-24', ['Tuesday'], '2026-11-24')).toBeNull(); // today is fine
    expect(classDateError('2026-12-01', [], '2026-11-24')).toBeNull(); // no slot picked: the form asks for one first
  });

  it('allows rubrics from the day of the class on', () => {
    expect(rubricBeforeClassError('2026-11-30T12:00:00.000Z', '2026-11-29')).toBe(MSG.rubricsBeforeClass('2026-11-30'));
    expect(rubricBeforeClassError('2026-11-30T12:00:00.000Z', '2026-11-30')).toBeNull();
    expect(rubricBeforeClassError(null, '2000-01-01')).toBeNull();
  });

  it('degree end never before start; year-only dates compare by year', () => {
    expect(degreeDatesError('2009', '2004')).toBe(MSG.degreeEndBeforeStart);
    expect(degreeDatesError('2009', '2009-06-30')).toBeNull();
    expect(degreeDatesError('2009-09-01', '2009-06-30')).toBe(MSG.degreeEndBeforeStart);
    expect(degreeDatesError('2009-09-01', null)).toBeNull();
  });
});
