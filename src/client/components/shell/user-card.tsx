/** Sidebar top (SPEC §2): avatar (default image when none), name, role with spaces, department. */
import { Avatar, Stack, Text } from '@mantine/core';
import type { User } from '../../../shared/contract/users.js';
import { display } from '../../../shared/enums.js';
import defaultAvatar from '../../assets/default-avatar.svg';

export function UserCard({ user }: { user: Pick<User, 'name' | 'role' | 'avatar' | 'department'> }) {
  return (
    <Stack align="center" gap={4} py="md">
      <Avatar src={user.avatar || defaultAvatar} alt={`${user.name}'s avatar`} size={72} radius="xl" />
      <Text fw={600} ta="center">
        {user.name}
      </Text>
      <Text size="sm" c="dimmed" ta="center">
        {display(user.role)}
      </Text>
      {user.department ? (
        <Text size="xs" c="dimmed" ta="center">
          {user.department.name}
        </Text>
      ) : null}
    </Stack>
  );
}
