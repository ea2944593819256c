/**
 * In-app viewer for artifacts: a PDF or an image opens in a full-screen modal from the same
 * bytes the list already reads (server file with the bearer token, or the locally stored chunks of a queued
 * upload), instead of a download a phone may not know how to open. The object URL lives while the modal is open.
 */
import { Anchor, Group, Image, Loader, Modal, Text } from '@mantine/core';
import type { Artifact } from '../../../shared/contract/observations.js';
import { useArtifactUrl } from './use-artifact-url.js';

export const isPdf = (a: { name: string; type: string }) => a.type.toLowerCase().includes('pdf') || a.name.toLowerCase().endsWith('.pdf');

export function ArtifactViewer({ artifact, token, onClose }: { artifact: Artifact; token: string | null; onClose: () => void }) {
  const pdf = isPdf(artifact);
  const media = useArtifactUrl(artifact.fileURL, pdf ? 'application/pdf' : artifact.type, token);
  return (
    <Modal opened onClose={onClose} title={artifact.name} size="xl" fullScreen={false} centered styles={{ body: { padding: 8 } }}>
      {media.error ? (
        <Text c="red" role="alert">{media.error}</Text>
      ) : !media.url ? (
        <Group justify="center" p="lg"><Loader size="sm" role="status" aria-label={`Loading ${artifact.name}`} /></Group>
      ) : pdf ? (
        <>
          <iframe src={media.url} title={artifact.name} style={{ width: '100%', height: '75dvh', border: 0 }} />
          <Anchor href={media.url} download={artifact.name} size="sm">Download {artifact.name}</Anchor>
        </>
      ) : (
        <Image src={media.url} alt={artifact.name} fit="contain" mah="75dvh" />
      )}
    </Modal>
  );
}
