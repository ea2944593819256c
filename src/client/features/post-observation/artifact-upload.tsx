/**
 * Artifact upload (SPEC §2, §5): documents, pdf, images, mp4; a second input opens the phone's camera. The
 * file goes through the sync engine's blob lane (`queueUpload`): stored locally in chunks, uploaded resumably
 * when online, then registered — so it works offline. Upload is disabled until a file is chosen.
 */
import { useRef, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { MSG } from '../../../shared/messages.js';
import { queueUpload } from '../../sync/index.js';
import { toast } from '../../components/toast.js';
import { ARTIFACT_ACCEPT, errText } from './format.js';

export function ArtifactUpload({ observationsId, postId }: { observationsId: string; postId: string }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);

  async function upload() {
    if (!file) {
      console.info(MSG.noFileSelected);
      return;
    }
    setBusy(true);
    try {
      await queueUpload(file, {
        name: 'artifact.register',
        args: { observationsId, postId, id: crypto.randomUUID(), name: file.name || 'artifact', type: file.type || 'application/octet-stream' },
        blobField: 'fileURL',
      });
      toast.info(`${MSG.uploading} ${file.name}`);
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
      <Text size="xs" c="dimmed" mb="xs">Documents (docx), pdf, jpeg, png or mp4.</Text>
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
          <Button onClick={() => void upload()} disabled={!file} loading={busy}>Upload</Button>
          {file ? <Text size="sm">{file.name}</Text> : null}
        </Group>
      </Stack>
    </Paper>
  );
}
