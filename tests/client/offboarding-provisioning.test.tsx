// @vitest-environment jsdom
/**
 * The users admin screens against the real server: Deactivate / Reactivate in the user table (the server's state
 * follows, sign-in is refused and restored), and "Import from a file" — the file read with papaparse, the preview's
 * counts and its errors by row and column, and an apply that creates the users.
 */
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithMantine } from './render.js';
import { ImportCard } from '../../src/client/features/users/import-card.js';
import { UserTable } from '../../src/client/features/users/user-table.js';
import { setApiBase } from '../../src/client/api/http.js';
import { useSessionStore, type SessionUser } from '../../src/client/stores/session.js';
import { users } from '../../src/server/db/schema.js';
import type { User } from '../../src/shared/contract/users.js';
import { MSG } from '../../src/shared/messages.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../server/support/helpers.js';

let t: TestApp;
let hod: SessionUser;
beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  setApiBase(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`);
  hod = (await t.loginUser('hod')) as unknown as SessionUser;
  useSessionStore.getState().signIn(hod);
}, 120_000);
afterAll(async () => {
  useSessionStore.getState().signOut();
  await t.close();
});
afterEach(() => {
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
});

const asUser = (u: SessionUser) => u as unknown as User;

describe('user table: offboarding', () => {
  it('deactivates and reactivates a user of the department; others get no button', async () => {
    const observer2 = (await t.loginUser('observer2')) as unknown as User;
    const mathFaculty = (await t.loginUser('faculty.math')) as unknown as User;
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithMantine(<UserTable users={[observer2, mathFaculty]} label="Users" viewer={asUser(hod)} />);
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).queryByRole('button', { name: `Deactivate ${mathFaculty.name}` })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: `Deactivate ${observer2.name}` }));
    await screen.findByRole('button', { name: `Reactivate ${observer2.name}` });
    const refused = await t.post('/api/auth/login', { email: 'observer2@university.edu', password: DEMO_PASSWORD });
    expect(refused.json()).toEqual({ error: MSG.accountDeactivated });
    fireEvent.click(screen.getByRole('button', { name: `Reactivate ${observer2.name}` }));
    await screen.findByRole('button', { name: `Deactivate ${observer2.name}` });
    expect((await t.post('/api/auth/login', { email: 'observer2@university.edu', password: DEMO_PASSWORD })).statusCode).toBe(200);
  });
});

describe('import from a file', () => {
  const choose = (text: string) => {
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([text], 'people.csv', { type: 'text/csv' })] } });
  };

  it('previews a file with its errors by row and column, and applies a clean one', async () => {
    renderWithMantine(<ImportCard viewer={asUser(hod)} />);
    choose('name,email,role,department\nGood One,good.one@university.edu,Faculty,\nBad,bad-address,Faculty,\n');
    const counts = await screen.findByLabelText('Preview counts', {}, { timeout: 10_000 });
    expect(counts.textContent).toContain('1 to create');
    expect(counts.textContent).toContain('1 with errors');
    const errors = screen.getByRole('table', { name: 'Errors' });
    expect(within(errors).getAllByRole('row')[1].textContent).toBe(`3email${MSG.invalidEmail}`);
    expect((screen.getByRole('button', { name: 'Fix the errors to apply' }) as HTMLButtonElement).disabled).toBe(true);

    choose('name,email,role,department\nGood One,good.one@university.edu,Faculty,\n');
    await waitFor(() => expect(screen.getByLabelText('Preview counts').textContent).toContain('0 with errors'), { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Apply the file' }));
    await waitFor(async () => expect(await t.db.select().from(users).where(eq(users.email, 'good.one@university.edu'))).toHaveLength(1), { timeout: 10_000 });
    // The screen's answer too: the row can be committed before the response reaches the page, and a toast shown
    // after this test ended would be the next test's first alert.
    expect(await screen.findByText(/^Imported: 1 created/, {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('says which header columns are missing before sending anything', async () => {
    renderWithMantine(<ImportCard viewer={asUser(hod)} />);
    choose('name,mail\nA,b\n');
    const message = await screen.findByText(/lacks the columns email, role, department/, {}, { timeout: 10_000 });
    expect(message.closest('[role="alert"]')).not.toBeNull();
  });
});
