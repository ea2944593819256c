// @vitest-environment jsdom
/**
 * The organiser's Edit and Delete actions on an open session against the real server: the form's own checks by
 * field; the server's refusal (removing an observer who submitted) at the field it names; a saved edit (title,
 * deadline, an added observer); the delete confirmation (kept when declined, deleted when confirmed) and a closed
 * session's refusal said in words. The form's rules (edit-session-state.ts) are checked directly too.
 */
import 'fake-indexeddb/auto';
import axe from 'axe-core';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setApiBase } from '../../../src/client/api/http.js';
import { getDb } from '../../../src/client/sync/index.js';
import { useSessionStore, type SessionUser } from '../../../src/client/stores/session.js';
import type { CalibrationSession } from '../../../src/shared/contract/calibration.js';
import { SessionOrganiserActions } from '../../../src/client/features/calibration/edit-session.js';
import { editBody, editErrors, editValues, localDateTime } from '../../../src/client/features/calibration/edit-session-state.js';
import { createSession, groupsOf, inDays, newObservers, publishedVersion } from '../../server/support/calibration-fixture.js';
import { createTestApp, type TestApp } from '../../server/support/helpers.js';
import { key } from '../../server/support/observations-fixture.js';
import { renderWithMantine } from '../render.js';

const db = getDb();
let t: TestApp;
let hod: Awaited<ReturnType<TestApp['loginUser']>>;
let people: { id: string; token: string; name: string }[];
let joining: { id: string; name: string; email: string };
let sessions: { edit: string; remove: string; closed: string };

/** Opens a Mantine MultiSelect and answers its own listbox. */
async function pick(el: HTMLElement, name: string) {
  fireEvent.click(el);
  const list = await waitFor(() => document.getElementById(el.getAttribute('aria-controls') ?? '') ?? Promise.reject(new Error('no listbox')));
  fireEvent.click(await within(list).findByRole('option', { name, hidden: true }));
}

/** Serious and critical axe findings in the rendered document (colour contrast needs a real browser: the e2e runs). */
async function axeSerious(): Promise<string[]> {
  const r = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

const doc = async (id: string) => (await t.get(`/api/calibration/sessions/${id}`, hod.token)).json() as CalibrationSession;

beforeAll(async () => {
  t = await createTestApp();
  await t.reset();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  hod = await t.loginUser('hod');
  const version = await publishedVersion(t, hod.token, [1, 2, 3], ['A1', 'A2'], 2);
  const demo = async (who: string) => {
    const u = await t.loginUser(who);
    return { id: u.id, token: u.token, name: String(u.name) };
  };
  people = [await demo('observer'), await demo('observer2')];
  const [extra] = await newObservers(t, hod.token, 1);
  // newObservers names each "Calibration Observer <local part of their email>".
  joining = { id: extra.id, name: extra.name, email: `${extra.name.split(' ').at(-1)}@university.edu` };
  const lesson = { kind: 'live', description: 'Year 9 algebra', date: '2026-12-01' };
  const submit = async (p: { token: string }, id: string) => {
    const res = await t.post(`/api/calibration/sessions/${id}/submit`, { scores: groupsOf(version, { A1: 1, A2: 2 }).flat() }, p.token, key());
    expect(res.statusCode, res.body).toBe(200);
  };
  const edit = await createSession(t, hod.token, { title: 'Autumn calibration', rubricVersionId: version.id, lesson, participantIds: people.map((p) => p.id), deadline: inDays(7) });
  await submit(people[0], edit.id);
  const remove = await createSession(t, hod.token, { title: 'To delete', rubricVersionId: version.id, lesson, participantIds: [people[1].id], deadline: inDays(7) });
  const closed = await createSession(t, hod.token, { title: 'Already closed', rubricVersionId: version.id, lesson, participantIds: [people[0].id], deadline: inDays(7) });
  await submit(people[0], closed.id);
  sessions = { edit: edit.id, remove: remove.id, closed: closed.id };
}, 120_000);
afterAll(async () => {
  useSessionStore.getState().signOut();
  await t.close();
});
beforeEach(async () => {
  setApiBase(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`);
  useSessionStore.getState().signIn(hod as unknown as SessionUser);
  // The HOD's device holds the department's observers, as a pull leaves them.
  await db.users.clear();
  for (const who of ['observer', 'observer2', joining.email]) {
    const { token: _token, ...user } = await t.loginUser(who);
    await db.users.put(user as never);
  }
});
afterEach(() => cleanup());

describe('edit rules', () => {
  it('checks the fields and sends only what changed', () => {
    const s = { title: 'T', deadline: '2099-01-15T17:00:00.000Z', roster: [{ userId: 'a', name: 'A', submitted: false }] } as CalibrationSession;
    const v = editValues(s);
    expect(v).toEqual({ title: 'T', deadline: localDateTime(s.deadline), participantIds: ['a'] });
    expect(editBody(s, v)).toEqual({});
    expect(editBody(s, { ...v, title: ' New ', participantIds: ['a', 'b'] })).toEqual({ title: 'New', participantIds: ['a', 'b'] });
    expect(editErrors({ title: ' ', deadline: '2000-01-01T00:00', participantIds: [] }, new Date())).toEqual({
      title: 'Title: must not be empty',
      deadline: 'Deadline: must be in the future',
      participantIds: 'Observers: choose at least one observer',
    });
  });
});

describe('the organiser’s edit and delete of a session', { timeout: 30_000 }, () => {
  it('edits the title, deadline and observers; a field-named refusal shows at its field', async () => {
    let changed: CalibrationSession | null = null;
    renderWithMantine(<SessionOrganiserActions session={await doc(sessions.edit)} onChanged={(s) => (changed = s)} onDeleted={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit session' }));
    const form = await screen.findByRole('form', { name: 'Edit the calibration session' });
    const observers = within(form).getByRole('combobox');
    expect(await axeSerious()).toEqual([]);

    // The form's own checks first.
    fireEvent.change(within(form).getByRole('textbox', { name: /^Title/ }), { target: { value: ' ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Title: must not be empty')).toBeTruthy();

    // Taking off the observer who submitted: the server refuses, at the observers' field.
    fireEvent.change(within(form).getByRole('textbox', { name: /^Title/ }), { target: { value: 'Autumn calibration (moved)' } });
    await pick(observers, `${people[0].name} (submitted)`);
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    const field = form.querySelector<HTMLElement>('[data-edit-field="participantIds"]')!;
    expect(await within(field).findByText(/^participantIds: a participant who has submitted cannot be removed/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(changed).toBeNull();

    // Put back, with a new observer and a later deadline: saved.
    await pick(observers, `${people[0].name} (submitted)`);
    await pick(observers, `${joining.name} (${joining.email})`);
    fireEvent.change(within(form).getByLabelText(/^Deadline/), { target: { value: '2099-02-01T09:30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(changed).not.toBeNull(), { timeout: 10_000 });
    const stored = await doc(sessions.edit);
    expect(stored).toMatchObject({ title: 'Autumn calibration (moved)', deadline: new Date('2099-02-01T09:30').toISOString(), participants: { total: 3, submitted: 1 } });
    expect(stored.roster!.map((p) => p.userId).sort()).toEqual([...people.map((p) => p.id), joining.id].sort());
    expect(changed!.title).toBe('Autumn calibration (moved)');
  });

  it('deletes only after the confirmation', async () => {
    let deleted = 0;
    renderWithMantine(<SessionOrganiserActions session={await doc(sessions.remove)} onChanged={() => undefined} onDeleted={() => (deleted += 1)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete session' }));
    expect(screen.getByRole('group', { name: /^Delete “To delete”\?/ })).toBeTruthy();
    expect(await axeSerious()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Keep the session' }));
    expect(screen.queryByRole('group', { name: /^Delete/ })).toBeNull();
    expect((await t.get(`/api/calibration/sessions/${sessions.remove}`, hod.token)).statusCode).toBe(200);

    fireEvent.click(screen.getByRole('button', { name: 'Delete session' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(deleted).toBe(1), { timeout: 10_000 });
    expect((await t.get(`/api/calibration/sessions/${sessions.remove}`, hod.token)).statusCode).toBe(404);
  });

  it('says why a closed session cannot be deleted', async () => {
    let deleted = 0;
    // The page offers the actions while open; a session that closed since is refused by the server.
    renderWithMantine(<SessionOrganiserActions session={{ ...(await doc(sessions.closed)), status: 'open' }} onChanged={() => undefined} onDeleted={() => (deleted += 1)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete session' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete for good' }));
    expect((await screen.findByRole('alert', undefined, { timeout: 10_000 })).textContent).toMatch(/closed and cannot be deleted: its results back certifications/);
    expect(deleted).toBe(0);
  });
});
