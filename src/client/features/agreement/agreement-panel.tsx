/**
 * Agreement view and meeting agenda. Once both scores of a rubric are locked, the observer, the HOD and
 * Super_Admin see per item the observer's and the faculty member's score side by side, differences highlighted,
 * with the exact agreement % and the mean absolute difference (shared/agreement.ts). The observer drafts the
 * post-observation agenda from the largest differences and their tagged notes, edits and shares it. The faculty
 * member sees only the shared agenda's items and the notes shared with them — never the observer's scores (their
 * replica does not hold them). Items, totals and their maximum are those of the observation's rubric version.
 */
import { useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { computeAgreement, draftAgenda, gapLevel, type Agreement } from '../../../shared/agreement.js';
import { TEXT_MAX } from '../../../shared/constants.js';
import type { AgendaItem, EvidenceNote, MeetingAgenda } from '../../../shared/contract/evidence.js';
import type { Meeting, Observation } from '../../../shared/contract/observations.js';
import type { Role } from '../../../shared/enums.js';
import { submitWithToast } from '../../components/submit-result.js';
import { toast } from '../../components/toast.js';
import { seesAgreement } from '../../../shared/access-policy/index.js';
import { formatTotal } from '../../../shared/rubric.js';
import { useRubricVersion } from '../../hooks/use-rubric-version.js';

export interface AgreementPanelProps {
  obs: Observation;
  /** The signed-in user. */
  userId: string;
  role: Role;
  /** The signed-in user's department (a HOD sees the agreement of their department's observations). */
  departmentId?: number | null;
  notes: EvidenceNote[];
  agenda: MeetingAgenda | null;
}

const LABEL = { informed: 'Informed observation', uninformed: 'Uninformed observation' } as const;
const fail = (err: unknown) => toast.error(err instanceof Error ? err.message : 'Something went wrong');

function lockedMeetings(obs: Observation): { kind: keyof typeof LABEL; meeting: Meeting }[] {
  const out: { kind: keyof typeof LABEL; meeting: Meeting }[] = [];
  const { informedObservation: i, uninformedObservation: u } = obs.meetings;
  if (i?.status === 'Completed') out.push({ kind: 'informed', meeting: i });
  if (u?.status === 'Completed') out.push({ kind: 'uninformed', meeting: u });
  return out;
}

function itemTitles(obs: Observation): Map<string, string> {
  const rows = [...(obs.meetings.informedObservation?.rubrics ?? []), ...(obs.meetings.uninformedObservation?.rubrics ?? [])];
  return new Map(rows.map((r) => [r.id, `${r.code} ${r.title}`]));
}

export function AgreementPanel({ obs, userId, role, departmentId = null, notes, agenda }: AgreementPanelProps) {
  const isFaculty = userId === obs.facultyId;
  const seesScores = seesAgreement({ id: userId, role, departmentId }, obs);
  const locked = lockedMeetings(obs);
  const version = useRubricVersion(obs.rubricVersionId);
  if (isFaculty) return agenda?.shared ? <SharedAgenda obs={obs} agenda={agenda} notes={notes} /> : null;
  if (!seesScores || locked.length === 0) return null;
  const agreements = locked.map((l) => ({ ...l, agreement: computeAgreement(l.meeting.rubrics) }));
  return (
    <Stack>
      {agreements.map((a) => (
        <AgreementTable key={a.kind} title={`Agreement · ${LABEL[a.kind]}`} agreement={a.agreement} meeting={a.meeting} rubric={version ? `${version.name} · version ${version.number}` : null} />
      ))}
      {userId === obs.observerId ? (
        <AgendaEditor obs={obs} agreements={agreements.map((a) => a.agreement)} notes={notes} agenda={agenda} />
      ) : agenda ? (
        <SharedAgenda obs={obs} agenda={agenda} notes={notes} />
      ) : null}
    </Stack>
  );
}

const GAP_COLORS = { large: 'var(--mantine-color-red-light)', notable: 'var(--mantine-color-yellow-light)' } as const;

function AgreementTable({ title, agreement, meeting, rubric }: { title: string; agreement: Agreement; meeting: Meeting; rubric: string | null }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
      <Title order={2} size="h5" mb="xs">{title}</Title>
      {rubric ? <Text size="sm" c="dimmed" mb="xs" data-testid="agreement-rubric">{rubric}</Text> : null}
      <SimpleGrid cols={{ base: 2, sm: 3 }} mb="sm">
        <div>
          <Text size="xs" c="dimmed">Observer total</Text>
          <Text fw={600} data-testid="observer-total">{formatTotal(meeting.observerScore, meeting.maximum)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">Faculty total</Text>
          <Text fw={600} data-testid="faculty-total">{formatTotal(meeting.facultyScore, meeting.maximum)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">Exact agreement</Text>
          <Text fw={600} data-testid="exact-agreement">{agreement.exactAgreementPct == null ? '—' : `${agreement.exactAgreementPct.toFixed(1)}%`}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">Mean absolute difference</Text>
          <Text fw={600} data-testid="mean-difference">{agreement.meanAbsoluteDifference == null ? '—' : agreement.meanAbsoluteDifference.toFixed(2)}</Text>
        </div>
        <div>
          <Text size="xs" c="dimmed">Items compared</Text>
          <Text fw={600}>{agreement.compared}</Text>
        </div>
      </SimpleGrid>
      <Text size="xs" c="dimmed" mb={4}>Highlighted: differences of 2 or more (red), and a difference of 1 where it is the largest and rare (yellow).</Text>
      {/* Native scrolling and a tab stop: a region that scrolls sideways on a phone must be reachable by keyboard. */}
      <Table.ScrollContainer minWidth={420} type="native" tabIndex={0} role="region" aria-label="Scores per rubric item">
        <Table striped={false} withTableBorder verticalSpacing={4} fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Item</Table.Th>
              <Table.Th>Observer</Table.Th>
              <Table.Th>Faculty</Table.Th>
              <Table.Th>Difference</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agreement.rows.map((r) => (
              <Table.Tr key={r.rubricItemId} style={{ background: gapLevel(r, agreement) ? GAP_COLORS[gapLevel(r, agreement)!] : undefined }} data-difference={r.difference} data-highlight={gapLevel(r, agreement) ?? undefined}>
                <Table.Td>{r.code} {r.title}</Table.Td>
                <Table.Td>{r.observerScore}</Table.Td>
                <Table.Td>{r.facultyScore}</Table.Td>
                <Table.Td>{r.difference > 0 ? `+${r.difference}` : r.difference}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function AgendaEditor({ obs, agreements, notes, agenda }: { obs: Observation; agreements: Agreement[]; notes: EvidenceNote[]; agenda: MeetingAgenda | null }) {
  const titles = itemTitles(obs);
  const [items, setItems] = useState<AgendaItem[] | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const shownItems = items ?? agenda?.items ?? [];
  const shownSummary = summary ?? agenda?.summary ?? '';
  const dirty = items !== null || summary !== null;

  function draft() {
    // The text is what the faculty member will read: the item, never a score.
    const d = draftAgenda(agreements, notes);
    setItems(d.map((x) => ({ rubricItemId: x.rubricItemId, text: `Discuss ${titles.get(x.rubricItemId) ?? x.title}.` })));
  }
  async function save(shared: boolean) {
    try {
      const ok = await submitWithToast('agenda.save', { observationId: obs.id, items: shownItems, summary: shownSummary, shared }, { success: shared ? 'Agenda shared with the faculty member' : 'Agenda saved' });
      if (!ok) return;
      setItems(null);
      setSummary(null);
    } catch (err) {
      fail(err);
    }
  }
  const tagged = (itemId: string) => notes.filter((n) => n.rubricItemIds.includes(itemId));
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Meeting agenda">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">Post-observation meeting agenda</Title>
        {agenda?.shared ? <Badge color="blue" variant="light">Shared</Badge> : agenda ? <Badge variant="light" color="gray">Draft</Badge> : null}
      </Group>
      <Stack gap="xs">
        <Group>
          <Button size="xs" variant="light" onClick={draft}>Draft from the largest differences</Button>
        </Group>
        <Textarea label="Summary" autosize minRows={2} maxLength={TEXT_MAX.chat} value={shownSummary} onChange={(e) => setSummary(e.currentTarget.value)} />
        {shownItems.length === 0 ? <Text size="sm" c="dimmed">No agenda items yet.</Text> : null}
        {shownItems.map((it, i) => (
          <Card key={`${it.rubricItemId}-${i}`} withBorder padding="xs" radius="sm" data-testid="agenda-item">
            <Text size="sm" fw={500}>{titles.get(it.rubricItemId) ?? 'Rubric item'}</Text>
            <Textarea
              aria-label={`Agenda point ${i + 1}`}
              autosize
              maxLength={TEXT_MAX.note}
              value={it.text}
              onChange={(e) => {
                const text = e.currentTarget.value;
                setItems(shownItems.map((x, j) => (j === i ? { ...x, text } : x)));
              }}
            />
            {tagged(it.rubricItemId).map((n) => (
              <Text key={n.id} size="xs" c="dimmed">Note{n.shared ? ' (shared)' : ''}: {n.body}</Text>
            ))}
            <Group justify="flex-end">
              <Button size="compact-xs" variant="subtle" color="red" onClick={() => setItems(shownItems.filter((_, j) => j !== i))}>Remove</Button>
            </Group>
          </Card>
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void save(false)} disabled={!dirty && !agenda?.shared}>
            {agenda?.shared ? 'Stop sharing' : 'Save draft'}
          </Button>
          <Button onClick={() => void save(true)} disabled={shownItems.length === 0 && !shownSummary.trim()}>Share with faculty</Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The agenda as agreed, for the meeting screen: the shared agenda (faculty see only that), or the observer's
 * draft marked as such. Nothing when there is no agenda.
 */
export function MeetingAgendaCard({ obs, agenda, notes, isFaculty }: { obs: Observation; agenda: MeetingAgenda | null; notes: EvidenceNote[]; isFaculty: boolean }) {
  if (!agenda || agenda.items.length === 0 || (isFaculty && !agenda.shared)) return null;
  return <SharedAgenda obs={obs} agenda={agenda} notes={notes} />;
}

function SharedAgenda({ obs, agenda, notes }: { obs: Observation; agenda: MeetingAgenda; notes: EvidenceNote[] }) {
  const titles = itemTitles(obs);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label="Meeting agenda" data-testid="meeting-agenda">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">Post-observation meeting agenda</Title>
        {agenda.shared ? <Badge color="blue" variant="light">Agreed and shared</Badge> : <Badge variant="light" color="gray">Draft</Badge>}
      </Group>
      {agenda.summary ? <Text size="sm" mb="xs" style={{ whiteSpace: 'pre-wrap' }}>{agenda.summary}</Text> : null}
      <Stack gap="xs">
        {agenda.items.map((it, i) => (
          <div key={`${it.rubricItemId}-${i}`} data-testid="agenda-item">
            <Text size="sm" fw={500}>{i + 1}. {titles.get(it.rubricItemId) ?? 'Rubric item'}</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{it.text}</Text>
            {notes
              .filter((n) => n.rubricItemIds.includes(it.rubricItemId))
              .map((n) => (
                <Text key={n.id} size="xs" c="dimmed">Note: {n.body}</Text>
              ))}
          </div>
        ))}
      </Stack>
    </Card>
  );
}
