/**
 * The lesson's video and the participant's timestamped notes (docs/adr/2026-11-28-calibration.md "notes"): a note
 * keeps the video's current time (`calibration.note` with offsetSeconds) and clicking it seeks there. A live class
 * has no video: a note keeps the time since the participant pressed Start (kept on this page only), or 0:00.
 *
 * The video route needs the bearer token, which a <video src> cannot send. Under the service worker the worker adds
 * it (sw/artifact-cache.ts) and the browser streams with Range requests; without a controlling worker (first visit,
 * tests) the page fetches the file once with the token and plays it from memory — seekable either way.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Textarea, Title, UnstyledButton } from '@mantine/core';
import type { CalibrationSession } from '../../../shared/contract/calibration.js';
import { CALIBRATION_OFFSET_MAX } from '../../../shared/contract/calibration.js';
import { getSession } from '../../stores/session.js';
import { mutate } from '../../sync/index.js';
import { toast } from '../../components/toast.js';
import { formatOffset } from './calibration-state.js';

/** A playable address for the lesson's video: the URL itself under the worker, else an object URL of its bytes. */
function useVideoSource(url: string | null): { src: string | null; error: string | null } {
  const [state, setState] = useState<{ src: string | null; error: string | null }>({ src: null, error: null });
  useEffect(() => {
    if (!url) return;
    if (typeof navigator !== 'undefined' && navigator.serviceWorker?.controller) {
      setState({ src: url, error: null });
      return;
    }
    let live = true;
    let made: string | null = null;
    const token = getSession()?.token;
    fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then((res) => {
        if (!res.ok) throw new Error(`The video could not be loaded (${res.status}).`);
        return res.blob();
      })
      .then(
        (b) => {
          if (!live) return;
          made = URL.createObjectURL(b);
          setState({ src: made, error: null });
        },
        (err: unknown) => live && setState({ src: null, error: err instanceof Error ? err.message : 'The video could not be loaded.' }),
      );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  return state;
}

export interface LessonPanelProps {
  session: CalibrationSession;
  /** Notes can be written (a participant of an open session). */
  canNote: boolean;
}

export function LessonPanel({ session, canNote }: LessonPanelProps) {
  const video = useRef<HTMLVideoElement>(null);
  const isVideo = session.lesson.kind === 'video';
  const { src, error } = useVideoSource(isVideo ? session.lesson.videoURL : null);
  const [body, setBody] = useState('');
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const notes = session.mine?.notes ?? [];

  function currentOffset(): number {
    const seconds = isVideo ? (video.current?.currentTime ?? 0) : startedAt ? (Date.now() - startedAt) / 1000 : 0;
    return Math.min(CALIBRATION_OFFSET_MAX, Math.max(0, Math.floor(seconds)));
  }

  async function addNote() {
    if (!body.trim()) return setBodyError('Note: write the note first');
    setBodyError(null);
    try {
      await mutate('calibration.note', { sessionId: session.id, id: crypto.randomUUID(), body: body.trim(), offsetSeconds: currentOffset() });
      setBody('');
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The note could not be saved.');
    }
  }

  function seek(seconds: number) {
    const v = video.current;
    if (!v) return;
    v.currentTime = seconds;
    v.focus();
  }

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="lesson-title">
      <Title order={2} size="h5" id="lesson-title" mb="sm">Lesson</Title>
      <Stack gap="sm">
        {isVideo ? (
          error ? (
            <Alert color="red" role="alert">{error}</Alert>
          ) : (
            // Captions do not exist for an uploaded lesson recording; the evidence is the observers' own notes.
            <video ref={video} src={src ?? undefined} controls preload="metadata" data-testid="lesson-video" aria-label={`Lesson video: ${session.title}`} style={{ width: '100%', maxHeight: 420, background: '#000' }} />
          )
        ) : (
          <Group justify="space-between">
            <Text size="sm">Live class{session.lesson.date ? ` on ${session.lesson.date}` : ''}: {session.lesson.description}</Text>
            {canNote ? (
              <Button variant="light" onClick={() => setStartedAt(Date.now())} disabled={startedAt != null}>
                {startedAt != null ? 'Class timer running' : 'Start class timer'}
              </Button>
            ) : null}
          </Group>
        )}
        {canNote ? (
          <Group align="flex-end" wrap="nowrap">
            <Textarea
              label="Evidence note"
              description={isVideo ? 'Keeps the video’s current time' : 'Keeps the time since Start (0:00 without it)'}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              error={bodyError}
              autosize
              minRows={1}
              style={{ flex: 1 }}
            />
            <Button onClick={() => void addNote()} mih={44}>Add note</Button>
          </Group>
        ) : null}
        {notes.length ? (
          <ol aria-label="Your notes" style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="calibration-notes">
            {notes.map((n) => (
              <li key={n.id} style={{ marginBottom: 4 }}>
                {isVideo ? (
                  <UnstyledButton onClick={() => seek(n.offsetSeconds)} aria-label={`Go to ${formatOffset(n.offsetSeconds)}: ${n.body}`} mih={44} data-offset={n.offsetSeconds}>
                    <Text span fw={600} mr="xs">{formatOffset(n.offsetSeconds)}</Text>
                    <Text span>{n.body}</Text>
                  </UnstyledButton>
                ) : (
                  <Text>
                    <Text span fw={600} mr="xs">{formatOffset(n.offsetSeconds)}</Text>
                    {n.body}
                  </Text>
                )}
              </li>
            ))}
          </ol>
        ) : (
          <Text size="sm" c="dimmed">{canNote ? 'No notes yet.' : 'No notes.'}</Text>
        )}
      </Stack>
    </Card>
  );
}
