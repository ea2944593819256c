/**
 * A participant's blind scoring of a calibration session (docs/adr/2026-11-28-calibration.md), with the rubric
 * screen's look (the shared ScoreControl: one radio per level, tiles ≥ 44 px, arrow keys): the version's groups,
 * each saved whole through the outbox (`calibration.saveScores`), and Submit after a confirmation
 * (`calibration.submit`, every group complete). Works offline: the optimistic applies (sync/apply/calibration.ts)
 * show a save or the submission at once; the server applies each once when the device is back.
 * The organiser sees the session's state (who submitted), never anyone's scores.
 */
import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { CalibrationSession } from '../../../shared/contract/calibration.js';
import type { RubricVersion } from '../../../shared/contract/rubrics.js';
import { ScoreControl } from '../../components/score-control.js';
import { toast } from '../../components/toast.js';
import { mutate } from '../../sync/index.js';
import {
  calibrationGroups,
  GROUP_STATE_COLOR,
  GROUP_STATE_LABEL,
  groupState,
  isGroupComplete,
  isGroupSaved,
  missingItems,
  type CalibrationGroup,
  type Draft,
} from './calibration-state.js';
import { LessonPanel } from './lesson-video.js';

const groupDomId = (code: string) => `calibration-group-${code}`;
const fail = (err: unknown) => toast.error(err instanceof Error ? err.message : 'Something went wrong.');

export interface CalibrationScoringProps {
  session: CalibrationSession;
  /** The session's rubric version from the replica: undefined while read, null when the device lacks it. */
  version: RubricVersion | null | undefined;
}

export function CalibrationScoring({ session, version }: CalibrationScoringProps) {
  const groups = useMemo(() => (version ? calibrationGroups(version) : []), [version]);
  const mine = session.mine;
  const open = session.status === 'open';
  const editable = !!mine && open && !mine.submittedAt;
  const saved = mine?.scores ?? {};
  const [taps, setTaps] = useState<Record<string, number>>({});
  const [problems, setProblems] = useState<Record<string, { message: string; missing: Set<string> }>>({});
  const [confirm, setConfirm] = useState(false);
  const [sending, setSending] = useState<string | null>(null);
  const draft: Draft = editable ? { ...saved, ...taps } : saved;

  function score(group: CalibrationGroup, itemId: string, value: number) {
    setTaps((t) => ({ ...t, [itemId]: value }));
    if (problems[group.code]) setProblems(({ [group.code]: _gone, ...rest }) => rest);
  }

  function refuse(group: CalibrationGroup, missing: string[], prefix = '') {
    setProblems((p) => ({ ...p, [group.code]: { message: `${prefix}${missing.length} of ${group.items.length} items still need a score.`, missing: new Set(missing) } }));
    document.getElementById(groupDomId(group.code))?.querySelector<HTMLInputElement>(`[data-item="${missing[0]}"] input[type="radio"]`)?.focus();
  }

  async function saveGroup(group: CalibrationGroup) {
    const missing = missingItems(group, draft);
    if (missing.length) return refuse(group, missing);
    setSending(group.code);
    try {
      await mutate('calibration.saveScores', { sessionId: session.id, scores: group.items.map((i) => ({ id: i.id, score: draft[i.id]! })) });
      setTaps((t) => Object.fromEntries(Object.entries(t).filter(([id]) => !group.items.some((i) => i.id === id))));
      toast.success(`${group.code} saved`);
    } catch (err) {
      fail(err);
    } finally {
      setSending(null);
    }
  }

  function askSubmit() {
    const incomplete = groups.filter((g) => !isGroupComplete(g, draft));
    if (incomplete.length) {
      for (const g of incomplete) refuse(g, missingItems(g, draft), 'Not complete: ');
      return toast.error('Score every item of every group before submitting.');
    }
    setConfirm(true);
  }

  async function submit() {
    setConfirm(false);
    setSending('submit');
    // Groups not saved yet go with the submission (the server checks every group is complete).
    const unsaved = groups.filter((g) => !isGroupSaved(g, draft, saved)).flatMap((g) => g.items.map((i) => ({ id: i.id, score: draft[i.id]! })));
    try {
      await mutate('calibration.submit', { sessionId: session.id, ...(unsaved.length ? { scores: unsaved } : {}) });
      setTaps({});
      toast.success('Your calibration scores are submitted.');
    } catch (err) {
      fail(err);
    } finally {
      setSending(null);
    }
  }

  return (
    <Stack>
      <SessionSummary session={session} />
      <LessonPanel session={session} canNote={!!mine && open} />
      {!mine ? <OrganiserView session={session} /> : null}
      {mine && session.status === 'closed' ? (
        <Alert color="teal" title="Closed">
          This session is closed. <Link to={`/calibration/${session.id}/results` as '/'}>See the results</Link>
        </Alert>
      ) : null}
      {mine?.submittedAt && open ? <Alert color="blue" title="Submitted">Your scores are submitted and can no longer change. The results show once the session closes.</Alert> : null}
      {mine && version === undefined ? <Text c="dimmed">Loading the rubric version…</Text> : null}
      {mine && version === null ? <Text c="dimmed">Loading the rubric version… it arrives with the next sync.</Text> : null}
      {mine && version
        ? groups.map((g) => {
            const problem = problems[g.code];
            const state = groupState(g, draft, saved);
            return (
              <Card
                key={g.code}
                withBorder
                radius="md"
                padding="md"
                component="section"
                id={groupDomId(g.code)}
                aria-label={`${g.code} ${g.title}`}
                data-problem={problem ? 'true' : undefined}
                style={problem ? { borderColor: 'var(--mantine-color-error)', borderWidth: 2 } : undefined}
              >
                <Group justify="space-between" mb="sm">
                  <Title order={2} size="h5">{g.code} {g.title}</Title>
                  {editable ? (
                    <div role="status">
                      <VisuallyHidden>{g.code} </VisuallyHidden>
                      <Badge variant="light" color={GROUP_STATE_COLOR[state]} data-testid="group-state">{GROUP_STATE_LABEL[state]}</Badge>
                    </div>
                  ) : null}
                </Group>
                {problem ? <Text size="sm" c="var(--mantine-color-error)" mb="sm" role="alert">{problem.message}</Text> : null}
                <Stack gap="md">
                  {g.items.map((item) => (
                    <div key={item.id} data-item={item.id}>
                      <ScoreControl
                        itemTitle={item.title}
                        value={draft[item.id]}
                        onChange={(v) => score(g, item.id, v)}
                        readOnly={!editable}
                        error={problem?.missing.has(item.id) ? 'Choose a score for this item' : undefined}
                        scale={g.scale}
                        guidance={item.guidance}
                        descriptors={item.descriptors}
                      />
                    </div>
                  ))}
                </Stack>
                {editable ? (
                  <Group justify="flex-end" mt="md">
                    <Button onClick={() => void saveGroup(g)} loading={sending === g.code} aria-label={`Save ${g.code} ${g.title}`}>Save</Button>
                  </Group>
                ) : null}
              </Card>
            );
          })
        : null}
      {editable && version ? (
        <Group justify="flex-end">
          <Button onClick={askSubmit} loading={sending === 'submit'}>Submit</Button>
        </Group>
      ) : null}
      <Modal opened={confirm} onClose={() => setConfirm(false)} title="Submit your calibration scores?" centered>
        <Text>After submitting, your scores can no longer change.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirm(false)}>Cancel</Button>
          <Button onClick={() => void submit()}>Confirm</Button>
        </Group>
      </Modal>
    </Stack>
  );
}

function SessionSummary({ session }: { session: CalibrationSession }) {
  return (
    <Group gap="md" wrap="wrap">
      <Title order={2} size="h4">{session.title}</Title>
      <Badge color={session.status === 'open' ? 'blue' : 'gray'}>{session.status === 'open' ? 'Open' : 'Closed'}</Badge>
      <Text size="sm" c="dimmed">Deadline {new Date(session.deadline).toLocaleString()}</Text>
      <Text size="sm" c="dimmed">{session.participants.submitted} of {session.participants.total} submitted</Text>
    </Group>
  );
}

/** The organiser: who takes part and who submitted; the reference they wrote; never anyone's scores. */
function OrganiserView({ session }: { session: CalibrationSession }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Participants">
      <Title order={2} size="h5" mb="sm">Participants</Title>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Observer</Table.Th>
            <Table.Th>Submitted</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(session.roster ?? []).map((p) => (
            <Table.Tr key={p.userId}>
              <Table.Td>{p.name}</Table.Td>
              <Table.Td>{p.submitted ? 'Yes' : 'Not yet'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {session.reference ? <Text size="sm" c="dimmed" mt="sm">Reference scores by {session.reference.expertName}.</Text> : null}
      {session.status === 'closed' ? (
        <Text mt="sm">
          <Link to={`/calibration/${session.id}/results` as '/'}>See the results</Link>
        </Text>
      ) : null}
    </Card>
  );
}
