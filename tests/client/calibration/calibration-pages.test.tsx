// @vitest-environment jsdom
/**
 * The calibration list and create pages: the list's loading and empty states and its sections (to score,
 * submitted, closed → the results page, organised); the create form's field-named checks (an empty form, a past
 * deadline, the expert's reference per item); against the real server, a refusal shown at the field it names (a
 * participant the device still lists who has left since) and a valid session created there; and that it says so and
 * refuses to send when offline. The rules themselves (calibration-state.ts) are checked directly too.
 */
import 'fake-indexeddb/auto';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { setApiBase } from '../../../src/client/api/http.js';
import { getDb } from '../../../src/client/sync/index.js';
import { useSessionStore, type SessionUser } from '../../../src/client/stores/session.js';
import type { CalibrationSession } from '../../../src/shared/contract/calibration.js';
import { SessionListView } from '../../../src/client/features/calibration/session-list.js';
import { CreateSessionForm } from '../../../src/client/features/calibration/create-session-form.js';
import {
  calibrationGroups,
  createBody,
  createErrors,
  formatOffset,
  mergeSessions,
  serverField,
  sessionSections,
  type CreateValues,
} from '../../../src/client/features/calibration/calibration-state.js';
import { publishedVersion } from '../../server/support/calibration-fixture.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../server/support/helpers.js';
import { key } from '../../server/support/observations-fixture.js';
import { renderRouted } from '../observations/render-routed.js';
import { A1, A2, B1, session, VERSION } from './fixtures.js';

const db = getDb();
const id = (n: number) => `ca1b0000-0000-4000-8000-0000000006${String(n).padStart(2, '0')}`;

/** Opens a Mantine Select / MultiSelect and answers its own listbox (other closed lists stay in the DOM). */
async function listOf(el: HTMLElement): Promise<HTMLElement> {
  fireEvent.click(el);
  return waitFor(() => document.getElementById(el.getAttribute('aria-controls') ?? '') ?? Promise.reject(new Error('no listbox')));
}
const optionTexts = async (el: HTMLElement) => (await within(await listOf(el)).findAllByRole('option', { hidden: true })).map((o) => o.textContent);
const pick = async (el: HTMLElement, name: string) => fireEvent.click(await within(await listOf(el)).findByRole('option', { name, hidden: true }));
const observersInput = (form: HTMLElement) => within(form).getAllByRole('combobox').find((el) => el.closest('[data-field="participantIds"]'))!;

afterEach(() => {
  cleanup();
  notifications.clean();
});

describe('calibration rules', () => {
  it('sorts sessions into sections by the reader’s part, soonest deadline first', () => {
    const s = sessionSections([
      session({ id: id(1), deadline: '2099-02-01T00:00:00.000Z' }),
      session({ id: id(2), deadline: '2099-01-01T00:00:00.000Z' }),
      session({ id: id(3), mine: { scores: {}, submittedAt: '2026-11-20T00:00:00.000Z', notes: [] } }),
      session({ id: id(4), status: 'closed' }),
      session({ id: id(5), mine: null, roster: [] }),
    ]);
    expect(Object.fromEntries(Object.entries(s).map(([k, v]) => [k, v.map((x) => x.id)]))).toEqual({
      'to-score': [id(2), id(1)],
      submitted: [id(3)],
      closed: [id(4)],
      organised: [id(5)],
    });
  });

  it('prefers the newer copy of a session and formats offsets', () => {
    const older = session({ version: 3 });
    const newer = session({ version: 5, title: 'Renamed' });
    expect(mergeSessions([newer], [older])[0]!.title).toBe('Renamed');
    expect(mergeSessions([older], [newer])[0]!.title).toBe('Renamed');
    expect(mergeSessions([older], null)).toEqual([older]);
    expect([0, 7, 65, 3600, 3725].map(formatOffset)).toEqual(['0:00', '0:07', '1:05', '1:00:00', '1:02:05']);
  });

  it('names every missing field, and the server’s field in its refusal', () => {
    const items = calibrationGroups(VERSION).flatMap((g) => g.items);
    const empty: CreateValues = { title: ' ', rubricVersionId: null, lessonKind: 'video', videoURL: null, liveDescription: '', liveDate: '', participantIds: [], withReference: true, expertName: '', reference: { [A1]: { score: 2, rationale: 'Clear' } }, deadline: '2020-01-01T10:00', namesParticipants: false };
    expect(createErrors(empty, items, new Date('2026-11-28T00:00:00Z'))).toEqual({
      title: 'Title: must not be empty',
      rubricVersionId: 'Rubric version: choose a published version',
      lesson: 'Video: upload the lesson’s video (MP4) first',
      participantIds: 'Observers: choose at least one observer',
      deadline: 'Deadline: must be in the future',
      expertName: 'Expert: name the expert',
      [`reference.${A2}.score`]: 'A2 Materials: choose the reference level',
      [`reference.${A2}.rationale`]: 'A2 Materials: give the rationale',
      [`reference.${B1}.score`]: 'B1 Questioning: choose the reference level',
      [`reference.${B1}.rationale`]: 'B1 Questioning: give the rationale',
    });
    const live = { ...empty, lessonKind: 'live' as const, withReference: false, deadline: '' };
    expect(createErrors(live, items, new Date())).toMatchObject({ liveDescription: 'Class: describe the live class', liveDate: 'Class date: choose the date of the class', deadline: 'Deadline: choose a date and time' });
    expect(serverField('participantIds: each must be an active observer')).toEqual({ field: 'participantIds', message: 'participantIds: each must be an active observer' });
    expect(serverField('reference.items: each score must be a level')?.field).toBe('expertName');
    expect(serverField('lesson: only MP4 videos can be a calibration lesson')?.field).toBe('lesson');
    expect(serverField('Something else went wrong')).toBeNull();
  });
});

describe('the sessions list', () => {
  it('shows loading, then an empty state for an observer and for an organiser', async () => {
    const { unmount } = renderRouted(() => <SessionListView sessions={null} organises={false} />);
    expect((await screen.findByRole('status', { name: 'Loading sessions' })).textContent).toContain('Loading calibration sessions');
    unmount();
    const observer = renderRouted(() => <SessionListView sessions={[]} organises={false} />);
    expect(await screen.findByText('You take part in no calibration session yet.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New session' })).toBeNull();
    observer.unmount();
    renderRouted(() => <SessionListView sessions={[]} organises />);
    expect(await screen.findByText(/No calibration sessions yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New session' }).getAttribute('href')).toBe('/calibration/create');
  });

  it('lists each section; a closed session links to its results', async () => {
    renderRouted(() => (
      <SessionListView
        organises
        note="Offline: sessions you organise show when you are online."
        sessions={[
          session({ id: id(1), title: 'To do' }),
          session({ id: id(3), title: 'Done', mine: { scores: {}, submittedAt: '2026-11-20T00:00:00.000Z', notes: [] } }),
          session({ id: id(4), title: 'Over', status: 'closed' }),
          session({ id: id(5), title: 'Mine to run', mine: null, roster: [], status: 'closed' }),
        ]}
      />
    ));
    const section = (name: string) => screen.getByRole('region', { name });
    await screen.findByRole('region', { name: 'To score' });
    expect(within(section('To score')).getByRole('link', { name: 'To do' }).getAttribute('href')).toBe(`/calibration/${id(1)}`);
    expect(within(section('Submitted')).getByRole('link', { name: 'Done' }).getAttribute('href')).toBe(`/calibration/${id(3)}`);
    expect(within(section('Closed')).getByRole('link', { name: 'Over' }).getAttribute('href')).toBe(`/calibration/${id(4)}/results`);
    expect(within(section('Organised by you')).getByRole('link', { name: 'Results' }).getAttribute('href')).toBe(`/calibration/${id(5)}/results`);
    expect(screen.getByRole('note').textContent).toContain('Offline');
  });
});

describe('creating a session', () => {
  const OBSERVERS = [
    { id: id(21), name: 'Ada Observer', email: 'ada@university.edu', role: 'Observer', department: { id: 1, name: 'Computer Science' } },
    { id: id(22), name: 'Ben Observer', email: 'ben@university.edu', role: 'Observer', department: { id: 1, name: 'Computer Science' } },
    { id: id(23), name: 'Cy Maths', email: 'cy@university.edu', role: 'Observer', department: { id: 2, name: 'Mathematics' } },
    { id: id(24), name: 'Dee Gone', email: 'dee@university.edu', role: 'Observer', department: { id: 1, name: 'Computer Science' }, deactivatedAt: '2026-01-01T00:00:00.000Z' },
  ];
  let onLine = true;
  beforeEach(async () => {
    onLine = true;
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => onLine });
    await Promise.all([db.rubricVersions.clear(), db.users.clear()]);
    await db.rubricVersions.bulkPut([VERSION, { ...VERSION, id: id(30), status: 'draft', number: 3 }, { ...VERSION, id: id(31), departmentId: 2, name: 'Maths rubric' }] as never[]);
    await db.users.bulkPut(OBSERVERS as never[]);
  });

  it('names each field it needs and offers only the department’s active observers and usable published versions', async () => {
    renderRouted(() => <CreateSessionForm departmentId={1} onCreated={() => undefined} />);
    const form = await screen.findByRole('form', { name: 'New calibration session' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create session' }));
    for (const text of ['Title: must not be empty', 'Rubric version: choose a published version', 'Video: upload the lesson’s video (MP4) first', 'Observers: choose at least one observer', 'Deadline: choose a date and time']) {
      expect(await within(form).findByText(text)).toBeTruthy();
    }
    // The title is focused first; typing clears its message.
    const title = within(form).getByRole('textbox', { name: /^Title/ });
    expect(document.activeElement).toBe(title);
    fireEvent.change(title, { target: { value: 'Algebra lesson' } });
    expect(within(form).queryByText('Title: must not be empty')).toBeNull();

    expect(await optionTexts(within(form).getByLabelText(/^Rubric version/))).toEqual(['Calibration rubric — version 2']);
    expect(await optionTexts(observersInput(form))).toEqual(['Ada Observer (ada@university.edu)', 'Ben Observer (ben@university.edu)']);
  });

  describe('against the real server', () => {
    let t: TestApp;
    let hod: Record<string, unknown> & { id: string; token: string };
    beforeAll(async () => {
      t = await createTestApp();
      await t.reset();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      hod = await t.loginUser('hod');
    }, 120_000);
    afterAll(async () => {
      useSessionStore.getState().signOut();
      await t.close();
    });

    it('sends a live-class session with the expert’s reference; a server refusal shows at its field', async () => {
      setApiBase(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`);
      useSessionStore.getState().signIn(hod as unknown as SessionUser);
      // The HOD's device holds a published version of the department and two of its observers, as a pull leaves them.
      const version = await publishedVersion(t, hod.token, [1, 2, 3], ['A1', 'A2', 'A3'], 2);
      await db.rubricVersions.put((await t.get(`/api/rubrics/versions/${version.id}`, hod.token)).json() as never);
      const people: { id: string; name: string; email: string }[] = [];
      for (const local of ['calib.kept', 'calib.gone']) {
        const email = `${local}@university.edu`;
        const res = await t.post('/api/auth/create', { name: `Observer ${local}`, email, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD, role: 'Observer' }, hod.token, key());
        expect(res.statusCode, res.body).toBe(201);
        const { token: _token, ...user } = await t.loginUser(email);
        await db.users.put(user as never);
        people.push({ id: user.id, name: String(user.name), email });
      }
      const [kept, gone] = people as [(typeof people)[0], (typeof people)[0]];
      // Since that pull the second one has left: the server no longer counts them an observer of the department.
      expect((await t.put(`/api/user/${gone.id}/deactivate`, undefined, hod.token, key())).statusCode).toBe(200);

      let created: CalibrationSession | null = null;
      renderRouted(() => <CreateSessionForm departmentId={Number((hod.department as { id: number }).id)} onCreated={(doc) => (created = doc)} />);
      const form = await screen.findByRole('form', { name: 'New calibration session' });
      fireEvent.change(within(form).getByRole('textbox', { name: /^Title/ }), { target: { value: 'Algebra lesson' } });
      const versionName = (await db.rubricVersions.get(version.id))!.name;
      await pick(within(form).getByLabelText(/^Rubric version/), `${versionName} — version 1`);
      fireEvent.click(within(form).getByRole('radio', { name: 'Live class' }));
      fireEvent.change(await within(form).findByRole('textbox', { name: /^Class$|^Class / }), { target: { value: 'Year 9 algebra, period 2' } });
      fireEvent.change(within(form).getByLabelText(/^Class date/), { target: { value: '2026-12-01' } });
      await pick(observersInput(form), `${gone.name} (${gone.email})`);
      fireEvent.change(within(form).getByLabelText(/^Deadline/), { target: { value: '2099-01-15T17:00' } });
      fireEvent.click(within(form).getByRole('checkbox', { name: /Add an expert/ }));
      fireEvent.click(within(form).getByRole('button', { name: 'Create session' }));
      // The form's own checks first: nothing reaches the server.
      expect(await within(form).findByText('Expert: name the expert')).toBeTruthy();
      expect(within(form).getByText('A1 Item A1: choose the reference level')).toBeTruthy();

      fireEvent.change(within(form).getByRole('textbox', { name: /^Expert/ }), { target: { value: 'Dr Expert' } });
      const reference = [['A1', '3 Level 3'], ['A2', '2 Level 2'], ['A3', '1 Level 1']] as const;
      for (const [code, level] of reference) {
        await pick(within(form).getByLabelText(new RegExp(`^${code} Item ${code}: reference level`)), level);
        fireEvent.change(within(form).getByRole('textbox', { name: new RegExp(`^${code} Item ${code}: rationale`) }), { target: { value: `Why ${code}` } });
      }
      fireEvent.click(within(form).getByRole('button', { name: 'Create session' }));
      // The server's refusal, at the field it names.
      const field = form.querySelector<HTMLElement>('[data-field="participantIds"]')!;
      expect((await within(field).findByText(/^participantIds: each must be an active observer of the session’s department/, undefined, { timeout: 10_000 })).textContent).toBeTruthy();
      expect(created).toBeNull();

      // Without the one who left (choosing them again takes them off), with the one still there: created.
      await pick(observersInput(form), `${gone.name} (${gone.email})`);
      await pick(observersInput(form), `${kept.name} (${kept.email})`);
      fireEvent.click(within(form).getByRole('button', { name: 'Create session' }));
      await waitFor(() => expect(created).not.toBeNull(), { timeout: 10_000 });
      const stored = (await t.get(`/api/calibration/sessions/${created!.id}`, hod.token)).json() as CalibrationSession;
      expect(stored).toMatchObject({
        title: 'Algebra lesson',
        rubricVersionId: version.id,
        lesson: { kind: 'live', description: 'Year 9 algebra, period 2', date: '2026-12-01' },
        deadline: new Date('2099-01-15T17:00').toISOString(),
        status: 'open',
        participants: { total: 1, submitted: 0 },
      });
      const byItem = (items: { itemId: string }[]) => [...items].sort((x, y) => x.itemId.localeCompare(y.itemId));
      expect(stored.reference!.expertName).toBe('Dr Expert');
      expect(byItem(stored.reference!.items)).toEqual(byItem(version.items.map((item, i) => ({ itemId: item.id, score: 3 - i, rationale: `Why ${item.code}` }))));
      expect(stored.roster!.map((p) => p.userId)).toEqual([kept.id]);
    });
  });

  it('says it needs a connection and sends nothing offline', async () => {
    onLine = false;
    renderRouted(() => <CreateSessionForm departmentId={null} onCreated={() => undefined} />);
    const form = await screen.findByRole('form', { name: 'New calibration session' });
    await waitFor(() => expect(within(form).getByRole('note').textContent).toMatch(/Creating a session needs a connection/));
    expect((within(form).getByRole('button', { name: 'Create session' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('builds the request body of valid values (a video lesson by its upload’s path)', () => {
    const items = calibrationGroups(VERSION).flatMap((g) => g.items);
    const body = createBody({ title: ' T ', rubricVersionId: VERSION.id, lessonKind: 'video', videoURL: '/api/files/abc', liveDescription: '', liveDate: '', participantIds: [id(21)], withReference: false, expertName: '', reference: {}, deadline: '2099-01-01T09:30', namesParticipants: true }, items);
    expect(body).toEqual({ id: expect.any(String), title: 'T', rubricVersionId: VERSION.id, lesson: { kind: 'video', fileURL: '/api/files/abc' }, participantIds: [id(21)], deadline: new Date('2099-01-01T09:30').toISOString(), namesParticipants: true });
  });
});
