/**
 * One rubric version: a draft opens in the editor (its editors only: GET answers 404 to anyone else); a published
 * or retired version shows read-only as the observer scores it, with export, a new draft from it, and retire.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { Alert, Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { RubricVersion } from '../../../../shared/contract/rubrics.js';
import { toast } from '../../../components/toast.js';
import { exportVersion, fetchVersion, newDraftFrom, retireVersion } from '../../../api/rubrics.js';
import { fromVersion } from './builder-state.js';
import { DraftEditor } from './draft-editor.js';
import { RubricPreview } from './rubric-preview.js';

const message = (err: unknown) => (err instanceof Error ? err.message : 'Something went wrong');

export function RubricVersionPage({ id }: { id: string }) {
  const navigate = useNavigate();
  const [version, setVersion] = useState<RubricVersion | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirmRetire, setConfirmRetire] = useState(false);
  useEffect(() => {
    fetchVersion(id).then(setVersion, (err: unknown) => setError(message(err)));
  }, [id]);
  const toList = () => void navigate({ to: '/rubrics/list-rubrics' });

  if (error) return <Alert color="red" role="alert">{error} <Link to="/rubrics/list-rubrics">Back to the rubrics</Link></Alert>;
  if (!version) return <Text c="dimmed">Loading the rubric version…</Text>;
  const heading = (
    <Group gap="xs">
      <Title order={2} size="h4">{version.name}</Title>
      <Badge variant="light" color={version.status === 'draft' ? 'yellow' : version.status === 'published' ? 'teal' : 'gray'}>{version.status}</Badge>
      <Text size="sm" c="dimmed">Version {version.number} · maximum {version.maximum}</Text>
    </Group>
  );
  if (version.status === 'draft') {
    return (
      <Stack>
        {heading}
        <DraftEditor version={version} onChanged={(next) => (next === null || next.status !== 'draft' ? toList() : setVersion(next))} />
      </Stack>
    );
  }
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        {heading}
        <Group gap="xs">
          <Button variant="default" onClick={() => void exportVersion(version.id, version.name).catch((err: unknown) => toast.error(message(err)))}>Export JSON</Button>
          <Button variant="light" onClick={() => void newDraftFrom(version.id).then((d) => navigate({ to: '/rubrics/edit-rubric/$id', params: { id: d.id } }), (err: unknown) => toast.error(message(err)))}>New draft from this version</Button>
          {version.status === 'published' ? <Button color="red" variant="light" onClick={() => setConfirmRetire(true)}>Retire</Button> : null}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">A published version never changes. This is how observers score it.</Text>
      <RubricPreview state={fromVersion(version)} />
      <Modal opened={confirmRetire} onClose={() => setConfirmRetire(false)} title="Retire this version?" centered>
        <Text>No new observation can use it; observations already on it keep it.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirmRetire(false)}>Cancel</Button>
          <Button
            color="red"
            onClick={() => {
              setConfirmRetire(false);
              retireVersion(version.id).then(
                (v) => {
                  toast.success('Version retired');
                  setVersion(v);
                },
                (err: unknown) => toast.error(message(err)),
              );
            }}
          >
            Retire
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
