/**
 * The header bell (SPEC §2): unread badge; dropdown of notifications from the replica. Clicking one marks it
 * opened through the outbox (works offline) and opens its route (the stage it is about); "Mark all as read" goes
 * through the outbox too. Observations that wait for the viewer (src/shared/next-steps.ts) head the list.
 */
import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Indicator, Popover } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import type { Notification } from '../../../shared/contract/notifications.js';
import type { Observation } from '../../../shared/contract/observations.js';
import { localDay } from '../../../shared/class-dates.js';
import { cycleActions, isViewersAction } from '../../../shared/next-steps.js';
import { getDb, mutate } from '../../sync/index.js';
import { useSession } from '../../hooks/use-session.js';
import { BellIcon } from '../icons.js';
import { toast } from '../toast.js';
import type { NotificationFilter } from './notification-filter.js';

// The dropdown body is only needed once the bell is opened.
const NotificationList = lazy(() => import('./notification-list.js').then((m) => ({ default: m.NotificationList })));

export function NotificationBell() {
  const session = useSession();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [filter, setFilter] = useState<NotificationFilter>('unread');
  const userId = session?.id;
  const notifications = useLiveQuery(
    async () => (userId ? ((await getDb().notifications.where('userId').equals(userId).toArray()) as unknown as Notification[]) : []),
    [userId],
    [] as Notification[],
  );
  const unread = notifications.filter((n) => !n.open).length;
  // The observations that wait for the viewer now (read only while the dropdown is open).
  const waiting = useLiveQuery(
    async () => {
      if (!opened || !userId) return new Set<string>();
      const ids = [...new Set(notifications.map((n) => n.observationId).filter((id): id is string => !!id))];
      const docs = (await getDb().observations.bulkGet(ids)).filter((o) => o && o.grain !== 'summary' && o.meetings) as unknown as Observation[];
      const today = localDay(new Date());
      return new Set(docs.filter((o) => cycleActions(o, today).some((a) => isViewersAction(a, o, userId))).map((o) => o.id));
    },
    [opened, userId, notifications],
    new Set<string>(),
  );

  async function open(n: Notification, alsoIds: string[] = []) {
    setOpened(false);
    try {
      if (!n.open) await mutate('notification.open', { id: n.id });
      for (const id of alsoIds) await mutate('notification.open', { id });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    }
    if (n.route) void navigate({ to: n.route as '/' });
  }

  async function markAllRead(before: string) {
    if (!userId) return;
    try {
      await mutate('notification.readAll', { userId, before });
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err));
    }
  }

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Popover opened={opened} onChange={setOpened} width="min(400px, calc(100vw - 16px))" position="bottom-end" shadow="md" trapFocus withArrow>
      {/* The target is the button itself: Popover.Target adds aria-expanded, which a plain div (the Indicator) may not carry. */}
      <Indicator label={unread} size={16} disabled={unread === 0} offset={4} color="red">
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} onClick={() => setOpened((o) => !o)}>
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown>
        {opened ? (
          <Suspense fallback={null}>
            <NotificationList notifications={notifications} filter={filter} onFilterChange={setFilter} onOpen={(n, also) => void open(n, also)} needsYou={(id) => waiting.has(id)} onMarkAllRead={(before) => void markAllRead(before)} />
          </Suspense>
        ) : null}
      </Popover.Dropdown>
    </Popover>
  );
}
