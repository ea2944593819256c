/**
 * The conversation view of one item once a session closed: how many participants chose each level (a bar chart
 * and the same counts as a table, the chart's text alternative), the reference level with its rationale, and the
 * reader's own level, marked in both.
 */
import { lazy, Suspense } from 'react';
import { Badge, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { CalibrationResults } from '../../../shared/contract/calibration.js';
import type { DistributionBar } from './charts-distribution.js';

const DistributionChart = lazy(() => import('./charts-distribution.js'));

export interface ResultsItemCardProps {
  item: CalibrationResults['distribution'][number];
  title: string;
  /** Level value → its label on the version's scale. */
  levelLabel: (value: number) => string;
  referenceLabel: string;
}

export function ResultsItemCard({ item, title, levelLabel, referenceLabel }: ResultsItemCardProps) {
  const bars: DistributionBar[] = item.counts.map((c) => {
    const mine = item.own === c.level ? 1 : 0;
    return { level: levelLabel(c.level), Others: c.count - mine, You: mine };
  });
  const total = item.counts.reduce((n, c) => n + c.count, 0);
  const headingId = `cal-item-${item.itemId}`;
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={headingId}>
            {title}
          </Title>
          <Group gap="xs">
            {item.reference != null ? <Badge color="teal" variant="light">{`${referenceLabel}: ${levelLabel(item.reference)}`}</Badge> : null}
            {item.own != null ? <Badge color="orange" variant="light">{`You: ${levelLabel(item.own)}`}</Badge> : null}
          </Group>
        </Group>
        {total > 0 ? (
          <Suspense fallback={<Loader size="sm" aria-label="Loading chart" />}>
            <DistributionChart
              bars={bars}
              reference={item.reference != null ? levelLabel(item.reference) : null}
              withOwn={item.own != null}
              label={`${title}: scores per level${item.reference != null ? `, reference ${levelLabel(item.reference)}` : ''}${item.own != null ? `, yours ${levelLabel(item.own)}` : ''}. The table below lists the same counts.`}
            />
          </Suspense>
        ) : (
          <Text size="sm" c="dimmed">
            Nobody scored this item.
          </Text>
        )}
        <Table.ScrollContainer minWidth={240}>
          <Table withTableBorder striped={false} verticalSpacing={4} fz="sm">
            <Table.Caption>{`How many participants chose each level of ${title}`}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Level</Table.Th>
                <Table.Th scope="col">Participants</Table.Th>
                <Table.Th scope="col">Marks</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {item.counts.map((c) => {
                const marks = [item.reference === c.level ? referenceLabel : null, item.own === c.level ? 'Your score' : null].filter(Boolean).join(', ');
                return (
                  <Table.Tr key={c.level} data-own={item.own === c.level || undefined} fw={item.own === c.level ? 700 : undefined}>
                    <Table.Td>{levelLabel(c.level)}</Table.Td>
                    <Table.Td>{c.count}</Table.Td>
                    <Table.Td>{marks}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {item.missing > 0 ? <Text size="xs" c="dimmed">{`${item.missing} participant(s) left this item unscored.`}</Text> : null}
        {item.rationale ? (
          <Text size="sm">
            <Text span fw={600}>
              Rationale:{' '}
            </Text>
            {item.rationale}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
