/** The bell's dropdown body: Unread (default) / All with their counts, and the list. Pure: no data access. */
import { Badge, Box, Group, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Notification } from '../../../shared/contract/notifications.js';
import { filterNotifications, type NotificationFilter } from './notification-filter.js';

export interface NotificationListProps {
  notifications: readonly Notification[];
  filter: NotificationFilter;
  onFilterChange: (f: NotificationFilter) => void;
  onOpen: (n: Notification) => void;
}

export function NotificationList({ notifications, filter, onFilterChange, onOpen }: NotificationListProps) {
  const { items, unreadCount, allCount } = filterNotifications(notifications, filter);
  return (
    <Stack gap="xs">
      <SegmentedControl
        fullWidth
        size="xs"
        value={filter}
        onChange={(v) => onFilterChange(v as NotificationFilter)}
        aria-label="Notification filter"
        data={[
          { value: 'unread', label: `Unread (${unreadCount})` },
          { value: 'all', label: `All (${allCount})` },
        ]}
      />
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="sm">
          {filter === 'unread' ? 'No unread notifications' : 'No notifications'}
        </Text>
      ) : (
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none', maxHeight: 360, overflowY: 'auto' }}>
          {items.map((n) => (
            <li key={n.id}>
              <UnstyledButton
                className="clickable-row"
                w="100%"
                p="xs"
                onClick={() => onOpen(n)}
                aria-label={`${n.title}${n.open ? '' : ' (unread)'}`}
              >
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" fw={n.open ? 400 : 700}>
                    {n.title}
                  </Text>
                  {!n.open ? (
                    <Badge size="xs" variant="dot">
                      new
                    </Badge>
                  ) : null}
                </Group>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {n.message}
                </Text>
              </UnstyledButton>
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}
