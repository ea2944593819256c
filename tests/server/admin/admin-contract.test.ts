/** The shared rule functions of the admin contract (used by the server routes and the client forms alike). */
import { describe, expect, it } from 'vitest';
import { promptError } from '../../../src/shared/contract/admin.js';
import { assignError, courseCreateError, isValidSlotTime, normaliseSlotTime, slotError } from '../../../src/shared/contract/courses.js';
import { emailTemplateError, planStepError } from '../../../src/shared/contract/templates.js';
import { MSG } from '../../../src/shared/messages.js';

describe('slot rules', () => {
  it('accepts 24-hour HH:MM and HH:MM-HH:MM only', () => {
    for (const ok of ['00:00', '09:30', '23:59', '09:00-10:30', '09:00 - 10:30']) expect(isValidSlotTime(ok), ok).toBe(true);
    for (const bad of ['9:30', '24:00', '12:60', '9am', '09:00 PM', '10:00-09:00', '10:00-10:00', '', '09:00-']) {
      expect(isValidSlotTime(bad), bad).toBe(false);
    }
    expect(normaliseSlotTime(' 09:00 - 10:30 ')).toBe('09:00-10:30');
  });
  it('names the first missing or wrong part', () => {
    expect(slotError({ sectionCode: 'A', day: 'Monday', time: '09:00' })).toBe(MSG.incompleteSlot);
    expect(slotError({ sectionCode: 'A', day: 'Funday', time: '09:00', location: 'R' })).toBe(MSG.slotDay);
    expect(slotError({ sectionCode: 'A', day: 'Monday', time: '9', location: 'R' })).toBe(MSG.slotTime);
    expect(slotError({ sectionCode: 'A', day: 'Monday', time: '09:00', location: 'R' })).toBeNull();
  });
});

describe('course, assign, template and prompt rules', () => {
  const course = { courseCode: 'CSC-011', name: 'N', credits: 3, departments: [1], slots: [{ sectionCode: 'A', day: 'Monday', time: '09:00', location: 'R' }] };
  it('course create follows SPEC §5 order', () => {
    expect(courseCreateError(course)).toBeNull();
    expect(courseCreateError({ ...course, name: '', slots: [] })).toBe(MSG.courseDetails);
    expect(courseCreateError({ ...course, slots: [] })).toBe(MSG.minOneSlot);
    expect(courseCreateError({ ...course, credits: Number.NaN })).toBe(MSG.courseDetails);
    expect(courseCreateError({ ...course, credits: 6 })).toBeNull();
    expect(courseCreateError({ ...course, credits: 1.5 })).toBe(MSG.creditsRange);
  });
  it('assign needs faculty and course, then slots', () => {
    expect(assignError({ courseId: 'c', slots: ['s'] })).toBe(MSG.assignDetails);
    expect(assignError({ facultyId: 'f', courseId: 'c', slots: [] })).toBe(MSG.selectSlots);
    expect(assignError({ facultyId: 'f', courseId: 'c', slots: ['s'] })).toBeNull();
  });
  it('templates: steps need name and text; emails at most 500 words', () => {
    expect(planStepError({ name: 'a', field: '' })).toBe(MSG.planStepDetails);
    expect(planStepError({ name: 'a', field: 'b' })).toBeNull();
    expect(emailTemplateError('word '.repeat(500))).toBeNull();
    expect(emailTemplateError('word '.repeat(501))).toBe(MSG.templateTooLong);
    expect(emailTemplateError(' \n ')).toBe(MSG.provideAllRequired);
  });
  it('prompt: campus and department first, then 50–100', () => {
    expect(promptError({ campus: 'Main_Campus', threshold: 60 })).toBe(MSG.campusAndDepartment);
    expect(promptError({ departmentId: 1, threshold: 40 })).toBe(MSG.campusAndDepartment);
    expect(promptError({ campus: 'Main_Campus', departmentId: 1, threshold: 40 })).toBe(MSG.thresholdMin);
    expect(promptError({ campus: 'Main_Campus', departmentId: 1, threshold: 100 })).toBeNull();
    expect(promptError({ campus: 'Main_Campus', departmentId: 1, threshold: 100.5 })).toBe(MSG.thresholdMax);
  });
});
