/**
 * /calibration/severity?observer=…&version=… — an observer's severity and drift from live observations
 * (docs/adr/2026-11-28-calibration.md): with at least 10 locked observations on the version, per item the mean
 * difference of their scores from the department's other observers (positive: lenient, negative: severe) with its
 * 95 % interval; and their agreement with the faculty members' self-scores per month, as a chart and a table.
 * Fewer observations: the server's answer says how many there are and how many are needed. HOD of the
 * observer's department, Admin, Super_Admin only (the server refuses everyone else).
 */
import { lazy, Suspense } from 'react';
import { Alert, Badge, Card, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { CalibrationSeverity } from '../../../shared/contract/calibration.js';
import type { RubricVersion } from '../../../shared/contract/rubrics.js';
import { fetchCalibrationSeverity } from '../../api/calibration-reports.js';
import { fetchVersion } from '../../api/rubrics.js';
import { useRemote } from './results-load.js';
import { pctText, statText } from './results-stat.js';
import { severityReading } from './severity-reading.js';

const SelfScoresChart = lazy(() => import('./charts-self-scores.js'));

async function load(observerId: string, versionId: string): Promise<{ severity: CalibrationSeverity; version: RubricVersion | null }> {
  const [severity, version] = await Promise.all([fetchCalibrationSeverity(observerId, versionId), fetchVersion(versionId).catch(() => null)]);
  return { severity, version };
}

export function SeverityPage({ observerId, versionId, observerName }: { observerId: string; versionId: string; observerName?: string }) {
  const r = useRemote(() => load(observerId, versionId), [observerId, versionId]);
  if (r.state === 'loading') return <Loader aria-label="Loading severity and drift" />;
  if (r.state === 'error') {
    return (
      <Alert color="red" title="Severity and drift cannot be shown">
        {r.message}
      </Alert>
    );
  }
  const { severity, version } = r.data;
  const items = new Map((version?.groups ?? []).flatMap((g) => g.items.map((i) => [i.id, `${i.code} ${i.title}`] as const)));
  const who = observerName ?? 'This observer';
  const points = severity.selfScores.map((p) => ({ period: p.period, Exact: p.exactPct.value, Adjacent: p.adjacentPct.value }));
  return (
    <Stack gap="lg">
      <Card withBorder padding="md" radius="md">
        <Title order={2} size="h4">
          {who}
        </Title>
        <Text size="sm">{version ? `${version.name} · version ${version.number}` : 'Rubric version'}</Text>
        <Text size="sm" c="dimmed">{`${severity.lockedObservations} locked observation(s) on this version; at least ${severity.required} are needed for a severity.`}</Text>
      </Card>
      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="sev-items">
        <Stack gap="sm">
          <Title order={2} size="h5" id="sev-items">
            Difference from the department’s other observers, per item
          </Title>
          {severity.items === null ? (
            <Alert color="blue" data-testid="severity-too-few">
              {severity.reason === 'too-few-observations'
                ? `Not available: ${who} has ${severity.lockedObservations} locked observation(s) on this version; a severity needs at least ${severity.required}.`
                : statText({ value: null, reason: severity.reason ?? 'no-items' }).reason}
            </Alert>
          ) : (
            <Table.ScrollContainer minWidth={0} className="cards-on-phone">
              <Table verticalSpacing="xs">
                <Table.Caption>Mean of (this observer’s score − the other observers’ mean) with its 95 % interval. Positive: lenient; negative: severe.</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Item</Table.Th>
                    <Table.Th scope="col">Scores</Table.Th>
                    <Table.Th scope="col">Mean difference</Table.Th>
                    <Table.Th scope="col">95 % interval</Table.Th>
                    <Table.Th scope="col">Reading</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {severity.items.map((i) => {
                    const reading = severityReading(i);
                    const low = statText(i.low, { signed: true });
                    const high = statText(i.high, { signed: true });
                    return (
                      <Table.Tr key={i.itemId}>
                        <Table.Td data-label="Item">{items.get(i.itemId) ?? 'Item'}</Table.Td>
                        <Table.Td data-label="Scores">{i.n}</Table.Td>
                        <Table.Td data-label="Mean difference">{statText(i.mean, { signed: true }).text}</Table.Td>
                        <Table.Td data-label="95 % interval">{low.reason ?? `${low.text} to ${high.text}`}</Table.Td>
                        <Table.Td data-label="Reading">
                          <Badge color={reading.color} variant="light">
                            {reading.label}
                          </Badge>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Card>
      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="sev-self">
        <Stack gap="sm">
          <Title order={2} size="h5" id="sev-self">
            Agreement with the faculty members’ self-scores, per month
          </Title>
          {severity.selfScores.length === 0 ? (
            <Text c="dimmed">No locked observation of this observer has both sides scored yet.</Text>
          ) : (
            <>
              <Suspense fallback={<Loader size="sm" aria-label="Loading chart" />}>
                <SelfScoresChart points={points} label={`${who}: exact and adjacent agreement with self-scores per month. The table below lists the same figures.`} />
              </Suspense>
              <Table.ScrollContainer minWidth={0}>
                <Table verticalSpacing={4} fz="sm">
                  <Table.Caption>Agreement with self-scores per month</Table.Caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Month</Table.Th>
                      <Table.Th scope="col">Items compared</Table.Th>
                      <Table.Th scope="col">Exact</Table.Th>
                      <Table.Th scope="col">Adjacent</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {severity.selfScores.map((p) => (
                      <Table.Tr key={p.period}>
                        <Table.Td>{p.period}</Table.Td>
                        <Table.Td>{p.compared}</Table.Td>
                        <Table.Td>{pctText(p.exactPct).reason ?? pctText(p.exactPct).text}</Table.Td>
                        <Table.Td>{pctText(p.adjacentPct).reason ?? pctText(p.adjacentPct).text}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
