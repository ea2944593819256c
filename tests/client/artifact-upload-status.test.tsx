// @vitest-environment jsdom
/**
 * An upload gives a visible result. After Upload the file is listed as saved on this device
 * (no engine runs here); the test then plays the leader tab on the real outbox: the blob starts uploading
 * (progress), and the register row is acked (gone) — the line says it is done and a toast says so.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { ArtifactUpload } from '../../src/client/features/post-observation/artifact-upload.js';
import { getDb } from '../../src/client/sync/index.js';
import { MSG } from '../../src/shared/messages.js';
import { renderWithMantine } from './render.js';

const OBS = '0b5e0000-0000-4000-8000-000000000001';
const POST = '0b5e0000-0000-4000-8000-000000000002';

beforeEach(async () => {
  const db = getDb();
  await Promise.all([db.outbox.clear(), db.blobs.clear(), db.blobChunks.clear()]);
});
afterEach(() => {
  cleanup();
  notifications.clean();
});

describe('artifact upload status', () => {
  it('shows saved-on-device, then progress, then the done message', async () => {
    renderWithMantine(<ArtifactUpload observationsId={OBS} postId={POST} />);
    const file = new File([new Uint8Array(1000)], 'lesson.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Artifact file'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const item = await screen.findByRole('listitem');
    await waitFor(() => expect(item.textContent).toContain(MSG.uploadWaiting));
    expect(item.textContent).toContain('lesson.pdf');
    expect(item.textContent).not.toContain(MSG.artifactUploaded);

    const db = getDb();
    const [blob] = await db.blobs.toArray();
    await db.blobs.update(blob.id, { status: 'uploading', uploadedBytes: 500 });
    await waitFor(() => expect(item.textContent).toContain(`${MSG.uploading} 50%`));
    expect(screen.getByRole('progressbar', { name: 'Upload of lesson.pdf' })).toBeTruthy();

    await db.outbox.clear(); // the leader registered the file: the row is acked
    await waitFor(() => expect(item.textContent).toContain(MSG.artifactUploaded));
    expect(await screen.findByText(`${MSG.artifactUploaded} (lesson.pdf)`)).toBeTruthy();
  });

  it('offline: says the file is saved on this phone and will upload when online, never that it was uploaded', async () => {
    const onLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    try {
      renderWithMantine(<ArtifactUpload observationsId={OBS} postId={POST} />);
      fireEvent.change(screen.getByLabelText('Artifact file'), { target: { files: [new File(['x'], 'board.png', { type: 'image/png' })] } });
      fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
      const item = await screen.findByRole('listitem');
      await waitFor(() => expect(item.textContent).toContain(MSG.uploadSavedOffline));
      expect(await screen.findAllByText(MSG.uploadSavedOffline)).toHaveLength(2); // the line and a toast
      await new Promise((r) => setTimeout(r, 200));
      expect(screen.queryByText(new RegExp(MSG.artifactUploaded))).toBeNull();
    } finally {
      delete (navigator as { onLine?: boolean }).onLine;
      if (onLine) Object.defineProperty(Navigator.prototype, 'onLine', onLine);
    }
  });

  it("shows the server's message when the file was refused", async () => {
    renderWithMantine(<ArtifactUpload observationsId={OBS} postId={POST} />);
    fireEvent.change(screen.getByLabelText('Artifact file'), { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const item = await screen.findByRole('listitem');
    await getDb().outbox.toCollection().modify({ status: 'needs-attention', lastError: 'The post observation is already completed!', lastStatus: 409 });
    await waitFor(() => expect(item.textContent).toContain('The post observation is already completed!'));
  });
});
