/**
 * The dashboard's Observations table (SPEC §2): the latest observations with a 'View All Observations' button
 * to the list. The Faculty column is hidden for Faculty and the Observer column for Observers, as in the list.
 */
import { memo } from 'react';
import { Badge, Button, Card, Group, Progress, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Role } from '../../../shared/enums.js';
import { stageText } from '../../../shared/cycle.js';
import { MSG } from '../../../shared/messages.js';

export interface DashboardObservation {
  id: string;
  course: { courseCode: string; name: string } | null;
  faculty: { name: string } | null;
  observer: { name: string } | null;
  semester: string;
  status: string;
  createdAt: string;
  observationProgress?: number;
  cycleLabel?: string;
}

export const STATUS_BADGE: Record<string, string> = { Pending: 'yellow', Ongoing: 'blue', Completed: 'teal' };
/** Route of the observation list (owned by the observations UI; typed loosely so this compiles before it exists). */
const LIST = '/observations/list-observation' as '/';

/** Memoised: the dashboard re-renders on every live-query answer; rows that answer as before (useReplicaQuery, stableFields) render nothing. */
export const RecentObservations = memo(RecentObservationsView);

function RecentObservationsView({ rows, role, limit = 5 }: { rows: DashboardObservation[]; role: Role; limit?: number }) {
  const latest = [...rows].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1)).slice(0, limit);
  const showFaculty = role !== 'Faculty';
  const showObserver = role !== 'Observer';
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="recent-obs-title">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="recent-obs-title">
          Observations
        </Title>
        <Button component={Link} to={LIST} variant="light" size="xs">
          View All Observations
        </Button>
      </Group>
      {latest.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {MSG.noObservations}
        </Text>
      ) : (
        <Table.ScrollContainer className="cards-on-phone" minWidth={560}>
          <Table striped highlightOnHover aria-labelledby="recent-obs-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Course</Table.Th>
                {showFaculty ? <Table.Th>Faculty</Table.Th> : null}
                {showObserver ? <Table.Th>Observer</Table.Th> : null}
                <Table.Th>Semester</Table.Th>
                <Table.Th>Stage</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Progress</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {latest.map((o) => (
                <Table.Tr key={o.id}>
                  <Table.Td data-label="Course">{o.course ? `${o.course.courseCode} ${o.course.name}` : 'Course not chosen yet'}</Table.Td>
                  {showFaculty ? <Table.Td data-label="Faculty">{o.faculty?.name ?? ''}</Table.Td> : null}
                  {showObserver ? <Table.Td data-label="Observer">{o.observer?.name ?? ''}</Table.Td> : null}
                  <Table.Td data-label="Semester">{o.semester}</Table.Td>
                  <Table.Td data-label="Stage">{stageText({ status: o.status, observationProgress: o.observationProgress ?? 0, cycleLabel: o.cycleLabel ?? '' })}</Table.Td>
                  <Table.Td data-label="Status">
                    <Badge color={STATUS_BADGE[o.status] ?? 'gray'} variant="light">
                      {o.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td data-label="Progress" miw={90}>
                    <Progress value={o.observationProgress ?? 0} aria-label={`Progress ${o.observationProgress ?? 0}%`} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
