/**
 * Create a calibration session (docs/adr/2026-11-28-calibration.md): a HOD for their department, Admin and
 * Super_Admin for the institution. A published rubric version and the observers come from the replica; the lesson is
 * a video uploaded here (tus, with progress) or a live class; optionally an expert's reference level and rationale
 * per item; a deadline; whether the results name the participants. Online only: the server checks everything at
 * once and its refusal names the field ("participantIds: …"), shown at that field.
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Checkbox, FileInput, Group, MultiSelect, Progress, Radio, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useLiveQuery } from 'dexie-react-hooks';
import type { CalibrationSession } from '../../../shared/contract/calibration.js';
import type { RubricVersion } from '../../../shared/contract/rubrics.js';
import type { User } from '../../../shared/contract/users.js';
import { createCalibrationSession } from '../../api/calibration.js';
import { errorMessage } from '../../api/errors.js';
import { getDb } from '../../sync/index.js';
import { calibrationGroups, createBody, createErrors, serverField, type CreateErrors, type CreateValues } from './calibration-state.js';
import { uploadLessonVideo, type VideoUpload } from './video-upload.js';

export interface CreateSessionFormProps {
  /** The organiser's department (a HOD's); null for Admin and Super_Admin (an institution session). */
  departmentId: number | null;
  onCreated: (session: CalibrationSession) => void;
}

const EMPTY: CreateValues = {
  title: '',
  rubricVersionId: null,
  lessonKind: 'video',
  videoURL: null,
  liveDescription: '',
  liveDate: '',
  participantIds: [],
  withReference: false,
  expertName: '',
  reference: {},
  deadline: '',
  namesParticipants: false,
};

/** Published versions the organiser may use and the observers who may take part, from the replica. */
function useChoices(departmentId: number | null) {
  return useLiveQuery(async () => {
    const db = getDb();
    const versions = ((await db.rubricVersions.toArray()) as unknown as RubricVersion[]).filter(
      (v) => v.status === 'published' && (departmentId == null ? v.departmentId == null : v.departmentId == null || v.departmentId === departmentId),
    );
    const observers = ((await db.users.where('role').equals('Observer').toArray()) as unknown as User[]).filter(
      (u) => !u.deactivatedAt && (departmentId == null || u.department?.id === departmentId),
    );
    return {
      versions: versions.sort((a, b) => a.name.localeCompare(b.name) || b.number - a.number),
      observers: observers.sort((a, b) => a.name.localeCompare(b.name)).map((u) => ({ value: u.id, label: `${u.name} (${u.email})` })),
    };
  }, [departmentId]);
}

export function CreateSessionForm({ departmentId, onCreated }: CreateSessionFormProps) {
  const choices = useChoices(departmentId);
  const { online } = useNetwork();
  const [v, setV] = useState<CreateValues>(EMPTY);
  const [errors, setErrors] = useState<CreateErrors>({});
  const [general, setGeneral] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [upload, setUpload] = useState<{ name: string; loaded: number; total: number; state: 'uploading' | 'done' | 'failed'; error?: string } | null>(null);
  const running = useRef<VideoUpload | null>(null);
  const version = choices?.versions.find((x) => x.id === v.rubricVersionId) ?? null;
  const items = useMemo(() => (version ? calibrationGroups(version).flatMap((g) => g.items) : []), [version]);

  const set = <K extends keyof CreateValues>(key: K, value: CreateValues[K], field: string = key) => {
    setV((old) => ({ ...old, [key]: value }));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const setReference = (itemId: string, part: 'score' | 'rationale', value: number | string | null) => {
    setV((old) => {
      const was = old.reference[itemId] ?? { score: null, rationale: '' };
      return { ...old, reference: { ...old.reference, [itemId]: { ...was, [part]: value } } };
    });
    const key = `reference.${itemId}.${part}`;
    if (errors[key]) setErrors(({ [key]: _gone, ...rest }) => rest);
  };

  function chooseVideo(file: File | null) {
    running.current?.abort();
    set('videoURL', null, 'lesson');
    if (!file) return setUpload(null);
    setUpload({ name: file.name, loaded: 0, total: file.size, state: 'uploading' });
    const u = uploadLessonVideo(file, (loaded, total) => setUpload((p) => (p && running.current === u ? { ...p, loaded, total } : p)));
    running.current = u;
    u.done.then(
      (url) => {
        if (running.current !== u) return;
        set('videoURL', url, 'lesson');
        setUpload((p) => (p ? { ...p, loaded: p.total, state: 'done' } : p));
      },
      (err: unknown) => running.current === u && setUpload((p) => (p ? { ...p, state: 'failed', error: errorMessage(err, 'The upload stopped: check the connection and choose the file again.') } : p)),
    );
  }

  async function submit() {
    setGeneral(null);
    const found = createErrors(v, items, new Date());
    if (upload?.state === 'uploading') found.lesson = 'Video: wait until the upload is finished';
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      const el = document.querySelector<HTMLElement>(`[data-field="${first}"]`);
      (el?.matches('input, textarea') ? el : el?.querySelector<HTMLElement>('input, textarea, button'))?.focus();
      return;
    }
    setSending(true);
    try {
      onCreated(await createCalibrationSession(createBody(v, items)));
    } catch (err) {
      const message = errorMessage(err);
      const field = serverField(message);
      if (field) setErrors({ [field.field]: field.message });
      else setGeneral(message);
    } finally {
      setSending(false);
    }
  }

  const versionOptions = (choices?.versions ?? []).map((x) => ({ value: x.id, label: `${x.name} — version ${x.number}` }));
  const levels = (version?.scale ?? []).map((l) => ({ value: String(l.value), label: `${l.value} ${l.label}` }));
  return (
    <form
      noValidate
      aria-label="New calibration session"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack maw={760}>
        {!online ? <Alert color="yellow" role="note" title="Offline">Creating a session needs a connection: the video uploads and the server checks the session at once. Connect to create it.</Alert> : null}
        {general ? <Alert color="red" role="alert">{general}</Alert> : null}
        <TextInput data-field="title" label="Title" withAsterisk value={v.title} onChange={(e) => set('title', e.currentTarget.value)} error={errors.title} />
        <div data-field="rubricVersionId">
          <Select
            label="Rubric version"
            description="A published version; the observers score its items"
            withAsterisk
            data={versionOptions}
            value={v.rubricVersionId}
            onChange={(x) => set('rubricVersionId', x)}
            error={errors.rubricVersionId}
            nothingFoundMessage="No published rubric version"
            searchable
          />
        </div>
        <Radio.Group label="Lesson" withAsterisk value={v.lessonKind} onChange={(x) => set('lessonKind', x as CreateValues['lessonKind'], 'lesson')}>
          <Group mt="xs">
            <Radio value="video" label="Uploaded video" />
            <Radio value="live" label="Live class" />
          </Group>
        </Radio.Group>
        {v.lessonKind === 'video' ? (
          <div data-field="lesson">
            <FileInput label="Lesson video (MP4)" withAsterisk accept="video/mp4" placeholder="Choose the video" onChange={chooseVideo} error={errors.lesson} clearable />
            {upload ? (
              <Stack gap={4} mt="xs">
                <Progress value={upload.total ? (100 * upload.loaded) / upload.total : 0} aria-label={`Upload of ${upload.name}`} color={upload.state === 'failed' ? 'red' : upload.state === 'done' ? 'teal' : 'blue'} />
                <Text size="sm" role="status" c={upload.state === 'failed' ? 'var(--mantine-color-error)' : undefined}>
                  {upload.state === 'done' ? `${upload.name} uploaded` : upload.state === 'failed' ? upload.error : `Uploading ${upload.name}: ${Math.round(upload.total ? (100 * upload.loaded) / upload.total : 0)} %`}
                </Text>
              </Stack>
            ) : null}
          </div>
        ) : (
          <>
            <Textarea data-field="liveDescription" label="Class" description="Which class, where" withAsterisk value={v.liveDescription} onChange={(e) => set('liveDescription', e.currentTarget.value)} error={errors.liveDescription ?? errors.lesson} autosize minRows={2} />
            <TextInput data-field="liveDate" type="date" label="Class date" withAsterisk value={v.liveDate} onChange={(e) => set('liveDate', e.currentTarget.value)} error={errors.liveDate} />
          </>
        )}
        <div data-field="participantIds">
          <MultiSelect
            label="Observers taking part"
            withAsterisk
            data={choices?.observers ?? []}
            value={v.participantIds}
            onChange={(x) => set('participantIds', x)}
            error={errors.participantIds}
            searchable
            nothingFoundMessage="No observers"
          />
        </div>
        <TextInput data-field="deadline" type="datetime-local" label="Deadline" withAsterisk value={v.deadline} onChange={(e) => set('deadline', e.currentTarget.value)} error={errors.deadline} />
        <Checkbox label="Name the participants in the results (otherwise anonymous)" checked={v.namesParticipants} onChange={(e) => set('namesParticipants', e.currentTarget.checked)} />
        <Checkbox label="Add an expert’s reference scores" checked={v.withReference} onChange={(e) => set('withReference', e.currentTarget.checked)} />
        {v.withReference ? (
          <Card withBorder radius="md" padding="md" component="fieldset" aria-label="Reference scores">
            <Stack>
              <TextInput data-field="expertName" label="Expert" withAsterisk value={v.expertName} onChange={(e) => set('expertName', e.currentTarget.value)} error={errors.expertName} />
              {!version ? <Text size="sm" c="dimmed">Choose the rubric version first: its items are listed here.</Text> : null}
              {version
                ? calibrationGroups(version).map((g) => (
                    <Stack key={g.code} gap="xs">
                      <Title order={3} size="h6">{g.code} {g.title}</Title>
                      {g.items.map((i) => (
                        <Group key={i.id} align="flex-start" grow>
                          <div data-field={`reference.${i.id}.score`}>
                            <Select
                              label={`${i.title}: reference level`}
                              withAsterisk
                              data={levels}
                              value={v.reference[i.id]?.score == null ? null : String(v.reference[i.id]!.score)}
                              onChange={(x) => setReference(i.id, 'score', x == null ? null : Number(x))}
                              error={errors[`reference.${i.id}.score`]}
                            />
                          </div>
                          <Textarea
                            data-field={`reference.${i.id}.rationale`}
                            label={`${i.title}: rationale`}
                            withAsterisk
                            value={v.reference[i.id]?.rationale ?? ''}
                            onChange={(e) => setReference(i.id, 'rationale', e.currentTarget.value)}
                            error={errors[`reference.${i.id}.rationale`]}
                            autosize
                            minRows={1}
                          />
                        </Group>
                      ))}
                    </Stack>
                  ))
                : null}
            </Stack>
          </Card>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={sending} disabled={!online}>Create session</Button>
        </Group>
      </Stack>
    </form>
  );
}
