import type { Notification } from '../../../shared/contract/notifications.js';

export type NotificationFilter = 'unread' | 'all';

export interface NotificationGroup {
  /** The observation id, or the notification's own id for one about no observation. */
  key: string;
  /** The observation as people name it (course · faculty · semester), or null for general notifications. */
  subject: string | null;
  items: Notification[];
  unread: number;
}

export interface FilteredNotifications {
  items: Notification[];
  /** `items` grouped by observation; groups ordered by their newest notification. */
  groups: NotificationGroup[];
  unreadCount: number;
  allCount: number;
  /** The newest notification's time: "Mark all as read" covers it and everything older. */
  newest: string | null;
}

const newestFirst = (a: Notification, b: Notification) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);

/** Newest first; `unread` keeps the ones not yet opened (SPEC §2: Unread is the default filter). */
export function filterNotifications(all: readonly Notification[], filter: NotificationFilter): FilteredNotifications {
  const sorted = [...all].sort(newestFirst);
  const unread = sorted.filter((n) => !n.open);
  const items = filter === 'unread' ? unread : sorted;
  return { items, groups: groupByObservation(items), unreadCount: unread.length, allCount: sorted.length, newest: sorted[0]?.createdAt ?? null };
}

/** Groups newest-first notifications by observation, keeping that order (a group sits where its newest one is). */
export function groupByObservation(items: readonly Notification[]): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  for (const n of items) {
    const key = n.observationId ?? n.id;
    let g = groups.get(key);
    if (!g) {
      g = { key, subject: n.observationId ? (n.subject ?? null) : null, items: [], unread: 0 };
      groups.set(key, g);
    }
    g.items.push(n);
    if (!n.open) g.unread++;
  }
  return [...groups.values()];
}
