/**
 * The class bar of the rubric page: stays at the top of the screen while the observer scores (a tablet in the
 * room), with the class timer and a one-line quick note tagged to the rubric item in view. What is typed is kept
 * on the device (db/drafts.ts) until the note is added; the note goes through the outbox like any other.
 */
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import type { NoteKind } from '../../../shared/contract/evidence.js';
import { TEXT_MAX } from '../../../shared/constants.js';
import type { Observation } from '../../../shared/contract/observations.js';
import { clearDraft, noteDraftId, putNoteDraft, readNoteDraft } from '../../db/drafts.js';
import { useItemInView } from '../../hooks/use-item-in-view.js';
import { useSession } from '../../hooks/use-session.js';
import { getDb, mutate } from '../../sync/index.js';
import { toast } from '../../components/toast.js';
import { useClassTimer } from './class-timer.js';
import { formatOffset } from './use-notes.js';

export interface ClassBarProps {
  obs: Observation;
  kind: NoteKind;
}

export function ClassBar({ obs, kind }: ClassBarProps) {
  const meeting = kind === 'informed' ? obs.meetings.informedObservation : obs.meetings.uninformedObservation;
  const labels = new Map((meeting?.rubrics ?? []).map((r) => [r.id, `${r.code} ${r.title}`]));
  const userId = useSession()?.id ?? 'anonymous';
  const timer = useClassTimer(obs.id, kind);
  const bar = useRef<HTMLDivElement>(null);
  const item = useItemInView(bar);
  const draftId = noteDraftId(obs.id, kind, 'quick');
  const [body, setBody] = useState('');
  const typed = useRef(false);

  useEffect(() => {
    void readNoteDraft(getDb(), draftId, userId).then((d) => {
      if (d && !typed.current) setBody(d.body);
    });
  }, [draftId, userId]);

  function edit(value: string) {
    typed.current = true;
    setBody(value);
    void putNoteDraft(getDb(), draftId, obs.id, userId, { body: value, tags: [], shared: false });
  }

  async function add() {
    const text = body.trim();
    if (!text) return toast.error('Write the note first.');
    const tags = item && labels.has(item) ? [item] : [];
    try {
      await mutate('note.create', { observationId: obs.id, id: crypto.randomUUID(), kind, body: text, offsetSeconds: timer.elapsed(), rubricItemIds: tags, shared: false });
      setBody((b) => (b.trim() === text ? '' : b));
      await clearDraft(getDb(), draftId);
      toast.success('Note saved');
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Something went wrong');
    }
  }

  const tag = item ? labels.get(item) : undefined;
  return (
    <Paper
      ref={bar}
      withBorder
      shadow="xs"
      p="xs"
      radius="md"
      component="section"
      aria-label="Class timer and quick note"
      style={{ position: 'sticky', top: 'var(--app-shell-header-offset, 0px)', zIndex: 5 }}
    >
      <Group gap="xs" wrap="wrap" align="center">
        <Group gap={6} wrap="nowrap">
          <Text fw={700} ff="monospace" data-testid="class-timer" aria-live="off" miw={48}>{formatOffset(timer.shown)}</Text>
          {timer.running ? (
            <Button size="xs" variant="light" color="orange" onClick={timer.stop}>Stop class timer</Button>
          ) : (
            <Button size="xs" variant="light" onClick={timer.start}>{timer.shown > 0 ? 'Resume class timer' : 'Start class timer'}</Button>
          )}
          {!timer.running && timer.shown > 0 ? (
            <ActionIcon variant="subtle" size="md" onClick={timer.reset} aria-label="Reset class timer">↺</ActionIcon>
          ) : null}
        </Group>
        <form
          style={{ flex: '1 1 260px', display: 'flex', gap: 6, alignItems: 'center', minWidth: 0 }}
          onSubmit={(e) => {
            e.preventDefault();
            void add();
          }}
        >
          <TextInput
            style={{ flex: 1, minWidth: 0 }}
            size="xs"
            aria-label="Quick note"
            placeholder={tag ? `Note on ${tag}` : 'Quick note'}
            maxLength={TEXT_MAX.note}
            value={body}
            onChange={(e) => edit(e.currentTarget.value)}
            aria-describedby="quick-note-tag"
          />
          <Button size="xs" type="submit">Add</Button>
        </form>
      </Group>
      <Text id="quick-note-tag" size="xs" c="dimmed" mt={2} lineClamp={1} data-testid="quick-note-tag">
        {tag ? `Tagged to ${tag}` : 'Not tagged to an item'}
      </Text>
    </Paper>
  );
}

/** The observer takes notes while the rubric is open (not after the lock). */
export function canTakeNotes(obs: Observation, kind: NoteKind, side: 'observer' | 'faculty' | 'viewer'): boolean {
  const meeting = kind === 'informed' ? obs.meetings.informedObservation : obs.meetings.uninformedObservation;
  return side === 'observer' && !!meeting && meeting.status !== 'Completed';
}
