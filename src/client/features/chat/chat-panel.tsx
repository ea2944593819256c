/**
 * The right chat-box panel (SPEC §2 shell): the conversation of the observation being viewed between its
 * observer, faculty member and Head of Department. Messages are outbox mutations, so they are written and read
 * offline; queued ones are marked. Scheduling reasons are appended by the server and appear here too.
 */
import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Group, Paper, ScrollArea, Stack, Text, Textarea, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Observation } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import { getDb, mutate } from '../../sync/index.js';
import { toast } from '../../components/toast.js';
import { useRequiredSession } from '../../hooks/use-session.js';
import { useMessages } from './use-messages.js';

const time = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

export function ChatPanel({ observationId, showTitle = true }: { observationId: string; showTitle?: boolean }) {
  const session = useRequiredSession();
  const messages = useMessages(observationId);
  const obs = useLiveQuery(async () => (await getDb().observations.get(observationId)) as Observation | undefined, [observationId]);
  const [text, setText] = useState('');
  const viewport = useRef<HTMLDivElement>(null);
  const canWrite =
    !!obs &&
    (session.id === obs.observerId ||
      session.id === obs.facultyId ||
      session.id === obs.hodId ||
      (session.role === 'Head_of_Department' && session.department?.id != null && session.department.id === obs.departmentId));

  useEffect(() => {
    const v = viewport.current;
    if (v) v.scrollTop = v.scrollHeight;
  }, [messages?.length]);

  async function send() {
    const body = text.trim();
    if (!body) return toast.error(MSG.emptyMessage);
    try {
      await mutate('message.send', { observationId, id: crypto.randomUUID(), body });
      setText('');
    } catch (err) {
      toast.error(err instanceof Error ? err.message : MSG.somethingWrong);
    }
  }

  return (
    <Stack h="100%" gap="xs">
      {showTitle ? <Title order={2} size="h5">Conversation</Title> : null}
      <ScrollArea style={{ flex: 1 }} viewportRef={viewport} type="auto">
        <Stack gap="xs" role="log" aria-label="Messages" aria-live="polite">
          {messages === undefined ? null : messages.length === 0 ? (
            <Text size="sm" c="dimmed">No messages yet.</Text>
          ) : (
            messages.map((m) => (
              <Paper key={m.id} withBorder p="xs" radius="md" bg={m.authorId === session.id ? 'var(--mantine-color-blue-light)' : undefined}>
                <Group justify="space-between" gap={4} wrap="nowrap">
                  <Text size="xs" fw={600} truncate>{m.authorName || 'Unknown'} · {m.authorRole.replace(/_/g, ' ')}</Text>
                  {m.sendState === 'pending' ? <Badge size="xs" variant="light" color="yellow">Pending</Badge> : null}
                  {m.sendState === 'needs-attention' ? <Badge size="xs" variant="light" color="red">Not sent</Badge> : null}
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{m.body}</Text>
                <Text size="xs" c="dimmed">{time(m.createdAt)}</Text>
              </Paper>
            ))
          )}
        </Stack>
      </ScrollArea>
      {canWrite ? (
        <Stack gap={4}>
          <Textarea
            label="Message"
            placeholder="Write a message"
            rows={3}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void send();
            }}
          />
          <Button size="xs" onClick={() => void send()} disabled={!text.trim()}>Send</Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
