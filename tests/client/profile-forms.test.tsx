// @vitest-environment jsdom
/**
 * Profile forms: Edit Profile queues the change through the real outbox (works offline) and updates the
 * replica at once; Reset Password checks the §5 rules before sending and keeps the form when offline.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { renderWithMantine } from './render.js';
import { EditProfileForm } from '../../src/client/features/profile/edit-profile-form.js';
import { ResetPasswordForm, NEEDS_CONNECTION } from '../../src/client/features/profile/reset-password-form.js';
import { setApiBase } from '../../src/client/api/http.js';
import { getDb } from '../../src/client/sync/index.js';
import type { User } from '../../src/shared/contract/users.js';
import { MSG } from '../../src/shared/messages.js';

const user: User = {
  id: 'u-fac',
  name: 'Faye Faculty',
  email: 'faculty@university.edu',
  role: 'Faculty',
  campus: 'Main_Campus',
  department: { id: 1, name: 'Physics' },
  phone: null,
  dateOfBirth: '1990-04-02',
  designation: 'Lecturer',
  avatar: null,
  institute: null,
  degree: null,
  starting: null,
  ending: null,
  facultyObs: [],
  courseSlots: [],
};

beforeEach(async () => {
  localStorage.clear();
  const db = getDb();
  await db.outbox.clear();
  await db.users.clear();
  await db.users.put({ ...user });
});
afterEach(cleanup);

describe('edit profile', () => {
  it('shows identity read-only, and Update queues the change and updates the replica', async () => {
    renderWithMantine(<EditProfileForm user={user} />);
    expect(screen.getByLabelText('Full Name').hasAttribute('readonly')).toBe(true);
    expect((screen.getByLabelText('Campus') as HTMLInputElement).value).toBe('Main Campus');
    expect((screen.getByLabelText('Department') as HTMLInputElement).value).toBe('Physics');
    expect((screen.getByLabelText('Role') as HTMLInputElement).value).toBe('Faculty');
    expect((screen.getByLabelText('Date of Birth') as HTMLInputElement).value).toBe('1990-04-02');

    const update = screen.getByRole('button', { name: 'Update' });
    expect(update.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+1 555 0199' } });
    fireEvent.change(screen.getByLabelText('Designation'), { target: { value: '' } });
    fireEvent.click(update);

    // No sync engine runs in a component test: the change is queued, and the toast says so.
    expect(await screen.findByText(MSG.savedOnDevice)).toBeTruthy();
    expect(screen.queryByText(MSG.profileUpdated)).toBeNull();
    const rows = await getDb().outbox.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0].name).toBe('user.updateProfile');
    expect(rows[0].status).toBe('pending');
    // Only the changed fields are sent.
    expect(rows[0].args).toEqual({ userId: 'u-fac', changes: { phone: '+1 555 0199', designation: '' } });
    const stored = await getDb().users.get('u-fac');
    expect(stored?.phone).toBe('+1 555 0199');
    expect(stored?.designation).toBeNull(); // empty is stored as null, as the server does
  });

  it('never wipes year-only degree dates it cannot show, and names the degree end when it precedes the start', async () => {
    const old = { ...user, degree: 'PhD Physics', starting: '2004', ending: '2009' };
    await getDb().users.put({ ...old });
    renderWithMantine(<EditProfileForm user={old} />);
    expect((screen.getByLabelText('Degree Starting') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Stored: 2004')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Degree Ending'), { target: { value: '2003-06-30' } });
    expect(await screen.findByText(MSG.degreeEndBeforeStart)).toBeTruthy(); // against the stored 2004
    expect(screen.getByRole('button', { name: 'Update' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByLabelText('Degree Ending'), { target: { value: '2009-06-30' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '+1 555 0100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(MSG.savedOnDevice)).toBeTruthy();
    const [row] = await getDb().outbox.toArray();
    expect(row.args).toEqual({ userId: 'u-fac', changes: { phone: '+1 555 0100', ending: '2009-06-30' } });
    const stored = await getDb().users.get('u-fac');
    expect(stored).toMatchObject({ starting: '2004', ending: '2009-06-30', degree: 'PhD Physics' });
  });

  it('keeps a draft of what was typed and restores it when the form opens again', async () => {
    const first = renderWithMantine(<EditProfileForm user={user} />);
    fireEvent.change(screen.getByLabelText('Institute'), { target: { value: 'Draft Institute' } });
    first.unmount();
    renderWithMantine(<EditProfileForm user={user} />);
    expect((screen.getByLabelText('Institute') as HTMLInputElement).value).toBe('Draft Institute');
    expect(screen.getByText(MSG.draftRestored)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(MSG.savedOnDevice)).toBeTruthy();
    await waitFor(() => expect(localStorage.length).toBe(0));
    cleanup();
    // Queued: the draft is gone, the form opens with the saved values.
    renderWithMantine(<EditProfileForm user={{ ...user, institute: 'Draft Institute' }} />);
    expect(screen.queryByText(MSG.draftRestored)).toBeNull();
  });

  it('hides the department for Super_Admin', () => {
    renderWithMantine(<EditProfileForm user={{ ...user, role: 'Super_Admin', department: null }} />);
    expect(screen.queryByLabelText('Department')).toBeNull();
  });
});

describe('reset password', () => {
  function fill(oldP: string, newP: string, confirm: string) {
    fireEvent.change(screen.getByLabelText(/^Old Password/, { selector: 'input' }), { target: { value: oldP } });
    fireEvent.change(screen.getByLabelText(/^New Password/, { selector: 'input' }), { target: { value: newP } });
    fireEvent.change(screen.getByLabelText(/^Confirm Password/, { selector: 'input' }), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
  }

  it.each([
    ['', 'abcdefgh', 'abcdefgh', MSG.provideAllRequired],
    ['old-pass', 'abcdefgh', 'abcdefgX', MSG.newPasswordsSame],
    ['old-pass', 'short', 'short', MSG.newPasswordMin],
  ])('old=%j new=%j confirm=%j → %s', async (o, n, c, message) => {
    renderWithMantine(<ResetPasswordForm email={user.email} />);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(user.email);
    fill(o, n, c);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('offline: says it needs a connection and keeps what was typed', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', r));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));
    setApiBase(`http://127.0.0.1:${port}/api`);
    renderWithMantine(<ResetPasswordForm email={user.email} />);
    fill('old-password', 'new-password', 'new-password');
    expect(await screen.findByText(NEEDS_CONNECTION)).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reset' }).hasAttribute('data-loading')).toBe(false));
    expect((screen.getByLabelText(/^New Password/, { selector: 'input' }) as HTMLInputElement).value).toBe('new-password');
  });
});
