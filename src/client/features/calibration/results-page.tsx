/**
 * /calibration/$sessionId/results — the conversation after a session (docs/adr/2026-11-28-calibration.md): per item
 * the distribution of scores, the reference with its rationale and the reader's own position; agreement per
 * participant and the reader's certification; Fleiss' kappa and ICC(2,1). Before the session closes the server
 * answers 409 and the page says when it will (the deadline) instead of showing an error. Online only: the figures
 * need every participant's scores, which no device holds.
 */
import { Alert, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { CalibrationResults, CalibrationSession } from '../../../shared/contract/calibration.js';
import type { RubricVersion } from '../../../shared/contract/rubrics.js';
import { ApiError } from '../../api/errors.js';
import { fetchCalibrationResults, fetchCalibrationSession } from '../../api/calibration-reports.js';
import { fetchVersion } from '../../api/rubrics.js';
import { ResultsAgreement } from './results-agreement.js';
import { ResultsItemCard } from './results-item-card.js';
import { useRemote } from './results-load.js';

type Loaded = { session: CalibrationSession; version: RubricVersion | null } & ({ closed: true; results: CalibrationResults } | { closed: false });

async function load(sessionId: string): Promise<Loaded> {
  const session = await fetchCalibrationSession(sessionId);
  // Item titles and level labels; without them the page still reads (codes fall back to plain values).
  const version = fetchVersion(session.rubricVersionId).catch(() => null);
  try {
    const results = await fetchCalibrationResults(sessionId);
    return { session, version: await version, closed: true, results };
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) return { session, version: await version, closed: false };
    throw err;
  }
}

export const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function ResultsPage({ sessionId }: { sessionId: string }) {
  const r = useRemote(() => load(sessionId), [sessionId]);
  if (r.state === 'loading') return <Loader aria-label="Loading the results" />;
  if (r.state === 'error') {
    return (
      <Alert color="red" title="The results cannot be shown">
        {r.message}
      </Alert>
    );
  }
  const { session, version } = r.data;
  if (!r.data.closed) {
    return (
      <Alert color="blue" title="Not closed yet" data-testid="results-not-closed">
        {`The results are shown once the session closes: when every participant has submitted, or at the deadline, ${when(session.deadline)}. ${session.participants.submitted} of ${session.participants.total} participant(s) have submitted.`}
      </Alert>
    );
  }
  const { results } = r.data;
  const items = new Map((version?.groups ?? []).flatMap((g) => g.items.map((i) => [i.id, `${i.code} ${i.title}`] as const)));
  const levels = new Map((version?.scale ?? []).map((l) => [l.value, l.label] as const));
  const levelLabel = (v: number) => (levels.has(v) ? `${v} ${levels.get(v)}` : String(v));
  const expert = results.referenceKind === 'expert';
  const me = results.participants.find((p) => p.isMe);
  return (
    <Stack gap="lg">
      <Card withBorder padding="md" radius="md">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {session.title}
          </Title>
          <Text size="sm">{version ? `${version.name} · version ${version.number}` : 'Rubric version'}</Text>
          <Text size="sm" c="dimmed">
            {expert
              ? `Compared with the reference scores of ${session.reference?.expertName ?? 'the expert'}.`
              : 'No expert reference: each participant is compared with the median of the others (a conversation aid; it certifies nobody).'}
          </Text>
          <Text size="sm" c="dimmed">
            {`Closed ${session.closedAt ? when(session.closedAt) : ''} · ${session.namesParticipants ? 'participants named' : 'anonymous'}`}
          </Text>
          {me?.certification ? (
            <Group gap="xs" mt="xs" data-testid="my-certification">
              <Badge color={me.certification.met ? 'teal' : 'red'}>{me.certification.met ? 'You are certified on this version' : 'You are not certified on this version'}</Badge>
              <Text size="sm">{me.certification.checks.map((c) => c.message).join(' ')}</Text>
            </Group>
          ) : null}
        </Stack>
      </Card>
      <ResultsAgreement results={results} />
      <Title order={2} size="h4">
        Scores per item
      </Title>
      {results.distribution.length === 0 ? <Text c="dimmed">This rubric version has no items.</Text> : null}
      {results.distribution.map((d) => (
        <ResultsItemCard key={d.itemId} item={d} title={items.get(d.itemId) ?? 'Item'} levelLabel={levelLabel} referenceLabel={expert ? 'Reference' : 'Median of the others'} />
      ))}
    </Stack>
  );
}
