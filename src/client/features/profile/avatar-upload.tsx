/**
 * "Change picture" on the profile: a JPEG, PNG or WebP image is resized in the browser to a
 * small square, stored on the device and queued on the upload lane (tus), then registered with PUT /user/avatar.
 * The picture shows at once — sidebar, profile menu and profile page read the replica user — offline too; the
 * toast then says whether the server has it (uploaded, refused, or saved on this device while offline).
 */
import { useState } from 'react';
import { Button, FileButton } from '@mantine/core';
import { MSG } from '../../../shared/messages.js';
import { toast } from '../../components/toast.js';
import { awaitWithToast } from '../../components/submit-result.js';
import { queueUpload } from '../../sync/index.js';
import { AVATAR_ACCEPT, resizeAvatar, type PreparedAvatar } from './resize-avatar.js';

/** `resize` is the canvas resize; a DOM without canvas (tests) hands in its own. */
export function AvatarUpload({ userId, resize = resizeAvatar }: { userId: string; resize?: (file: Blob) => Promise<PreparedAvatar> }) {
  const [busy, setBusy] = useState(false);

  async function choose(file: File | null) {
    if (!file) return;
    if (!AVATAR_ACCEPT.split(',').includes(file.type)) return void toast.error(MSG.avatarTypeNotAllowed);
    setBusy(true);
    try {
      const { file: small, preview } = await resize(file);
      const { mutationId } = await queueUpload(small, { name: 'user.avatar', args: { userId, preview }, blobField: 'fileURL' });
      // The picture shows at once; the toast says whether the server has it (uploads give results).
      await awaitWithToast(mutationId, { progress: MSG.uploading, success: MSG.avatarUpdated, waitMs: 10_000 });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : MSG.somethingWrong);
    } finally {
      setBusy(false);
    }
  }

  return (
    <FileButton onChange={(f) => void choose(f)} accept={AVATAR_ACCEPT}>
      {(props) => (
        <Button {...props} variant="default" loading={busy}>
          Change Picture
        </Button>
      )}
    </FileButton>
  );
}
