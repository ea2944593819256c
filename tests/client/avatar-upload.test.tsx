// @vitest-environment jsdom
/**
 * Profile picture: choosing an image queues the resized file on the upload lane with its
 * register mutation (user.avatar, blob lane, fileURL filled in after the tus upload) and the sidebar user card shows
 * the picture at once from the replica; a file that is not JPEG, PNG or WebP is refused before anything is stored.
 * jsdom has no canvas, so the test hands in the resize step (the real one is src/client/features/profile/resize-avatar.ts).
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { useLiveQuery } from 'dexie-react-hooks';
import { renderWithMantine } from './render.js';
import { AvatarUpload } from '../../src/client/features/profile/avatar-upload.js';
import { UserCard } from '../../src/client/components/shell/user-card.js';
import { getDb } from '../../src/client/sync/index.js';
import type { User } from '../../src/shared/contract/users.js';
import { MSG } from '../../src/shared/messages.js';

const me: User = {
  id: 'u1', name: 'Fatima Rahman', email: 'faculty@university.edu', role: 'Faculty', campus: 'Main_Campus', department: { id: 1, name: 'Computer Science' },
  phone: null, dateOfBirth: null, designation: null, avatar: null, institute: null, degree: null, starting: null, ending: null, facultyObs: [], courseSlots: [],
};
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const PREVIEW = 'data:image/png;base64,iVBORw0KGgoBAgME';

function Shell() {
  const user = useLiveQuery(async () => (await getDb().users.get('u1')) as unknown as User | undefined, []);
  return (
    <>
      {user ? <UserCard user={user} /> : null}
      <AvatarUpload userId="u1" resize={async () => ({ file: Object.assign(new Blob([PNG], { type: 'image/png' }), { name: 'avatar.png' }), preview: PREVIEW })} />
    </>
  );
}

beforeEach(async () => {
  const db = getDb();
  await Promise.all([db.outbox.clear(), db.users.clear(), db.blobs.clear(), db.blobChunks.clear()]);
  await db.users.put(me as never);
});
afterEach(() => {
  cleanup();
  notifications.clean();
  notifications.cleanQueue();
});

const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;
const choose = (file: File) => fireEvent.change(fileInput(), { target: { files: [file] } });

describe('profile picture', { timeout: 20_000 }, () => {
  it('queues the resized picture on the upload lane and shows it in the user card at once', async () => {
    renderWithMantine(<Shell />);
    const img = () => screen.getByAltText("Fatima Rahman's avatar") as HTMLImageElement;
    await waitFor(() => expect(img()).toBeTruthy());
    expect(img().src).not.toBe(PREVIEW);
    expect(fileInput().accept).toBe('image/jpeg,image/png,image/webp');

    choose(new File([new Uint8Array(5000)], 'holiday.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(MSG.savedOnDevice)).toBeTruthy(); // no engine in a component test: queued
    await waitFor(() => expect(img().src).toBe(PREVIEW));

    const [row] = await getDb().outbox.toArray();
    expect(row).toMatchObject({ name: 'user.avatar', lane: 'blob', blobField: 'fileURL', entity: 'users', entityId: 'u1' });
    expect(row.args).toMatchObject({ userId: 'u1', preview: PREVIEW });
    const blob = await getDb().blobs.get(row.blobId!);
    expect(blob).toMatchObject({ name: 'avatar.png', type: 'image/png', size: PNG.length, status: 'pending' });
  });

  it('refuses a file that is not JPEG, PNG or WebP before storing anything', async () => {
    renderWithMantine(<Shell />);
    choose(new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }));
    expect(await screen.findByText(MSG.avatarTypeNotAllowed)).toBeTruthy();
    expect(await getDb().outbox.count()).toBe(0);
    expect(await getDb().blobs.count()).toBe(0);
  });
});
