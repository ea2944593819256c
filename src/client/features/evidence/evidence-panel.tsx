/**
 * Evidence notes on the informed / uninformed rubric page. The observer starts the class timer, writes
 * short notes stamped with the time since the class started, tags them to rubric items, may attach a photo
 * (camera on tablets) and marks the ones to share. Everything goes through the outbox, so it works offline; the
 * photo takes the upload lane like artifacts. Notes can be edited or deleted until the rubric is locked; sharing
 * may change afterwards. The HOD and Super_Admin read them; the faculty member sees the shared ones after the lock.
 */
import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Card, Checkbox, Group, MultiSelect, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import type { NoteKind } from '../../../shared/contract/evidence.js';
import { TEXT_MAX } from '../../../shared/constants.js';
import type { Observation } from '../../../shared/contract/observations.js';
import { getDb, mutate, queueUpload } from '../../sync/index.js';
import { clearDraft, noteDraftId, putNoteDraft, readNoteDraft } from '../../db/drafts.js';
import { useSession } from '../../hooks/use-session.js';
import { toast } from '../../components/toast.js';
import { useClassTimer } from './class-timer.js';
import { NotePhoto } from './note-photo.js';
import { formatOffset, type NoteEntry } from './use-notes.js';

export interface EvidencePanelProps {
  obs: Observation;
  kind: NoteKind;
  side: 'observer' | 'faculty' | 'viewer';
  notes: NoteEntry[];
}

const fail = (err: unknown) => toast.error(err instanceof Error ? err.message : 'Something went wrong');
const PHOTO_ACCEPT = 'image/jpeg,image/png';

function itemLabels(obs: Observation, kind: NoteKind): Map<string, string> {
  const m = kind === 'informed' ? obs.meetings.informedObservation : obs.meetings.uninformedObservation;
  return new Map((m?.rubrics ?? []).map((r) => [r.id, `${r.code} ${r.title}`]));
}

export function EvidencePanel({ obs, kind, side, notes }: EvidencePanelProps) {
  const meeting = kind === 'informed' ? obs.meetings.informedObservation : obs.meetings.uninformedObservation;
  const locked = meeting?.status === 'Completed';
  const canWrite = side === 'observer' && !!meeting && !locked;
  const labels = itemLabels(obs, kind);
  if (!meeting) return null;
  if (side !== 'observer' && notes.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Evidence notes">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h5">{side === 'faculty' ? 'Notes shared by the observer' : 'Evidence notes'}</Title>
        {locked ? <Badge variant="light" color="teal">Rubric locked</Badge> : null}
      </Group>
      <Stack gap="sm">
        {canWrite ? <NoteForm obs={obs} kind={kind} labels={labels} /> : null}
        {notes.length === 0 ? <Text size="sm" c="dimmed">No notes yet.</Text> : null}
        {notes.map((n) => (
          <NoteItem key={n.id} note={n} labels={labels} canEdit={canWrite} canShare={side === 'observer'} />
        ))}
      </Stack>
    </Card>
  );
}

function NoteForm({ obs, kind, labels }: { obs: Observation; kind: NoteKind; labels: Map<string, string> }) {
  const timer = useClassTimer(obs.id, kind);
  const [body, setBodyState] = useState('');
  const [tags, setTagsState] = useState<string[]>([]);
  const [shared, setSharedState] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  // What is being typed is kept on the device (a reload, a closed tab, going offline) until the note is added.
  const userId = useSession()?.id ?? 'anonymous';
  const draftId = noteDraftId(obs.id, kind, 'form');
  const typed = useRef(false);
  const current = useRef({ body, tags, shared });
  current.current = { body, tags, shared };
  useEffect(() => {
    void readNoteDraft(getDb(), draftId, userId).then((d) => {
      if (!d || typed.current) return;
      setBodyState(d.body);
      setTagsState(d.tags);
      setSharedState(d.shared);
    });
  }, [draftId, userId]);
  const keep = (next: Partial<{ body: string; tags: string[]; shared: boolean }>) => {
    typed.current = true;
    void putNoteDraft(getDb(), draftId, obs.id, userId, { ...current.current, ...next });
  };
  const setBody = (next: string | ((b: string) => string)) =>
    setBodyState((b) => {
      const v = typeof next === 'function' ? next(b) : next;
      if (v !== b) keep({ body: v });
      return v;
    });
  const setTags = (next: string[] | ((t: string[]) => string[])) =>
    setTagsState((t) => {
      const v = typeof next === 'function' ? next(t) : next;
      if (v !== t) keep({ tags: v });
      return v;
    });
  const setShared = (next: boolean | ((s: boolean) => boolean)) =>
    setSharedState((s) => {
      const v = typeof next === 'function' ? next(s) : next;
      if (v !== s) keep({ shared: v });
      return v;
    });

  async function add() {
    const text = body.trim();
    if (!text) return toast.error('Write the note first.');
    const id = crypto.randomUUID();
    const sent = { tags, shared, photo };
    try {
      await mutate('note.create', { observationId: obs.id, id, kind, body: text, offsetSeconds: timer.elapsed(), rubricItemIds: tags, shared });
      // The form is free for the next note as soon as this one is stored, and only what was sent is cleared: the
      // observer may already be typing the next note while the photo is written to the device.
      setBody((b) => (b.trim() === text ? '' : b));
      setTags((t) => (t === sent.tags ? [] : t));
      setShared((v) => (v === sent.shared ? false : v));
      setPhoto((p) => (p === sent.photo ? null : p));
      if (sent.photo && photoInput.current) photoInput.current.value = '';
      if (!current.current.body.trim()) await clearDraft(getDb(), draftId);
      if (sent.photo) {
        await queueUpload(sent.photo, { name: 'note.photo', args: { observationId: obs.id, id, name: sent.photo.name || 'photo.jpg' }, blobField: 'fileURL' });
      }
      toast.success('Note saved');
    } catch (err) {
      fail(err);
    }
  }

  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">Stamped {formatOffset(timer.shown)} into the class (the timer is in the bar at the top).</Text>
      <Textarea label="New note" autosize minRows={2} maxLength={TEXT_MAX.note} value={body} onChange={(e) => setBody(e.currentTarget.value)} />
      <MultiSelect
        label="Rubric items"
        placeholder="Tag items (optional)"
        data={[...labels].map(([value, label]) => ({ value, label }))}
        value={tags}
        onChange={setTags}
        searchable
        clearable
      />
      <Checkbox label="Share with the faculty member (after the lock)" checked={shared} onChange={(e) => setShared(e.currentTarget.checked)} />
      <label style={{ display: 'block' }}>
        <Text size="sm" fw={500} component="span">Photo (optional)</Text>
        <input ref={photoInput} type="file" accept={PHOTO_ACCEPT} capture="environment" onChange={(e) => setPhoto(e.currentTarget.files?.[0] ?? null)} style={{ display: 'block', marginTop: 4 }} />
      </label>
      <Group justify="flex-end">
        <Button onClick={() => void add()}>Add note</Button>
      </Group>
    </Stack>
  );
}

function NoteItem({ note, labels, canEdit, canShare }: { note: NoteEntry; labels: Map<string, string>; canEdit: boolean; canShare: boolean }) {
  const [editing, setEditing] = useState<string | null>(null);
  const update = (args: { body?: string; shared?: boolean }) => mutate('note.update', { observationId: note.observationId, id: note.id, ...args }).catch(fail);
  return (
    <Card withBorder radius="sm" padding="xs" data-testid="evidence-note">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={2} style={{ flex: 1 }}>
          <Group gap="xs">
            <Badge variant="outline" ff="monospace">{formatOffset(note.offsetSeconds)}</Badge>
            {note.sendState === 'pending' ? <Badge color="gray" variant="light">Waiting to sync</Badge> : null}
            {note.sendState === 'needs-attention' ? <Badge color="red" variant="light">Needs attention</Badge> : null}
            {note.shared ? <Badge color="blue" variant="light">Shared</Badge> : null}
          </Group>
          {editing !== null ? (
            <Textarea aria-label="Edit note" autosize maxLength={TEXT_MAX.note} value={editing} onChange={(e) => setEditing(e.currentTarget.value)} />
          ) : (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{note.body}</Text>
          )}
          {note.rubricItemIds.length ? (
            <Text size="xs" c="dimmed">{note.rubricItemIds.map((id) => labels.get(id) ?? id).join(' · ')}</Text>
          ) : null}
          {note.photoURL ? <NotePhoto url={note.photoURL} alt={`Photo of the note at ${formatOffset(note.offsetSeconds)}`} /> : null}
        </Stack>
        <Stack gap={4} align="flex-end">
          {canShare ? <Switch size="xs" label="Share" checked={note.shared} onChange={(e) => void update({ shared: e.currentTarget.checked })} /> : null}
          {canEdit && editing === null ? (
            <Group gap={4}>
              <Button size="compact-xs" variant="subtle" onClick={() => setEditing(note.body)}>Edit</Button>
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => void mutate('note.delete', { observationId: note.observationId, id: note.id }).catch(fail)}>
                Delete
              </Button>
            </Group>
          ) : null}
          {editing !== null ? (
            <Group gap={4}>
              <Button size="compact-xs" onClick={() => void update({ body: editing.trim() }).then(() => setEditing(null))} disabled={!editing.trim()}>Save</Button>
              <Button size="compact-xs" variant="default" onClick={() => setEditing(null)}>Cancel</Button>
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

/** The notes tagged to one rubric item, shown beside it while scoring. */
export function ItemNotes({ notes, itemId }: { notes: NoteEntry[]; itemId: string }) {
  const tagged = notes.filter((n) => n.rubricItemIds.includes(itemId));
  if (tagged.length === 0) return null;
  return (
    <Stack gap={2} mt={4} data-testid="item-notes">
      {tagged.map((n) => (
        <Text key={n.id} size="xs" c="dimmed">
          <Text span ff="monospace" size="xs">{formatOffset(n.offsetSeconds)}</Text> {n.body}
        </Text>
      ))}
    </Stack>
  );
}
