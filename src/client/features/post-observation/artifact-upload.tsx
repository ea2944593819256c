/**
 * Artifact upload (SPEC §2, §5): documents, pdf, images, mp4; a second input opens the phone's camera. The
 * file goes through the sync engine's blob lane (`queueUpload`): stored locally in chunks, uploaded resumably
 * when online, then registered — so it works offline. Upload is disabled until a file is chosen.
 *
 * Limits (shared/contract/files.ts) are shown before upload and a file over its kind's limit, or over what is
 * left of the user's quota (GET /api/files/limits, when online), is refused here with the server's own message.
 * Offline the per-kind limits still apply; the quota is then checked by the server when the upload starts.
 * Each sent file shows its progress, "saved on this device" while offline, and a done message once registered.
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ARTIFACT_KINDS, declaredKind, formatBytes, kindLimitText, uploadTooLargeMessage, type FileLimits } from '../../../shared/contract/files.js';
import { MSG } from '../../../shared/messages.js';
import { fetchFileLimits } from '../../api/file-limits.js';
import { getSyncStatus, queueUpload } from '../../sync/index.js';
import { toast } from '../../components/toast.js';
import { ARTIFACT_ACCEPT, errText } from './format.js';
import { UploadStatusList, type SentUpload } from './upload-status.js';

/** Why this file cannot be uploaded (the server's 413/400 wording), or null. */
export function fileProblem(file: { size: number; type: string; name: string }, limits: FileLimits | null): string | null {
  const kind = declaredKind(file.type, file.name);
  if (kind === null) return MSG.artifactTypeNotAllowed;
  const remaining = limits ? limits.remainingBytes : Number.MAX_SAFE_INTEGER;
  return uploadTooLargeMessage(file.size, kind, limits?.quotaBytes ?? 0, remaining);
}

export function ArtifactUpload({ observationsId, postId }: { observationsId: string; postId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<SentUpload[]>([]);
  const [limits, setLimits] = useState<FileLimits | null>(null);
  useEffect(() => {
    let live = true;
    fetchFileLimits().then(
      (l) => live && setLimits(l),
      () => undefined, // offline: per-kind limits only
    );
    return () => {
      live = false;
    };
  }, []);
  const problem = file ? fileProblem(file, limits) : null;
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);

  async function upload() {
    if (!file) {
      console.info(MSG.noFileSelected);
      return;
    }
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    try {
      const { blobId, mutationId } = await queueUpload(file, {
        name: 'artifact.register',
        args: { observationsId, postId, id: crypto.randomUUID(), name: file.name || 'artifact', type: file.type || 'application/octet-stream' },
        blobField: 'fileURL',
      });
      setSent((list) => [...list, { blobId, mutationId, name: file.name || 'artifact' }]);
      // Offline the file is only on the device: say so now; the success toast comes once the server has it.
      if (!getSyncStatus().online) toast.info(MSG.uploadSavedOffline);
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      if (cameraInput.current) cameraInput.current.value = '';
    } catch (err) {
      toast.error(errText(err, MSG.somethingWrong));
    } finally {
      setBusy(false);
    }
  }

  const pick = (e: React.ChangeEvent<HTMLInputElement>) => setFile(e.currentTarget.files?.[0] ?? null);
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h5" mb="xs">Upload artifacts</Title>
      <Text size="xs" c="dimmed">Documents (docx), pdf, jpeg, png or mp4.</Text>
      <Text size="xs" c="dimmed" mb="xs" data-testid="upload-limits">
        {[...new Set(ARTIFACT_KINDS.map(kindLimitText))].join(', ')}.
        {limits ? ` ${formatBytes(limits.remainingBytes)} left of your ${formatBytes(limits.quotaBytes)}.` : ''}
      </Text>
      <Stack gap="xs">
        <label style={{ display: 'block' }}>
          <Text size="sm" fw={500} component="span">Artifact file</Text>
          <input ref={fileInput} type="file" accept={ARTIFACT_ACCEPT} onChange={pick} style={{ display: 'block', marginTop: 4 }} />
        </label>
        <label style={{ display: 'block' }}>
          <Text size="sm" fw={500} component="span">Take a photo or video</Text>
          <input ref={cameraInput} type="file" accept="image/*,video/mp4" capture="environment" onChange={pick} style={{ display: 'block', marginTop: 4 }} />
        </label>
        <Group>
          <Button onClick={() => void upload()} disabled={!file || !!problem} loading={busy}>Upload</Button>
          {file ? <Text size="sm">{file.name}</Text> : null}
        </Group>
        {problem ? (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        ) : null}
        <UploadStatusList sent={sent} doneMessage={MSG.artifactUploaded} />
      </Stack>
    </Paper>
  );
}
