/**
 * The user table with paging (SPEC §2, §9): 10 rows a page, Mantine Pagination with one sibling and one
 * boundary (at most five page buttons plus dots). 'No Users!' when empty; a loader while the replica loads.
 */
import { useEffect, useState } from 'react';
import { Card, Center, Group, Loader, Pagination, Table, Text } from '@mantine/core';
import { USER_PAGE_SIZE } from '../../../shared/constants.js';
import type { User } from '../../../shared/contract/users.js';
import { display } from '../../../shared/enums.js';
import { MSG } from '../../../shared/messages.js';
import { pageOf } from './visible-users.js';
import { mayManage, UserActions } from './user-actions.js';

/** `viewer`: when given, a Status column and the offboarding actions for the users the viewer may manage. */
export function UserTable({ users, label, viewer }: { users: User[] | undefined; label: string; viewer?: User }) {
  const [page, setPage] = useState(1);
  const count = users?.length ?? 0;
  useEffect(() => setPage(1), [label]);
  if (!users) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading users" />
      </Center>
    );
  }
  const current = pageOf(users, page, USER_PAGE_SIZE);
  return (
    <Card withBorder padding="lg">
      {count === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {MSG.noUsers}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer className="cards-on-phone" minWidth={640}>
            <Table striped highlightOnHover aria-label={label}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Campus</Table.Th>
                  <Table.Th>Department</Table.Th>
                  <Table.Th>Designation</Table.Th>
                  {viewer && <Table.Th>Status</Table.Th>}
                  {viewer && <Table.Th>Actions</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {current.rows.map((u) => (
                  <Table.Tr key={u.id}>
                    <Table.Td data-label="Name">{u.name}</Table.Td>
                    <Table.Td data-label="Email">{u.email}</Table.Td>
                    <Table.Td data-label="Role">{display(u.role)}</Table.Td>
                    <Table.Td data-label="Campus">{display(u.campus)}</Table.Td>
                    <Table.Td data-label="Department">{u.department?.name ?? 'All departments'}</Table.Td>
                    <Table.Td data-label="Designation">{u.designation ?? ''}</Table.Td>
                    {viewer && <Table.Td data-label="Status">{u.deactivatedAt ? 'Deactivated' : 'Active'}</Table.Td>}
                    {viewer && <Table.Td data-label="Actions">{mayManage(viewer, u) ? <UserActions user={u} /> : null}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" mt="md" wrap="wrap">
            <Text size="sm" c="dimmed">
              {(current.page - 1) * USER_PAGE_SIZE + 1}–{Math.min(current.page * USER_PAGE_SIZE, count)} of {count}
            </Text>
            <Pagination
              total={current.pages}
              value={current.page}
              onChange={setPage}
              siblings={1}
              boundaries={1}
              aria-label="Pages"
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
              getControlProps={(c) => ({ 'aria-label': `${c} page` })}
            />
          </Group>
        </>
      )}
    </Card>
  );
}
