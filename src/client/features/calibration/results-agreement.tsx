/**
 * Agreement per participant against the reference (exact %, adjacent %, quadratic-weighted kappa) and whether
 * each met the version's thresholds, as the server returns it: an organiser gets every row, a participant their own
 * (others as "Participant n" unless the organiser named them). Across participants, Fleiss' kappa and ICC(2,1).
 * A figure without a value says why (results-stat.ts).
 */
import { Badge, Card, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import '@mantine/core/styles/List.css';
import type { CalibrationResults } from '../../../shared/contract/calibration.js';
import { pctText, statText, type StatText } from './results-stat.js';

function Figure({ s }: { s: StatText }) {
  return s.reason ? (
    <Stack gap={0}>
      <Text size="sm">{s.text}</Text>
      <Text size="xs" c="dimmed">
        {s.reason}
      </Text>
    </Stack>
  ) : (
    <Text size="sm">{s.text}</Text>
  );
}

type Row = CalibrationResults['participants'][number];

function Certification({ row }: { row: Row }) {
  if (!row.certification) return <Text size="sm" c="dimmed">No expert reference: certifies nobody</Text>;
  return (
    <Stack gap={2}>
      <Badge color={row.certification.met ? 'teal' : 'red'} variant="light" w="fit-content">
        {row.certification.met ? 'Certified' : 'Not certified'}
      </Badge>
      <List size="xs" spacing={0}>
        {row.certification.checks.map((c) => (
          <List.Item key={c.figure}>{c.message}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

export function ResultsAgreement({ results }: { results: CalibrationResults }) {
  const rows = results.participants;
  return (
    <Stack gap="md">
      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="cal-agreement">
        <Stack gap="sm">
          <Title order={2} size="h4" id="cal-agreement">
            Agreement with the reference
          </Title>
          {rows.length === 0 ? (
            <Text c="dimmed">No participant submitted scores.</Text>
          ) : (
            <Table.ScrollContainer minWidth={0} className="cards-on-phone">
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Participant</Table.Th>
                    <Table.Th scope="col">Items compared</Table.Th>
                    <Table.Th scope="col">Exact</Table.Th>
                    <Table.Th scope="col">Adjacent</Table.Th>
                    <Table.Th scope="col">Weighted kappa</Table.Th>
                    <Table.Th scope="col">Certification</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r, i) => (
                    <Table.Tr key={r.participantId ?? `row-${i}`} data-own={r.isMe || undefined} fw={r.isMe ? 700 : undefined}>
                      <Table.Td data-label="Participant">{r.label}</Table.Td>
                      <Table.Td data-label="Items compared">{r.compared}</Table.Td>
                      <Table.Td data-label="Exact"><Figure s={pctText(r.exactPct)} /></Table.Td>
                      <Table.Td data-label="Adjacent"><Figure s={pctText(r.adjacentPct)} /></Table.Td>
                      <Table.Td data-label="Weighted kappa"><Figure s={statText(r.kappa)} /></Table.Td>
                      <Table.Td data-label="Certification"><Certification row={r} /></Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Text size="xs" c="dimmed">
            {`Thresholds of this rubric version: adjacent ≥ ${results.thresholds.adjacentPct} % and exact ≥ ${results.thresholds.exactPct} % against the expert’s reference.`}
          </Text>
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="md" radius="md" component="section" aria-labelledby="cal-fleiss">
          <Title order={2} size="h5" id="cal-fleiss">
            Fleiss’ kappa (all participants)
          </Title>
          <Figure s={statText(results.fleiss.value)} />
          <Text size="xs" c="dimmed">{`${results.fleiss.items} item(s) used, ${results.fleiss.excluded} left out (not scored by everyone)`}</Text>
        </Card>
        <Card withBorder padding="md" radius="md" component="section" aria-labelledby="cal-icc">
          <Title order={2} size="h5" id="cal-icc">
            ICC(2,1) (absolute agreement)
          </Title>
          <Figure s={statText(results.icc.value)} />
          <Text size="xs" c="dimmed">{`${results.icc.items} item(s) used, ${results.icc.excluded} left out (not scored by everyone)`}</Text>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
