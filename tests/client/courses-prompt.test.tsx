// @vitest-environment jsdom
/**
 * Create Courses: the §5 slot and course messages, 'Processing' while saving, the course queued with its
 * slots and shown in the replica. Assign Courses: §5 messages and the no-slots notice. Prompt: §5 messages,
 * the threshold's meaning, and the queued prompt.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithMantine } from './render.js';
import { CreateCourseForm } from '../../src/client/features/courses/create-course-form.js';
import { AssignCoursesForm } from '../../src/client/features/courses/assign-courses-form.js';
import { PromptForm, THRESHOLD_HELP } from '../../src/client/features/prompt/prompt-form.js';
import { getDb } from '../../src/client/sync/index.js';
import type { User } from '../../src/shared/contract/users.js';
import { MSG } from '../../src/shared/messages.js';

const base = {
  campus: 'Main_Campus', phone: null, dateOfBirth: null, designation: null, avatar: null, institute: null, degree: null,
  starting: null, ending: null, facultyObs: [], courseSlots: [],
};
const hod: User = { ...base, id: 'hod', name: 'Hana', email: 'hod@university.edu', role: 'Head_of_Department', department: { id: 1, name: 'Computer Science' } };
const admin: User = { ...base, id: 'sa', name: 'Sara', email: 'superadmin@university.edu', role: 'Super_Admin', department: null };

beforeEach(async () => {
  const db = getDb();
  await Promise.all([db.outbox.clear(), db.users.clear(), db.courses.clear(), db.departments.clear()]);
  await db.users.put(hod as never);
});
afterEach(() => {
  cleanup();
  // The toast store is global: leftovers would queue behind the 5-toast limit and hide the next test's toasts.
  notifications.clean();
  notifications.cleanQueue();
});

const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
const type = (label: RegExp, value: string) => fireEvent.change(input(label), { target: { value } });
async function expectToast(text: string) {
  expect(await screen.findByText(text, undefined, { timeout: 4000 })).toBeTruthy();
}
async function pick(label: RegExp, option: string) {
  const el = input(label);
  fireEvent.click(el);
  const list = await waitFor(() => document.getElementById(el.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

describe('create courses', { timeout: 20_000 }, () => {
  it('checks slots and course details, then queues the course with its slots', async () => {
    renderWithMantine(<CreateCourseForm user={hod} />);
    expect(input(/^Course code/).getAttribute('placeholder')).toBe('CSC-011');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Add Slot' }));
    await expectToast(MSG.incompleteSlot);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await expectToast(MSG.courseDetails);
    type(/^Course code/, 'CSC-411');
    type(/^Course name/, 'Compilers');
    type(/^Credit hours/, '3');
    expect((await screen.findAllByText('Computer Science')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    await expectToast(MSG.minOneSlot);

    type(/^Slot code/, 'A');
    await pick(/^Slot day/, 'Monday');
    type(/^Slot timing/, '9am');
    type(/^Slot location/, 'Room 1');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Add Slot' }));
    await expectToast(MSG.slotTime);
    type(/^Slot timing/, '09:00 - 10:30');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Add Slot' }));
    const saved = await screen.findByRole('table', { name: 'Saved slots' });
    expect(within(saved).getByText('09:00-10:30')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('button', { name: 'Processing' })).toBeTruthy();
    await expectToast(MSG.courseCreated);
    const rows = await getDb().outbox.toArray();
    expect(rows.map((r) => r.name)).toEqual(['course.create']);
    expect(rows[0].args).toMatchObject({ courseCode: 'CSC-411', departments: [1], credits: 3, slots: [{ sectionCode: 'A', day: 'Monday', time: '09:00-10:30' }] });
    expect(await getDb().courses.count()).toBe(1);
    await waitFor(() => expect((input(/^Course code/) as HTMLInputElement).value).toBe(''), { timeout: 3000 });
  });
});

describe('assign courses', { timeout: 20_000 }, () => {
  it('needs faculty and course, then slots; says when a course has no free slot', async () => {
    await getDb().users.put({ ...base, id: 'f1', name: 'Farid', email: 'farid@university.edu', role: 'Faculty', department: { id: 1, name: 'Computer Science' } } as never);
    await getDb().courses.put({
      id: 'c1', courseCode: 'CSC-011', name: 'Programming', credits: 3, department: [{ id: 1, name: 'Computer Science' }], departments: [1],
      campus: 'Main_Campus', isElective: false, isDepthElective: false, createdAt: '2026-01-01T00:00:00Z',
      slots: [{ id: 's1', courseId: 'c1', sectionCode: 'A', day: 'Monday', time: '09:00', location: 'R1', facultyId: 'x', faculty: 'X' }],
    });
    renderWithMantine(<AssignCoursesForm user={hod} />);
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await expectToast(MSG.assignDetails);
    await pick(/^Faculty/, 'Farid (farid@university.edu)');
    await pick(/^Course/, 'CSC-011 Programming');
    expect((await screen.findAllByText(MSG.noSlotsAvailable)).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await expectToast(MSG.selectSlots);
    expect(await getDb().outbox.count()).toBe(0);
  });
});

describe('prompt observation', { timeout: 20_000 }, () => {
  it('explains the threshold, checks §5 rules and queues the prompt', async () => {
    await getDb().departments.put({ id: '1', name: 'Computer Science' });
    renderWithMantine(<PromptForm user={admin} />);
    expect(screen.getByText(THRESHOLD_HELP)).toBeTruthy();
    expect(input(/^Observation Threshold/).getAttribute('placeholder')).toBe('50-100');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Prompt' }));
    await expectToast(MSG.campusAndDepartment);
    await pick(/^Campus/, 'Main Campus');
    await pick(/^Department/, 'Computer Science');
    type(/^Observation Threshold/, '40');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Prompt' }));
    await expectToast(MSG.thresholdMin);
    type(/^Observation Threshold/, '70');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Prompt' }));
    await waitFor(async () => expect((await getDb().outbox.toArray()).map((r) => r.args)).toEqual([{ campus: 'Main_Campus', departmentId: 1, threshold: 70 }]));
  });

  it('says when there is no department to choose', async () => {
    await getDb().users.clear();
    renderWithMantine(<PromptForm user={admin} />);
    expect(await screen.findByText(MSG.noDepartment)).toBeTruthy();
  });
});
