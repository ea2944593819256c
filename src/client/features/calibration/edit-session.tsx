/**
 * The organiser's actions on an open session (docs/adr/2026-11-28-calibration.md): Edit — title, deadline and the
 * observers taking part (a removed observer's scores and notes go; one who submitted stays) — and Delete after a
 * confirmation. Online only: the server checks at once and its refusal names the field, shown at that field.
 */
import { useState } from 'react';
import { Alert, Button, Card, Group, MultiSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery, useNetwork } from '@mantine/hooks';
import { useLiveQuery } from 'dexie-react-hooks';
import type { CalibrationSession } from '../../../shared/contract/calibration.js';
import type { User } from '../../../shared/contract/users.js';
import { deleteCalibrationSession, editCalibrationSession } from '../../api/calibration.js';
import { errorMessage } from '../../api/errors.js';
import { getDb } from '../../sync/index.js';
import { serverField } from './calibration-state.js';
import { editBody, editErrors, editValues, type EditErrors, type EditValues } from './edit-session-state.js';

export interface SessionOrganiserActionsProps {
  session: CalibrationSession;
  onChanged: (session: CalibrationSession) => void;
  onDeleted: () => void;
}

/** The observers who may take part (from the replica) and those taking part now (their names from the roster). */
function useObserverOptions(session: CalibrationSession) {
  const observers = useLiveQuery(
    async () =>
      ((await getDb().users.where('role').equals('Observer').toArray()) as unknown as User[]).filter(
        (u) => !u.deactivatedAt && (session.departmentId == null || u.department?.id === session.departmentId),
      ),
    [session.departmentId],
  );
  const options = new Map<string, string>();
  for (const p of session.roster ?? []) options.set(p.userId, p.submitted ? `${p.name} (submitted)` : p.name);
  for (const u of observers ?? []) if (!options.has(u.id)) options.set(u.id, `${u.name} (${u.email})`);
  return [...options].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

/** Buttons of at least 44 px on a touch screen (Mantine's lg), the usual size with a mouse. */
function useButtonSize(): 'sm' | 'lg' {
  return useMediaQuery('(pointer: coarse)') ? 'lg' : 'sm';
}

export function SessionOrganiserActions({ session, onChanged, onDeleted }: SessionOrganiserActionsProps) {
  const { online } = useNetwork();
  const size = useButtonSize();
  const [mode, setMode] = useState<'idle' | 'edit' | 'confirm-delete'>('idle');
  const [general, setGeneral] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove() {
    setGeneral(null);
    setBusy(true);
    try {
      await deleteCalibrationSession(session.id);
      onDeleted();
    } catch (err) {
      setGeneral(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Manage the session">
      <Stack>
        {!online ? <Alert color="yellow" role="note">Editing or deleting the session needs a connection.</Alert> : null}
        {general ? <Alert color="red" role="alert">{general}</Alert> : null}
        {mode === 'edit' ? (
          <EditSessionForm
            session={session}
            onCancel={() => setMode('idle')}
            onSaved={(s) => {
              setMode('idle');
              onChanged(s);
            }}
          />
        ) : mode === 'confirm-delete' ? (
          <Stack role="group" aria-labelledby="calibration-delete-confirm">
            <Text id="calibration-delete-confirm" fw={600}>
              Delete “{session.title}”? Its participants’ scores and notes and its lesson video are removed for good.
            </Text>
            <Group>
              <Button size={size} color="red" loading={busy} disabled={!online} onClick={() => void remove()}>Delete for good</Button>
              <Button size={size} variant="default" onClick={() => setMode('idle')}>Keep the session</Button>
            </Group>
          </Stack>
        ) : (
          <Group>
            <Button size={size} variant="light" disabled={!online} onClick={() => setMode('edit')}>Edit session</Button>
            <Button size={size} variant="light" color="red" disabled={!online} onClick={() => setMode('confirm-delete')}>Delete session</Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function EditSessionForm({ session, onSaved, onCancel }: { session: CalibrationSession; onSaved: (s: CalibrationSession) => void; onCancel: () => void }) {
  const options = useObserverOptions(session);
  const size = useButtonSize();
  const [v, setV] = useState<EditValues>(() => editValues(session));
  const [errors, setErrors] = useState<EditErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const set = <K extends keyof EditValues>(key: K, value: EditValues[K]) => {
    setV((old) => ({ ...old, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  async function submit() {
    setGeneral(null);
    const found = editErrors(v, new Date());
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) return document.querySelector<HTMLElement>(`[data-edit-field="${first}"] input, input[data-edit-field="${first}"]`)?.focus();
    const body = editBody(session, v);
    if (Object.keys(body).length === 0) return onCancel();
    setSending(true);
    try {
      onSaved(await editCalibrationSession(session.id, body));
    } catch (err) {
      const message = errorMessage(err);
      const field = serverField(message);
      if (field && field.field in v) setErrors({ [field.field]: field.message });
      else setGeneral(message);
    } finally {
      setSending(false);
    }
  }

  return (
    <form
      noValidate
      aria-label="Edit the calibration session"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <Title order={2} size="h5">Edit the session</Title>
        {general ? <Alert color="red" role="alert">{general}</Alert> : null}
        <TextInput data-edit-field="title" label="Title" withAsterisk value={v.title} onChange={(e) => set('title', e.currentTarget.value)} error={errors.title} />
        <TextInput data-edit-field="deadline" type="datetime-local" label="Deadline" withAsterisk value={v.deadline} onChange={(e) => set('deadline', e.currentTarget.value)} error={errors.deadline} />
        <div data-edit-field="participantIds">
          <MultiSelect
            label="Observers taking part"
            description="Removing an observer deletes their scores and notes; one who submitted stays"
            withAsterisk
            data={options}
            value={v.participantIds}
            onChange={(x) => set('participantIds', x)}
            error={errors.participantIds}
            searchable
            nothingFoundMessage="No observers"
          />
        </div>
        <Group justify="flex-end">
          <Button size={size} variant="default" onClick={onCancel}>Cancel</Button>
          <Button size={size} type="submit" loading={sending}>Save changes</Button>
        </Group>
      </Stack>
    </form>
  );
}
