// @vitest-environment jsdom
/**
 * The post-observation meeting screen on a fake-indexeddb replica through the real outbox: the observer's create
 * rules and slot editor (UTC ISO with seconds and ms), Mark Scheduled / Complete Observation visibility, the
 * faculty's reflection step form, artifact upload queued offline, and the 'Selected Slot'.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Observation, PostObservation } from '../../../src/shared/contract/observations.js';
import { MSG } from '../../../src/shared/messages.js';
import { getDb } from '../../../src/client/sync/index.js';
import { META, setMeta } from '../../../src/client/sync/meta.js';
import { PostObservationScreen } from '../../../src/client/features/post-observation/post-observation-screen.js';
import { FACULTY, meeting, OBS_ID, OBSERVER, scheduling } from './fixtures.js';
import { renderRouted } from './render-routed.js';

const db = getDb();
const SLOT_A = { id: '77777777-7777-4777-8777-777777777777', dateTime: '2026-12-10T10:30:00.000Z' };
const SLOT_B = { id: '88888888-8888-4888-8888-888888888888', dateTime: '2026-12-11T14:00:00.000Z' };

function cycle(post: Partial<PostObservation> | null): Observation {
  const done = { status: 'Completed', observerScore: 60, facultyScore: 40 };
  return scheduling(
    { status: 'Completed' },
    {
      meetings: {
        informedObservation: meeting('55555555-5555-4555-8555-555555555555', done),
        uninformedObservation: meeting('66666666-6666-4666-8666-666666666666', done),
        postObservation: post
          ? { id: 'p1', status: 'Ongoing', location: 'Room C-204', scheduledOn: null, timeSlotsByObserver: [SLOT_A, SLOT_B], timeSlotByFaculty: null, artifacts: [], reflectionPlan: null, observationsId: OBS_ID, ...post }
          : null,
      },
    },
  );
}

function Live({ side }: { side: 'observer' | 'faculty' }) {
  const obs = useLiveQuery(() => db.observations.get(OBS_ID)) as Observation | undefined;
  if (!obs) return null;
  return (
    <PostObservationScreen
      obs={obs}
      side={side}
      token={null}
      renderPlanForm={(plan) => <p>Plan form {plan.id}</p>}
      renderPlanView={(plan) => <p>Plan view {plan.id}</p>}
    />
  );
}

beforeEach(async () => {
  await Promise.all([db.observations.clear(), db.outbox.clear(), db.meta.clear(), db.blobs.clear(), db.blobChunks.clear()]);
});
afterEach(() => {
  cleanup();
  notifications.clean();
});

describe('post observation: observer', () => {
  it('Create needs slots and a location; slots are added with the plus control and removed by clicking', async () => {
    await setMeta(db, META.userId, OBSERVER.id);
    await db.observations.put(cycle(null) as never);
    renderRouted(() => <Live side="observer" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create' }));
    expect(await screen.findByText(MSG.timingsOrLocation)).toBeTruthy();

    const input = screen.getByLabelText('Meeting date and time');
    expect((screen.getByRole('button', { name: 'Add slot' }) as HTMLButtonElement).disabled).toBe(true);
    for (const v of ['2026-12-10T10:30', '2026-12-12T09:00']) {
      fireEvent.change(input, { target: { value: v } });
      fireEvent.click(screen.getByRole('button', { name: 'Add slot' }));
    }
    fireEvent.click(screen.getByRole('button', { name: /Remove slot December 12, 2026/ }));
    expect(screen.queryByRole('button', { name: /Remove slot December 12, 2026/ })).toBeNull();
    expect(screen.getByPlaceholderText('A meeting room')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'Room C-204' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(MSG.savedOnDevice)).toBeTruthy();

    const [row] = await db.outbox.toArray();
    const args = row.args as { timeSlotsByObserver: { dateTime: string }[]; location: string };
    expect(row.name).toBe('postObservation.create');
    expect(args.location).toBe('Room C-204');
    expect(args.timeSlotsByObserver.map((s) => s.dateTime)).toEqual([new Date('2026-12-10T10:30').toISOString()]);
    expect(args.timeSlotsByObserver[0].dateTime).toMatch(/:\d\d\.\d{3}Z$/);
    // The screen switches to the Scheduling Timings tab at once (optimistic).
    expect(await screen.findByRole('tab', { name: 'Scheduling Timings' })).toBeTruthy();
  });

  it('Mark Scheduled only once faculty chose a slot while Ongoing; Complete Observation once Scheduled', async () => {
    await setMeta(db, META.userId, OBSERVER.id);
    await db.observations.put(cycle({}) as never);
    renderRouted(() => <Live side="observer" />);
    expect(await screen.findByText('Not chosen yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark Scheduled' })).toBeNull();
    cleanup();

    await db.observations.put(cycle({ timeSlotByFaculty: SLOT_B.id }) as never);
    renderRouted(() => <Live side="observer" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark Scheduled' }));
    expect(await screen.findByRole('button', { name: 'Complete Observation' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Complete Observation' }));
    await waitFor(async () => expect(((await db.observations.get(OBS_ID)) as unknown as Observation).status).toBe('Completed'));
    expect((await db.outbox.toArray()).map((r) => (r.args as { status: string }).status)).toEqual(['Scheduled', 'Completed']);
  });
});

describe('post observation: faculty', () => {
  it('the reflection plan form comes first while the plan has no editedBy', async () => {
    await db.observations.put(cycle({ reflectionPlan: { id: 'plan-r', type: 'Reflection', editedBy: null, editedAt: null, steps: [] } }) as never);
    renderRouted(() => <Live side="faculty" />);
    expect(await screen.findByText('Plan form plan-r')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });

  it('uploads are queued (offline) and listed; Update appears with an artifact and shows the Selected Slot', async () => {
    await setMeta(db, META.userId, FACULTY.id);
    await db.observations.put(cycle({ reflectionPlan: { id: 'plan-r', type: 'Reflection', editedBy: FACULTY.id, editedAt: null, steps: [] } }) as never);
    renderRouted(() => <Live side="faculty" />);
    const upload = (await screen.findByRole('button', { name: 'Upload' })) as HTMLButtonElement;
    expect(upload.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.getByText(MSG.artifactNeeded)).toBeTruthy();

    const file = new File([new Uint8Array([37, 80, 68, 70, 45, 49])], 'notes.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Artifact file'), { target: { files: [file] } });
    expect(upload.disabled).toBe(false);
    fireEvent.click(upload);
    expect(await screen.findByText('Queued')).toBeTruthy();
    expect(screen.getByText('Open notes.pdf')).toBeTruthy();
    const [row] = await db.outbox.toArray();
    expect(row).toMatchObject({ name: 'artifact.register', lane: 'blob' });
    expect(await db.blobs.count()).toBe(1);
    // Still uploading: the slot choice waits for the file to reach the server.
    expect(screen.getByText(/still uploading/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();

    // The server's copy arrives with the registered artifact.
    const doc = (await db.observations.get(OBS_ID)) as unknown as Observation;
    const post = doc.meetings.postObservation!;
    const registered = { ...post.artifacts[0], fileURL: `/api/artifacts/${post.artifacts[0].id}/file` };
    await db.outbox.clear();
    await db.observations.put({ ...doc, meetings: { ...doc.meetings, postObservation: { ...post, artifacts: [registered] } } } as never);
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByText(MSG.timings)).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /December 11, 2026/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Selected Slot')).toBeTruthy();
    expect(((await db.observations.get(OBS_ID)) as unknown as Observation).meetings.postObservation!.timeSlotByFaculty).toBe(SLOT_B.id);
  });
});
