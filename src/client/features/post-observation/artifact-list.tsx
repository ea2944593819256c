/**
 * Artifacts uploaded by faculty (SPEC §2): a link for pdf / docx, a <video> for mp4, otherwise a 100 px square
 * image thumbnail. Files still queued offline are marked and previewed from local storage. A PDF and an image
 * open in the in-app viewer (artifact-viewer.tsx); a docx, which a browser cannot show, is downloaded.
 */
import { useState } from 'react';
import { Anchor, Badge, Group, Image, Paper, Progress, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Artifact } from '../../../shared/contract/observations.js';
import { ARTIFACT_THUMB_PX } from '../../../shared/constants.js';
import { useEngineStatus } from '../../hooks/use-sync-status.js';
import { MSG } from '../../../shared/messages.js';
import { toast } from '../../components/toast.js';
import { getDb } from '../../sync/index.js';
import { artifactKind, isPendingUpload } from './format.js';
import { artifactBlob, useArtifactUrl } from './use-artifact-url.js';
import { ArtifactViewer, isPdf } from './artifact-viewer.js';

export function ArtifactList({ artifacts, token }: { artifacts: Artifact[]; token: string | null }) {
  if (artifacts.length === 0) return <Text size="sm" c="dimmed">No artifacts uploaded yet.</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" aria-label="Artifacts">
      {artifacts.map((a) => (
        <ArtifactItem key={a.id} artifact={a} token={token} />
      ))}
    </SimpleGrid>
  );
}

function ArtifactItem({ artifact, token }: { artifact: Artifact; token: string | null }) {
  const kind = artifactKind(artifact);
  const pending = isPendingUpload(artifact.fileURL);
  const blobId = pending ? artifact.fileURL.slice('pending-upload:'.length) : '';
  // The stored file is deleted once the server registered it; the document with its server URL follows with
  // the next pull. Until then there is nothing left to preview locally.
  const stored = useLiveQuery(async () => (blobId ? (await getDb().blobs.get(blobId)) !== undefined : false), [blobId]);
  const registered = pending && stored === false;
  const media = useArtifactUrl(artifact.fileURL, artifact.type, token, kind !== 'link' && !registered && stored !== undefined);
  const [opening, setOpening] = useState(false);
  const [viewing, setViewing] = useState(false);

  async function openLink() {
    if (isPdf(artifact)) return setViewing(true);
    setOpening(true);
    try {
      const blob = await artifactBlob(artifact.fileURL, artifact.type, token);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = artifact.name;
      a.target = '_blank';
      a.rel = 'noopener';
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Could not open the file');
    } finally {
      setOpening(false);
    }
  }

  return (
    <Paper withBorder p="xs" radius="md">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Text size="sm" fw={500} truncate title={artifact.name}>{artifact.name}</Text>
          {pending && !registered ? <Badge size="xs" color="yellow" variant="light">Queued</Badge> : null}
          {registered ? <Badge size="xs" color="teal" variant="light">Uploaded</Badge> : null}
        </Group>
        {pending && !registered ? <UploadProgress blobId={blobId} /> : null}
        {registered ? (
          <Text size="xs" c="dimmed">Uploaded; the file appears with the next sync.</Text>
        ) : kind === 'link' ? (
          <Anchor component="button" type="button" size="sm" onClick={() => void openLink()} disabled={opening} ta="left">
            {opening ? 'Opening…' : `Open ${artifact.name}`}
          </Anchor>
        ) : media.error ? (
          <Text size="xs" c="red">{media.error}</Text>
        ) : !media.url ? (
          <Text size="xs" c="dimmed">Loading…</Text>
        ) : kind === 'video' ? (
          <video src={media.url} controls preload="metadata" style={{ maxWidth: '100%' }} aria-label={artifact.name} />
        ) : (
          <UnstyledButton onClick={() => setViewing(true)} aria-label={`View ${artifact.name}`} w={ARTIFACT_THUMB_PX}>
            <Image src={media.url} alt={artifact.name} w={ARTIFACT_THUMB_PX} h={ARTIFACT_THUMB_PX} fit="cover" radius="sm" />
          </UnstyledButton>
        )}
      </Stack>
      {viewing ? <ArtifactViewer artifact={artifact} token={token} onClose={() => setViewing(false)} /> : null}
    </Paper>
  );
}

function UploadProgress({ blobId }: { blobId: string }) {
  const status = useEngineStatus();
  const up = status.uploads.find((u) => u.blobId === blobId);
  if (!status.online) return <Text size="xs" c="dimmed">{MSG.uploadSavedOffline}</Text>;
  if (!up) return <Text size="xs" c="dimmed">{MSG.uploadWaiting}</Text>;
  const pct = up.total > 0 ? Math.round((up.loaded / up.total) * 100) : 0;
  return <Progress value={pct} size="sm" aria-label={`Upload ${pct}%`} />;
}
