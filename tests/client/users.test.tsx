// @vitest-environment jsdom
/**
 * Users screens: the create-user form's §5 messages (before anything is queued), a valid create queued through
 * the real outbox with the optimistic user in the replica and the form cleared 2 s later, Faculty slots offered
 * from the course's unassigned slots only, and the paged user table (10 a page).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithMantine } from './render.js';
import { CreateUserForm } from '../../src/client/features/users/create-user-form.js';
import { UserTable } from '../../src/client/features/users/user-table.js';
import { getDb } from '../../src/client/sync/index.js';
import type { User } from '../../src/shared/contract/users.js';
import { MSG } from '../../src/shared/messages.js';

function mkUser(i: number, over: Partial<User> = {}): User {
  return {
    id: `u-${i}`, name: `User ${String(i).padStart(2, '0')}`, email: `user${i}@university.edu`, role: 'Observer', campus: 'Main_Campus',
    department: { id: 1, name: 'Computer Science' }, phone: null, dateOfBirth: null, designation: null, avatar: null, institute: null,
    degree: null, starting: null, ending: null, facultyObs: [], courseSlots: [], ...over,
  };
}
const hod = mkUser(0, { id: 'hod', name: 'Hana Head', email: 'hod@university.edu', role: 'Head_of_Department' });

beforeEach(async () => {
  const db = getDb();
  await Promise.all([db.outbox.clear(), db.users.clear(), db.courses.clear()]);
  await db.users.put(hod as never);
  await db.courses.put({
    id: 'c1', courseCode: 'CSC-011', name: 'Programming', credits: 3, department: [{ id: 1, name: 'Computer Science' }], departments: [1],
    campus: 'Main_Campus', isElective: false, isDepthElective: false, createdAt: '2026-01-01T00:00:00Z',
    slots: [
      { id: 's-free', courseId: 'c1', sectionCode: 'A', day: 'Monday', time: '09:00', location: 'R1', facultyId: null, faculty: null },
      { id: 's-taken', courseId: 'c1', sectionCode: 'B', day: 'Tuesday', time: '10:00', location: 'R2', facultyId: 'x', faculty: 'Xavier' },
    ],
  });
});
afterEach(() => {
  cleanup();
  // The toast store is global: leftovers would queue behind the 5-toast limit and hide the next test's toasts.
  notifications.clean();
  notifications.cleanQueue();
});

const field = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });
function type(label: RegExp, value: string) {
  fireEvent.change(field(label), { target: { value } });
}
/** Opens a Mantine Select/MultiSelect and returns its own listbox (other comboboxes' lists may still be mounted). */
async function openList(label: RegExp): Promise<HTMLElement> {
  const input = field(label);
  fireEvent.click(input);
  return waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error(`no list for ${label}`);
    return list;
  });
}
async function pick(label: RegExp, option: string) {
  const list = await openList(label);
  fireEvent.click(await within(list).findByRole('option', { name: option, hidden: true }));
}
async function submitExpect(message: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Create User' }));
  // The toast, and often the field's own message too.
  expect((await screen.findAllByText(message, undefined, { timeout: 4000 })).some((e) => e.classList.contains('mantine-Notification-description'))).toBe(true);
}

describe('create user form', { timeout: 20_000 }, () => {
  it('shows the §5 messages in order, marks each field concerned, focuses the first, and queues nothing while invalid', async () => {
    renderWithMantine(<CreateUserForm creator={hod} />);
    await submitExpect(MSG.requiredData);
    // The toast keeps SPEC's text; the fields say what each needs, and the first has focus.
    for (const label of [/^Name/, /^Email/, /^Role/]) expect(field(label).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter the name')).toBeTruthy();
    expect(screen.getByText('Choose a role')).toBeTruthy();
    expect(document.activeElement).toBe(field(/^Name/));
    type(/^Name/, 'Nia New');
    expect(field(/^Name/).getAttribute('aria-invalid')).not.toBe('true'); // cleared as it is fixed
    type(/^Email/, 'nia-at-nowhere');
    await pick(/^Role/, 'Observer');
    await submitExpect(MSG.invalidEmail);
    expect(field(/^Email/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(/^Email/));
    type(/^Email/, 'nia@gmail.com');
    await submitExpect(MSG.domainOnly('university.edu'));
    // Nobody types the new user's password: there is no such field, the invitation sets it.
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.getByText('The new user gets an email with a link to set their own password.')).toBeTruthy();
    expect(await getDb().outbox.count()).toBe(0);
  });

  it('offers only the roles the creator may create, and read-only campus and department', async () => {
    renderWithMantine(<CreateUserForm creator={hod} />);
    const list = await openList(/^Role/);
    const options = (await within(list).findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(options).toEqual(['Observer', 'Faculty']); // no literal "Select": the empty field shows a placeholder
    expect(field(/^Role/).getAttribute('placeholder')).toBe('Choose a role');
    expect((field(/^Campus/) as HTMLInputElement).readOnly).toBe(true);
    expect((field(/^Department/) as HTMLInputElement).value).toBe('Computer Science');
  });

  it('Faculty needs a course and a slot; only unassigned slots are offered; a valid create is queued and cleared', async () => {
    renderWithMantine(<CreateUserForm creator={hod} />);
    type(/^Name/, 'Fay Faculty');
    type(/^Email/, 'fay@university.edu');
    await pick(/^Role/, 'Faculty');
    await submitExpect(MSG.facultyNeedsCourse);
    expect(field(/^Course/).getAttribute('aria-invalid')).toBe('true');
    await pick(/^Course/, 'CSC-011 Programming');
    await submitExpect(MSG.facultyNeedsSlot);
    const slotList = await openList(/^Slots/);
    const slotOptions = (await within(slotList).findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(slotOptions).toEqual(['A · Monday 09:00 · R1']);
    fireEvent.click(within(slotList).getByRole('option', { name: 'A · Monday 09:00 · R1', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText(MSG.savedOnDevice, undefined, { timeout: 4000 })).toBeTruthy();
    const rows = await getDb().outbox.toArray();
    expect(rows.map((r) => r.name)).toEqual(['user.create']);
    expect(rows[0].args).toMatchObject({ email: 'fay@university.edu', role: 'Faculty', course: 'c1', courses: ['s-free'] });
    expect(rows[0].args).not.toHaveProperty('password'); // the server invites the user
    const created = (await getDb().users.toArray()).find((u) => u.email === 'fay@university.edu');
    expect(created).toMatchObject({ name: 'Fay Faculty', role: 'Faculty' });
    await waitFor(() => expect((field(/^Name/) as HTMLInputElement).value).toBe(''), { timeout: 3500 });
  });

  it('says so when a course has no unassigned slots', async () => {
    await getDb().courses.update('c1', { slots: [] });
    renderWithMantine(<CreateUserForm creator={hod} />);
    await pick(/^Role/, 'Faculty');
    await pick(/^Course/, 'CSC-011 Programming');
    expect(await screen.findByText(MSG.noSlotsForCourse)).toBeTruthy();
  });
});

describe('user table paging', () => {
  it('shows 10 rows a page and moves between pages', async () => {
    const users = Array.from({ length: 23 }, (_, i) => mkUser(i + 1));
    renderWithMantine(<UserTable users={users} label="Users" />);
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('row')).toHaveLength(11); // header + 10
    expect(screen.getByText('1–10 of 23')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(within(screen.getByRole('table', { name: 'Users' })).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText('User 23')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'previous page' }));
    expect(screen.getByText('11–20 of 23')).toBeTruthy();
  });

  it('says No Users! when empty', () => {
    renderWithMantine(<UserTable users={[]} label="Users" />);
    expect(screen.getByText(MSG.noUsers)).toBeTruthy();
  });
});
