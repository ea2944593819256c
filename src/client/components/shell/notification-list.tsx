/**
 * The bell's dropdown body: Unread (default) / All with their counts, "Mark all as read" beside them, and the
 * notifications in two sections — Needs you (observations waiting for the viewer) and For your information —
 * grouped by observation (course · faculty · semester), repeats collapsed with a count, each row with a body
 * that says more than its title, who acted and how long ago (the date and time in a tooltip). Pure: no data access.
 */
import { Badge, Box, Button, Group, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Notification } from '../../../shared/contract/notifications.js';
import { filterNotifications, notificationBody, type NotificationEntry, type NotificationFilter } from './notification-filter.js';
import { absoluteTime, relativeTime } from './relative-time.js';

export interface NotificationListProps {
  notifications: readonly Notification[];
  filter: NotificationFilter;
  onFilterChange: (f: NotificationFilter) => void;
  /** `alsoIds`: the other unread notifications of a collapsed row (opened with it). */
  onOpen: (n: Notification, alsoIds?: string[]) => void;
  /** Marks every notification up to `before` (the newest one's time) read. */
  onMarkAllRead?: (before: string) => void;
  /** Does this observation wait for the viewer now? Its notifications go under "Needs you". */
  needsYou?: (observationId: string) => boolean;
  /** Epoch ms the relative times count from (tests fix it). */
  now?: number;
}

export function NotificationList({ notifications, filter, onFilterChange, onOpen, onMarkAllRead, needsYou, now = Date.now() }: NotificationListProps) {
  const { items, sections, unreadCount, allCount, newest } = filterNotifications(notifications, filter, needsYou);
  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="nowrap" align="center">
        <SegmentedControl
          style={{ flex: 1 }}
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
          <Button size="xs" variant="light" style={{ flexShrink: 0 }} disabled={unreadCount === 0 || !newest} onClick={() => newest && onMarkAllRead(newest)}>
            Mark all as read
          </Button>
        ) : null}
      </Group>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="sm">
          {filter === 'unread' ? 'No unread notifications' : 'No notifications'}
        </Text>
      ) : (
        <Box style={{ maxHeight: 'min(420px, 60vh)', overflowY: 'auto' }}>
          {sections.map((sec) => (
            <Box key={sec.key} component="section" aria-labelledby={`notification-section-${sec.key}`} data-testid={`notification-section-${sec.key}`}>
              <Text id={`notification-section-${sec.key}`} size="xs" fw={700} tt="uppercase" px="xs" pt={4} c={sec.key === 'needs' ? 'blue.8' : 'dimmed'}>
                {sec.title}
              </Text>
              <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {sec.groups.map((g) => (
                  <li key={g.key} data-testid="notification-group">
                    {g.subject ? (
                      <Text size="xs" fw={600} c="dimmed" px="xs" pt={6} truncate="end" title={g.subject}>
                        {g.subject}
                      </Text>
                    ) : null}
                    {/* A labelled list per observation (a role="group" item is not allowed as a direct child of a list). */}
                    <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={g.subject ?? 'General'}>
                      {g.entries.map((e) => (
                        <li key={e.n.id}>
                          <NotificationRow entry={e} now={now} onOpen={onOpen} />
                        </li>
                      ))}
                    </Box>
                  </li>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}

function NotificationRow({ entry, now, onOpen }: { entry: NotificationEntry; now: number; onOpen: (n: Notification, alsoIds?: string[]) => void }) {
  const { n, count, unreadIds } = entry;
  const when = relativeTime(n.createdAt, now);
  const unread = unreadIds.length > 0;
  const times = count > 1 ? ` (${count} times)` : '';
  return (
    <UnstyledButton
      className="clickable-row"
      w="100%"
      p="xs"
      onClick={() => onOpen(n, unreadIds.filter((id) => id !== n.id))}
      aria-label={`${n.title}${times}${unread ? ' (unread)' : ''}, ${when}`}
    >
      <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
        <Text size="sm" fw={unread ? 700 : 400} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {n.title}
          {count > 1 ? (
            <Text span size="xs" c="dimmed" fw={500}>
              {' '}×{count}
            </Text>
          ) : null}
        </Text>
        {unread ? (
          <Badge size="xs" variant="dot" miw="max-content" style={{ flexShrink: 0, overflow: 'visible' }}>
            new
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {notificationBody(n)}
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
