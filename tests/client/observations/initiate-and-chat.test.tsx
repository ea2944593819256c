// @vitest-environment jsdom
/**
 * Initiate Observation (observers of the HOD's department, only faculty without an open observation, §5
 * messages, queued initiate) and the chat panel (messages are outbox mutations, pending ones marked).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MSG } from '../../../src/shared/messages.js';
import { getDb } from '../../../src/client/sync/index.js';
import { META, setMeta } from '../../../src/client/sync/meta.js';
import { useSessionStore } from '../../../src/client/stores/session.js';
import { CreateObservationForm } from '../../../src/client/features/observations/create-observation-form.js';
import { ChatPanel } from '../../../src/client/features/chat/chat-panel.js';
import { FACULTY, HOD, OBS_ID, observation, OBSERVER } from './fixtures.js';
import { renderRouted } from './render-routed.js';

const db = getDb();
const dept = (id: number) => ({ id, name: `Dept ${id}` });

beforeEach(async () => {
  await Promise.all([db.observations.clear(), db.outbox.clear(), db.users.clear(), db.messages.clear(), db.meta.clear()]);
  await db.users.bulkPut([
    { id: HOD.id, name: HOD.name, email: HOD.email, role: 'Head_of_Department', department: dept(1) },
    { id: OBSERVER.id, name: OBSERVER.name, email: OBSERVER.email, role: 'Observer', department: dept(1) },
    { id: 'u-obs-2', name: 'Other Dept Observer', email: 'o2@university.edu', role: 'Observer', department: dept(2) },
    { id: FACULTY.id, name: FACULTY.name, email: FACULTY.email, role: 'Faculty', department: dept(1), courseSlots: [{ id: 's1', courseId: 'c1', sectionCode: 'A', day: 'Monday', time: '09:00-10:30' }] },
    { id: 'u-fac-2', name: 'Busy Faculty', email: 'busy@university.edu', role: 'Faculty', department: dept(1), courseSlots: [{ id: 's2', courseId: 'c1', sectionCode: 'B', day: 'Monday', time: '11:00-12:30' }] },
    { id: 'u-fac-3', name: 'New Faculty', email: 'new@university.edu', role: 'Faculty', department: dept(1), courseSlots: [] },
  ]);
  // Busy Faculty has an open observation; a completed one does not block Fatima.
  await db.observations.bulkPut([
    observation({ id: '00000000-0000-4000-8000-000000000001', facultyId: 'u-fac-2', status: 'Ongoing' }),
    observation({ id: '00000000-0000-4000-8000-000000000002', facultyId: FACULTY.id, status: 'Completed' }),
  ] as never[]);
});
afterEach(() => {
  cleanup();
  notifications.clean();
  useSessionStore.getState().signOut();
});

/** Option texts the form renders (Mantine keeps every Select's options in the DOM, hidden while closed). */
const optionTexts = () => screen.queryAllByRole('option', { hidden: true }).map((o) => o.textContent ?? '');

describe('initiate observation', () => {
  it('offers only the department observers and free faculty, checks §5 messages, and queues the initiate', async () => {
    await setMeta(db, META.userId, HOD.id);
    renderRouted(() => <CreateObservationForm hod={{ id: HOD.id, department: dept(1) }} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Observer' })).toBeTruthy());
    await waitFor(() => expect(optionTexts()).toContain(`${OBSERVER.name} (${OBSERVER.email})`));
    expect(optionTexts()).toContain(`${FACULTY.name} (${FACULTY.email})`);
    // Another department's observer is not offered; a faculty member with an open observation is shown, not
    // choosable, with the reason; one without a course slot is offered with a warning.
    expect(optionTexts().some((t) => t.includes('Other Dept Observer') || t.includes(HOD.name))).toBe(false);
    const busy = screen.getByRole('option', { name: 'Busy Faculty — Has an open observation (Ongoing)', hidden: true });
    expect(busy.getAttribute('data-combobox-disabled') ?? busy.getAttribute('aria-disabled')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Faculty not offered' }).textContent).toContain('Busy Faculty: Has an open observation (Ongoing)');
    expect(optionTexts()).toContain('New Faculty (new@university.edu) · no course slot assigned yet');

    fireEvent.click(screen.getByRole('button', { name: 'Initiate' }));
    expect(await screen.findByText(MSG.selectObserverAndFaculty)).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Observer' }));
    fireEvent.click(await screen.findByRole('option', { name: new RegExp(OBSERVER.name), hidden: true }));
    fireEvent.click(screen.getByRole('combobox', { name: 'Faculty' }));
    fireEvent.click(await screen.findByRole('option', { name: new RegExp(FACULTY.name), hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Initiate' }));
    expect(await screen.findByText(MSG.selectSemester)).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: 'Semester' }));
    expect(optionTexts().filter((t) => ['Spring', 'Summer', 'Fall'].includes(t))).toEqual(['Spring', 'Summer', 'Fall']);
    fireEvent.click(screen.getByRole('option', { name: 'Summer', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Initiate' }));
    expect(await screen.findByText(MSG.savedOnDevice)).toBeTruthy();
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ name: 'observation.initiate', args: { facultyIds: [FACULTY.id], observerId: OBSERVER.id, semester: 'Summer' } });
    expect(await db.observations.where('facultyId').equals(FACULTY.id).count()).toBe(2);
  });

  it('with no free faculty says so', async () => {
    await db.observations.bulkPut([
      observation({ id: '00000000-0000-4000-8000-000000000003', facultyId: FACULTY.id, status: 'Pending' }),
      observation({ id: '00000000-0000-4000-8000-000000000004', facultyId: 'u-fac-3', status: 'Pending' }),
    ] as never[]);
    renderRouted(() => <CreateObservationForm hod={{ id: HOD.id, department: dept(1) }} />);
    expect(await screen.findByText(MSG.noFacultyAvailable)).toBeTruthy();
  });
});

describe('chat panel', () => {
  it('shows the conversation and queues a new message, marked pending until sent', async () => {
    await db.observations.put(observation() as never);
    await db.messages.put({ id: 'm1', observationId: OBS_ID, authorId: HOD.id, authorName: HOD.name, authorRole: 'Head_of_Department', body: 'Please schedule soon.', createdAt: '2026-11-20T09:00:00.000Z', version: 3 });
    await setMeta(db, META.userId, OBSERVER.id);
    useSessionStore.getState().signIn({ id: OBSERVER.id, name: OBSERVER.name, email: OBSERVER.email, role: 'Observer', token: 't' } as never);
    renderRouted(() => <ChatPanel observationId={OBS_ID} />);
    expect(await screen.findByText('Please schedule soon.')).toBeTruthy();
    expect(screen.getByText(/Head of Department/)).toBeTruthy();
    expect(screen.getByText(/November 20, 2026/)).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Tuesday works.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Tuesday works.')).toBeTruthy();
    expect(await screen.findByText('Pending')).toBeTruthy();
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ name: 'message.send', args: { observationId: OBS_ID, body: 'Tuesday works.' } });
  });
});
