/**
 * The calibration sessions of the signed-in user (/calibration): those they take part in — to score, submitted,
 * closed (→ the results) — from the replica, so the list opens offline; and, online, those they organise from
 * GET /calibration/sessions. Organisers (HOD, Admin, Super_Admin) get the link to create one.
 */
import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import { useLiveQuery } from 'dexie-react-hooks';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { CalibrationSession } from '../../../shared/contract/calibration.js';
import { fetchCalibrationSessions } from '../../api/calibration.js';
import { errorMessage } from '../../api/errors.js';
import { getDb } from '../../sync/index.js';
import { mergeSessions, sessionSections, type SessionSection } from './calibration-state.js';

const SECTIONS: { key: SessionSection; title: string; empty: string }[] = [
  { key: 'to-score', title: 'To score', empty: 'Nothing to score.' },
  { key: 'submitted', title: 'Submitted', empty: 'No submitted session waiting for the others.' },
  { key: 'closed', title: 'Closed', empty: 'No closed session yet.' },
  { key: 'organised', title: 'Organised by you', empty: 'You organise no session.' },
];

export const resultsPath = (id: string) => `/calibration/${id}/results` as LinkProps['to'];
const sessionPath = (id: string) => `/calibration/${id}` as LinkProps['to'];

export interface SessionListProps {
  /** May create sessions (HOD, Admin, Super_Admin): the create link and the "organised" section. */
  organises: boolean;
}

/** Loads the replica's sessions and, online, the server's list; the view is SessionListView. */
export function SessionList({ organises }: SessionListProps) {
  const replica = useLiveQuery(async () => (await getDb().calibrationSessions.toArray()) as unknown as CalibrationSession[], []);
  const { online } = useNetwork();
  const [server, setServer] = useState<{ sessions: CalibrationSession[] | null; error: string | null } | null>(null);
  useEffect(() => {
    if (!online) return;
    let live = true;
    fetchCalibrationSessions().then(
      (sessions) => live && setServer({ sessions, error: null }),
      (err: unknown) => live && setServer({ sessions: null, error: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [online]);
  const loading = replica === undefined || (online && server === null && (replica?.length ?? 0) === 0);
  return (
    <SessionListView
      sessions={loading ? null : mergeSessions(replica ?? [], server?.sessions ?? null)}
      organises={organises}
      note={!online && organises ? 'Offline: sessions you organise show when you are online.' : (server?.error ?? null)}
    />
  );
}

export interface SessionListViewProps {
  /** null while loading. */
  sessions: CalibrationSession[] | null;
  organises: boolean;
  note?: string | null;
}

export function SessionListView({ sessions, organises, note }: SessionListViewProps) {
  if (!sessions) {
    return (
      <Group role="status" aria-label="Loading sessions">
        <Loader size="sm" />
        <Text c="dimmed">Loading calibration sessions…</Text>
      </Group>
    );
  }
  const sections = sessionSections(sessions);
  const shown = SECTIONS.filter((s) => s.key !== 'organised' || organises || sections.organised.length > 0);
  return (
    <Stack>
      {organises ? (
        <Group justify="flex-end">
          <Button component={Link} to="/calibration/create">New session</Button>
        </Group>
      ) : null}
      {note ? <Alert color="yellow" role="note">{note}</Alert> : null}
      {sessions.length === 0 ? (
        <Card withBorder radius="md" padding="lg">
          <Text>{organises ? 'No calibration sessions yet. Create one to have observers score a lesson blind.' : 'You take part in no calibration session yet.'}</Text>
        </Card>
      ) : (
        shown.map(({ key, title, empty }) => (
          <Card key={key} withBorder radius="md" padding="md" component="section" aria-labelledby={`calibration-${key}`}>
            <Title order={2} size="h5" id={`calibration-${key}`} mb="sm">{title}</Title>
            {sections[key].length === 0 ? (
              <Text size="sm" c="dimmed">{empty}</Text>
            ) : (
              <Table.ScrollContainer minWidth={480}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Session</Table.Th>
                      <Table.Th>Lesson</Table.Th>
                      <Table.Th>Deadline</Table.Th>
                      <Table.Th>Submitted</Table.Th>
                      <Table.Th>Status</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {sections[key].map((s) => (
                      <Table.Tr key={s.id}>
                        <Table.Td>
                          <Anchor component={Link} to={key === 'closed' ? resultsPath(s.id) : sessionPath(s.id)}>{s.title}</Anchor>
                        </Table.Td>
                        <Table.Td>{s.lesson.kind === 'video' ? 'Video' : `Live class${s.lesson.date ? ` ${s.lesson.date}` : ''}`}</Table.Td>
                        <Table.Td>{new Date(s.deadline).toLocaleString()}</Table.Td>
                        <Table.Td>{s.participants.submitted} / {s.participants.total}</Table.Td>
                        <Table.Td>
                          {s.status === 'closed' ? (
                            key === 'organised' ? <Anchor component={Link} to={resultsPath(s.id)}>Results</Anchor> : <Badge color="gray">Closed</Badge>
                          ) : (
                            <Badge color={key === 'to-score' ? 'blue' : 'teal'}>{key === 'to-score' ? 'To score' : key === 'submitted' ? 'Submitted' : 'Open'}</Badge>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        ))
      )}
    </Stack>
  );
}
