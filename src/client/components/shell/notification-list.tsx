/**
 * The bell's dropdown body: Unread (default) / All with their counts, "Mark all as read", and the notifications
 * grouped by observation (course · faculty · semester), each with who acted and how long ago (the date and time
 * in a tooltip). Pure: no data access.
 */
import { Badge, Box, Button, Group, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Notification } from '../../../shared/contract/notifications.js';
import { filterNotifications, type NotificationFilter } from './notification-filter.js';
import { absoluteTime, relativeTime } from './relative-time.js';

export interface NotificationListProps {
  notifications: readonly Notification[];
  filter: NotificationFilter;
  onFilterChange: (f: NotificationFilter) => void;
  onOpen: (n: Notification) => void;
  /** Marks every notification up to `before` (the newest one's time) read. */
  onMarkAllRead?: (before: string) => void;
  /** Epoch ms the relative times count from (tests fix it). */
  now?: number;
}

export function NotificationList({ notifications, filter, onFilterChange, onOpen, onMarkAllRead, now = Date.now() }: NotificationListProps) {
  const { groups, items, unreadCount, allCount, newest } = filterNotifications(notifications, filter);
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
      {onMarkAllRead ? (
        <Group justify="flex-end">
          <Button size="compact-xs" variant="subtle" disabled={unreadCount === 0 || !newest} onClick={() => newest && onMarkAllRead(newest)}>
            Mark all as read
          </Button>
        </Group>
      ) : null}
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="sm">
          {filter === 'unread' ? 'No unread notifications' : 'No notifications'}
        </Text>
      ) : (
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none', maxHeight: 360, overflowY: 'auto' }}>
          {groups.map((g) => (
            <li key={g.key} data-testid="notification-group">
              {g.subject ? (
                <Text size="xs" fw={600} c="dimmed" px="xs" pt={6} truncate="end" title={g.subject}>
                  {g.subject}
                </Text>
              ) : null}
              {/* A labelled list per observation (a role="group" item is not allowed as a direct child of a list). */}
              <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={g.subject ?? 'General'}>
                {g.items.map((n) => (
                  <li key={n.id}>
                    <NotificationRow n={n} now={now} onOpen={onOpen} />
                  </li>
                ))}
              </Box>
            </li>
          ))}
        </Box>
      )}
    </Stack>
  );
}

function NotificationRow({ n, now, onOpen }: { n: Notification; now: number; onOpen: (n: Notification) => void }) {
  const when = relativeTime(n.createdAt, now);
  return (
    <UnstyledButton className="clickable-row" w="100%" p="xs" onClick={() => onOpen(n)} aria-label={`${n.title}${n.open ? '' : ' (unread)'}, ${when}`}>
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
      <Text size="xs" c="dimmed">
        {n.actorName ? `by ${n.actorName} · ` : ''}
        <time dateTime={n.createdAt} title={absoluteTime(n.createdAt)}>
          {when}
        </time>
      </Text>
    </UnstyledButton>
  );
}
