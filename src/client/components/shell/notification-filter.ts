import type { Notification } from '../../../shared/contract/notifications.js';

export type NotificationFilter = 'unread' | 'all';

export interface FilteredNotifications {
  items: Notification[];
  unreadCount: number;
  allCount: number;
}

/** Newest first; `unread` keeps the ones not yet opened (SPEC §2: Unread is the default filter). */
export function filterNotifications(all: readonly Notification[], filter: NotificationFilter): FilteredNotifications {
  const sorted = [...all].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  const unread = sorted.filter((n) => !n.open);
  return { items: filter === 'unread' ? unread : sorted, unreadCount: unread.length, allCount: sorted.length };
}
