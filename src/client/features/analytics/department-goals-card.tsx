/**
 * The department's growth goals by rubric item (GET /api/analytics/goals): how many goals work on each item and
 * where they stand by their latest review — where the department's teaching development is going. Summative
 * observations only (a formative cycle's goals are the faculty member's). Computed by the server; needs a
 * connection.
 */
import { useEffect, useState } from 'react';
import { Alert, Card, Loader, Table, Text, Title } from '@mantine/core';
import { DepartmentGoals } from '../../../shared/contract/growth-goals.js';
import { request } from '../../api/http.js';
import { errorMessage } from '../../api/errors.js';

type State = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: DepartmentGoals };

export function DepartmentGoalsCard({ departmentId }: { departmentId: number }) {
  const [s, setS] = useState<State>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    setS({ state: 'loading' });
    request<unknown>('GET', `/analytics/goals?departmentId=${departmentId}`)
      .then((body) => live && setS({ state: 'ready', data: DepartmentGoals.parse(body) }))
      .catch((err: unknown) => live && setS({ state: 'error', message: errorMessage(err, 'Growth goals are counted by the server: connect to see them.') }));
    return () => {
      live = false;
    };
  }, [departmentId]);
  const rows = s.state === 'ready' ? s.data.items.filter((i) => i.goals > 0) : [];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="dept-goals-title">
      <Title order={2} size="h4" id="dept-goals-title" mb="xs">Growth goals by rubric item</Title>
      <Text size="sm" c="dimmed" mb="sm">Goals agreed at post-observation meetings, by their latest review. Formative observations are not counted.</Text>
      {s.state === 'loading' ? <Loader size="sm" role="status" aria-label="Loading growth goals" /> : null}
      {s.state === 'error' ? <Alert color="gray" role="alert">{s.message}</Alert> : null}
      {s.state === 'ready' && rows.length === 0 ? <Text c="dimmed">No growth goals agreed yet.</Text> : null}
      {rows.length ? (
        <Table.ScrollContainer minWidth={480} type="native" tabIndex={0} role="region" aria-label="Growth goals by rubric item">
          <Table striped aria-labelledby="dept-goals-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Item</Table.Th>
                <Table.Th ta="right">Goals</Table.Th>
                <Table.Th ta="right">Met</Table.Th>
                <Table.Th ta="right">Partly</Table.Th>
                <Table.Th ta="right">Not yet</Table.Th>
                <Table.Th ta="right">Not reviewed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((i) => (
                <Table.Tr key={i.rubricItemId} data-testid={`goals-${i.code}`}>
                  <Table.Td>{i.code} {i.title}</Table.Td>
                  <Table.Td ta="right">{i.goals}</Table.Td>
                  <Table.Td ta="right">{i.met}</Table.Td>
                  <Table.Td ta="right">{i.partly}</Table.Td>
                  <Table.Td ta="right">{i.notYet}</Table.Td>
                  <Table.Td ta="right">{i.open}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Card>
  );
}
