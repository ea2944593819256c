/**
 * The observation list (SPEC §2 Observations): course, faculty (hidden for Faculty), observer (hidden for
 * Observer), dates, progress, status, cycle label. Heads of department and observers get the filter toggle
 * (status and semester). Rows open the detail page by click or Enter/Space. Ten rows per page, read page by page from the
 * replica (summary fields only, observation-query.ts) so 10 000 observations stay fast and small.
 */
import { memo, useMemo, useState, type KeyboardEvent } from 'react';
import { Badge, Button, Chip, Collapse, Group, Loader, Pagination, Paper, Progress, Stack, Table, Text } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useNavigate } from '@tanstack/react-router';
import { OBSERVATION_STATUSES, SEMESTERS, type Role } from '../../../shared/enums.js';
import { stageText } from '../../../shared/cycle.js';
import { MSG } from '../../../shared/messages.js';
import { getDb } from '../../sync/index.js';
import { useSession } from '../../hooks/use-session.js';
import { longDate, statusColor } from './format.js';
import { OBSERVATION_PAGE_SIZE, queryObservationPage, takePrefetchedFirstPage, type ObservationFilters, type ObservationListRow } from './observation-query.js';

export { OBSERVATION_PAGE_SIZE };

export interface ObservationTableProps {
  role: Role;
}

export function ObservationTable({ role }: ObservationTableProps) {
  const [statuses, setStatuses] = useState<string[]>([]);
  const [semesters, setSemesters] = useState<string[]>([]);
  const [showFilters, setShowFilters] = useState(false);
  const [page, setPage] = useState(1);
  const filters: ObservationFilters = useMemo(() => ({ statuses, semesters }), [statuses, semesters]);
  // The first page read while the route was opening (observation-query.ts), shown until the live query answers.
  const viewerId = useSession()?.id;
  const [prefetched] = useState(() => takePrefetchedFirstPage(getDb(), OBSERVATION_PAGE_SIZE, viewerId));
  const result = useLiveQuery(() => queryObservationPage(getDb(), filters, page, OBSERVATION_PAGE_SIZE), [filters, page], prefetched);
  const canFilter = role === 'Head_of_Department' || role === 'Observer';
  const pages = result ? Math.max(1, Math.ceil(result.total / OBSERVATION_PAGE_SIZE)) : 1;
  const showFaculty = role !== 'Faculty';
  const showObserver = role !== 'Observer';

  return (
    <Paper withBorder p="md" radius="md">
      {canFilter ? (
        <Stack gap="xs" mb="sm">
          <Group>
            <Button variant="light" size="xs" onClick={() => setShowFilters((v) => !v)} aria-expanded={showFilters} aria-controls="observation-filters">
              {showFilters ? 'Hide Filters' : 'Filters'}
            </Button>
          </Group>
          <Collapse expanded={showFilters} id="observation-filters">
            <Stack gap="xs">
              <Chip.Group multiple value={statuses} onChange={(v) => { setStatuses(v); setPage(1); }}>
                <Group gap="xs" role="group" aria-label="Status filter">
                  <Text size="sm" fw={500} w={80}>Status</Text>
                  {OBSERVATION_STATUSES.map((s) => (
                    <Chip key={s} value={s} size="sm">{s}</Chip>
                  ))}
                </Group>
              </Chip.Group>
              <Chip.Group multiple value={semesters} onChange={(v) => { setSemesters(v); setPage(1); }}>
                <Group gap="xs" role="group" aria-label="Semester filter">
                  <Text size="sm" fw={500} w={80}>Semester</Text>
                  {SEMESTERS.map((s) => (
                    <Chip key={s} value={s} size="sm">{s}</Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Stack>
          </Collapse>
        </Stack>
      ) : null}

      {!result ? (
        <Group justify="center" p="lg"><Loader size="sm" role="status" aria-label="Loading observations" /></Group>
      ) : result.total === 0 ? (
        <Text ta="center" c="dimmed" p="lg">{MSG.noObservations}</Text>
      ) : (
        <>
          <Table.ScrollContainer className="cards-on-phone" minWidth={860}>
            <Table highlightOnHover verticalSpacing="sm" aria-label="Observations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Course</Table.Th>
                  {showFaculty ? <Table.Th>Faculty</Table.Th> : null}
                  {showObserver ? <Table.Th>Observer</Table.Th> : null}
                  <Table.Th>Semester</Table.Th>
                  <Table.Th>Starting</Table.Th>
                  <Table.Th>Ending</Table.Th>
                  <Table.Th>Progress</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Cycle</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.rows.map((o) => (
                  <ObservationRow key={o.id} obs={o} showFaculty={showFaculty} showObserver={showObserver} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" mt="sm">
            <Text size="sm" c="dimmed">{result.total} observation(s)</Text>
            {pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} size="sm" siblings={1} aria-label="Observation pages" /> : null}
          </Group>
        </>
      )}
    </Paper>
  );
}

interface RowProps {
  obs: ObservationListRow;
  showFaculty: boolean;
  showObserver: boolean;
}

const ObservationRow = memo(function ObservationRow({ obs, showFaculty, showObserver }: RowProps) {
  const navigate = useNavigate();
  const open = () => void navigate({ to: '/observations/detail-observation/$id', params: { id: obs.id } });
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      open();
    }
  };
  const course = obs.course ? `${obs.course.courseCode} ${obs.course.name}` : '—';
  return (
    <Table.Tr className="clickable-row" tabIndex={0} role="link" aria-label={`Open observation ${course} ${obs.faculty.name}`} onClick={open} onKeyDown={onKey} style={{ cursor: 'pointer' }}>
      <Table.Td data-label="Course">{course}</Table.Td>
      {showFaculty ? <Table.Td data-label="Faculty">{obs.faculty.name}</Table.Td> : null}
      {showObserver ? <Table.Td data-label="Observer">{obs.observer.name}</Table.Td> : null}
      <Table.Td data-label="Semester">{obs.semester}</Table.Td>
      <Table.Td data-label="Starting">{longDate(obs.starting)}</Table.Td>
      <Table.Td data-label="Ending">{longDate(obs.ending)}</Table.Td>
      <Table.Td data-label="Progress" miw={110}>
        <Group gap={6} wrap="nowrap">
          <Progress value={obs.observationProgress} size="md" w={70} aria-label={`Progress ${obs.observationProgress}%`} />
          <Text size="xs">{obs.observationProgress}%</Text>
        </Group>
      </Table.Td>
      <Table.Td data-label="Status">
        <Badge color={statusColor(obs.status)} variant="light" miw="max-content">{obs.status}</Badge>
      </Table.Td>
      <Table.Td data-label="Cycle">{stageText(obs)}</Table.Td>
    </Table.Tr>
  );
});
