// @vitest-environment jsdom
/**
 * Slots of an existing course on the Courses List: a HOD of the course's department adds,
 * edits and deletes slots (queued through the outbox, shown at once from the replica); delete asks first and is
 * disabled, with the reason in a tooltip, for an assigned slot; other departments and other roles see the
 * read-only table.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithMantine } from './render.js';
import { CourseList } from '../../src/client/features/courses/course-list.js';
import { getDb } from '../../src/client/sync/index.js';
import type { Course } from '../../src/shared/contract/courses.js';
import type { User } from '../../src/shared/contract/users.js';
import { MSG } from '../../src/shared/messages.js';

const C = '6f1c4a52-0d55-4a0e-9a53-0b7f2b3c1a10';
const A = '0b2f6a7e-52b1-4a0c-8a8e-3c6c2f1d0a01';
const B = '0b2f6a7e-52b1-4a0c-8a8e-3c6c2f1d0a02';
const F = '9d3e1f00-7a2b-4c1d-9e8f-123456789abc';
const course: Course = {
  id: C, courseCode: 'CSC-101', name: 'Programming', credits: 3, department: [{ id: 1, name: 'Computer Science' }], departments: [1],
  campus: 'Main_Campus', isElective: false, isDepthElective: false, createdAt: '2026-01-01T00:00:00Z',
  slots: [
    { id: A, courseId: C, sectionCode: 'A', day: 'Monday', time: '09:00-10:30', location: 'R1', facultyId: F, faculty: 'Fatima Rahman' },
    { id: B, courseId: C, sectionCode: 'B', day: 'Friday', time: '14:00', location: 'R2', facultyId: null, faculty: null },
  ],
};
const faculty = {
  id: F, name: 'Fatima Rahman', email: 'faculty@university.edu', role: 'Faculty', campus: 'Main_Campus', department: { id: 1, name: 'Computer Science' },
  phone: null, dateOfBirth: null, designation: null, avatar: null, institute: null, degree: null, starting: null, ending: null, facultyObs: [],
  courseSlots: [{ id: A, courseId: C, course: { id: C, courseCode: 'CSC-101', name: 'Programming' }, sectionCode: 'A', day: 'Monday', time: '09:00-10:30', location: 'R1' }],
} satisfies User;

beforeEach(async () => {
  const db = getDb();
  await Promise.all([db.outbox.clear(), db.users.clear(), db.courses.clear()]);
  await db.courses.put(course as never);
  await db.users.put(faculty as never);
});
afterEach(() => {
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
});

const slotOfStored = (c: Course, section: string) => c.slots.find((x) => x.sectionCode === section);
const stored = async () => (await getDb().courses.get(C)) as unknown as Course;
const outbox = async () => (await getDb().outbox.toArray()).map((r) => [r.name, r.args]);
async function openSlots() {
  fireEvent.click(await screen.findByRole('button', { name: 'Show slots of CSC-101' }));
  return screen.findByRole('table', { name: 'Slots of CSC-101' });
}
async function pick(el: HTMLElement, option: string) {
  fireEvent.click(el);
  const list = await waitFor(() => document.getElementById(el.getAttribute('aria-controls') ?? '')!);
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

describe('course slots editor', { timeout: 20_000 }, () => {
  it('a HOD adds a slot, checking the creation rules and unique section codes', async () => {
    renderWithMantine(<CourseList ownDepartments={[1]} role="Head_of_Department" />);
    await openSlots();
    fireEvent.click(screen.getByRole('button', { name: 'Add slot' }));
    const form = await screen.findByRole('form', { name: 'Add a slot to CSC-101' });
    const field = (label: RegExp) => within(form).getByLabelText(label, { selector: 'input' });
    fireEvent.change(field(/^Slot code/), { target: { value: 'b' } });
    await pick(field(/^Slot day/), 'Saturday');
    fireEvent.change(field(/^Slot timing/), { target: { value: '08:00 - 09:30' } });
    fireEvent.change(field(/^Slot location/), { target: { value: 'R3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add slot' }));
    expect(await screen.findByText(MSG.duplicateSection)).toBeTruthy();
    fireEvent.change(field(/^Slot code/), { target: { value: 'D' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add slot' }));
    expect(await screen.findByText(MSG.savedOnDevice)).toBeTruthy(); // queued: no engine in a component test

    await waitFor(async () => expect((await stored()).slots.map((s) => [s.sectionCode, s.day, s.time])).toContainEqual(['D', 'Saturday', '08:00-09:30']));
    expect(await screen.findByText('Saturday 08:00-09:30')).toBeTruthy();
    const [[name, args]] = await outbox();
    expect(name).toBe('course.addSlot');
    expect(args).toMatchObject({ courseId: C, sectionCode: 'D', day: 'Saturday', time: '08:00 - 09:30', location: 'R3' });
  });

  it('edits an assigned slot, and the faculty member’s own copy follows', async () => {
    renderWithMantine(<CourseList ownDepartments={[1]} role="Head_of_Department" />);
    await openSlots();
    fireEvent.click(screen.getByRole('button', { name: 'Edit slot A of CSC-101' }));
    const form = await screen.findByRole('form', { name: 'Edit slot A of CSC-101' });
    const time = within(form).getByLabelText(/^Slot timing/, { selector: 'input' }) as HTMLInputElement;
    expect(time.value).toBe('09:00-10:30');
    fireEvent.change(time, { target: { value: '25:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save slot' }));
    expect(await screen.findByText(MSG.slotTime)).toBeTruthy();
    fireEvent.change(time, { target: { value: '10:00-11:30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save slot' }));
    expect(await screen.findByText(MSG.savedOnDevice)).toBeTruthy(); // queued: no engine in a component test
    await waitFor(async () => expect((await stored()).slots.find((s) => s.id === A)?.time).toBe('10:00-11:30'));
    const me = (await getDb().users.get(F)) as unknown as User;
    expect(me.courseSlots[0].time).toBe('10:00-11:30');
    expect((await outbox()).map(([n]) => n)).toEqual(['course.updateSlot']);
  });

  it('delete is disabled with the reason for an assigned slot, and asks before deleting a free one', async () => {
    renderWithMantine(<CourseList ownDepartments={[1]} role="Head_of_Department" />);
    await openSlots();
    const assigned = screen.getByRole('button', { name: 'Delete slot A of CSC-101' });
    expect(assigned.getAttribute('aria-disabled')).toBe('true');
    fireEvent.mouseEnter(assigned);
    expect(await screen.findByText(MSG.slotAssignedTo('Fatima Rahman'))).toBeTruthy();
    fireEvent.click(assigned);
    expect(screen.queryByRole('dialog', { name: 'Delete slot' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete slot B of CSC-101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete slot' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete slot' })).toBeNull());
    expect(await outbox()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Delete slot B of CSC-101' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Delete slot' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(MSG.savedOnDevice)).toBeTruthy(); // queued: no engine in a component test
    await waitFor(async () => expect((await stored()).slots.map((s) => s.sectionCode)).toEqual(['A']));
    expect(await outbox()).toEqual([['course.deleteSlot', { courseId: C, id: B, sectionCode: 'B' }]]);
  });

  it('unassign is offered only for an assigned slot, asks first, and frees the slot and the faculty member’s copy', async () => {
    renderWithMantine(<CourseList ownDepartments={[1]} role="Head_of_Department" />);
    await openSlots();
    expect(screen.queryByRole('button', { name: 'Unassign slot B of CSC-101' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Unassign slot A of CSC-101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unassign slot' });
    expect(within(dialog).getByText(/Unassign Fatima Rahman from slot A/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText(MSG.savedOnDevice)).toBeTruthy(); // queued: no engine in a component test
    await waitFor(async () => expect(slotOfStored(await stored(), 'A')).toMatchObject({ facultyId: null, faculty: null }));
    const me = (await getDb().users.get(F)) as unknown as User;
    expect(me.courseSlots).toEqual([]);
    expect(await outbox()).toEqual([['course.unassignSlot', { courseId: C, id: A, sectionCode: 'A' }]]);
    // once free, the slot may be deleted
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete slot A of CSC-101' }).getAttribute('aria-disabled')).toBeNull());
  });

  it('other departments and roles that do not create courses see the read-only table', async () => {
    for (const [role, own] of [['Head_of_Department', [2]], ['Observer', [1]], ['Campus_Director', []]] as const) {
      renderWithMantine(<CourseList ownDepartments={[...own]} role={role} />);
      const table = await openSlots();
      expect(within(table).queryByRole('button', { name: /Delete|Edit/ }), role).toBeNull();
      expect(screen.queryByRole('button', { name: 'Add slot' })).toBeNull();
      cleanup();
    }
    renderWithMantine(<CourseList ownDepartments={[]} role="Admin" />);
    await openSlots();
    expect(screen.getByRole('button', { name: 'Add slot' })).toBeTruthy();
  });
});
