/** The newest users the viewer manages (full-menu roles and Heads of Department); 'No Users!' when none. */
import { memo } from 'react';
import { Card, Table, Text, Title } from '@mantine/core';
import { display } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';

export interface DashboardUser {
  id: string;
  name: string;
  email: string;
  role: string;
  department: { name: string } | null;
}

/** Memoised: the dashboard re-renders on every live-query answer; rows that answer as before (useReplicaQuery, stableFields) render nothing. */
export const RecentUsers = memo(RecentUsersView);

function RecentUsersView({ users, limit = 5 }: { users: DashboardUser[]; limit?: number }) {
  const shown = users.slice(0, limit);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="users-title">
      <Title order={2} size="h4" id="users-title" mb="sm">
        Users
      </Title>
      {shown.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {MSG.noUsers}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped aria-labelledby="users-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Department</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>{u.name}</Table.Td>
                  <Table.Td>{u.email}</Table.Td>
                  <Table.Td>{display(u.role)}</Table.Td>
                  <Table.Td>{u.department?.name ?? 'All departments'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
