import type { Notification } from '../../../shared/contract/notifications.js';

export type NotificationFilter = 'unread' | 'all';

export interface NotificationGroup {
  /** The observation id, or the notification's own id for one about no observation. */
  key: string;
  /** The observation as people name it (course · faculty · semester), or null for general notifications. */
  subject: string | null;
  items: Notification[];
  /** `items` with repeats collapsed: one entry per run of the same title, newest first. */
  entries: NotificationEntry[];
  unread: number;
}

/** One row of the list: the newest of a run of same-titled notifications, and how many the run holds. */
export interface NotificationEntry {
  n: Notification;
  count: number;
  /** Ids of the run's unread notifications (opening the row opens them all). */
  unreadIds: string[];
}

/** "Needs you" (the observation waits for the viewer) before "For your information". */
export interface NotificationSection {
  key: 'needs' | 'fyi';
  title: string;
  groups: NotificationGroup[];
}

export interface FilteredNotifications {
  items: Notification[];
  /** `items` grouped by observation; groups ordered by their newest notification. */
  groups: NotificationGroup[];
  unreadCount: number;
  allCount: number;
  /** The newest notification's time: "Mark all as read" covers it and everything older. */
  newest: string | null;
  /** `groups` split into Needs you / For your information (only the sections that hold something). */
  sections: NotificationSection[];
}

const newestFirst = (a: Notification, b: Notification) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);

/**
 * Newest first; `unread` keeps the ones not yet opened (SPEC §2: Unread is the default filter). `needsYou` tells
 * which observations wait for the viewer now (src/shared/next-steps.ts); their groups come first.
 */
export function filterNotifications(all: readonly Notification[], filter: NotificationFilter, needsYou: (observationId: string) => boolean = () => false): FilteredNotifications {
  const sorted = [...all].sort(newestFirst);
  const unread = sorted.filter((n) => !n.open);
  const items = filter === 'unread' ? unread : sorted;
  const groups = groupByObservation(items);
  const needs = groups.filter((g) => g.items[0].observationId && needsYou(g.items[0].observationId));
  const fyi = groups.filter((g) => !needs.includes(g));
  const sections: NotificationSection[] = [];
  if (needs.length) sections.push({ key: 'needs', title: 'Needs you', groups: needs });
  if (fyi.length) sections.push({ key: 'fyi', title: 'For your information', groups: fyi });
  return { items, groups: [...needs, ...fyi], unreadCount: unread.length, allCount: sorted.length, newest: sorted[0]?.createdAt ?? null, sections };
}

/** Collapses runs of the same title (newest-first items): four "Rubric scores saved" are one row with a count. */
export function collapseRepeats(items: readonly Notification[]): NotificationEntry[] {
  const out: NotificationEntry[] = [];
  for (const n of items) {
    const last = out[out.length - 1];
    if (last && last.n.title === n.title) {
      last.count++;
      if (!n.open) last.unreadIds.push(n.id);
    } else {
      out.push({ n, count: 1, unreadIds: n.open ? [] : [n.id] });
    }
  }
  return out;
}

const words = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();

/**
 * The row's body: the message when it says more than the title; otherwise who acted and about what (a body
 * that repeats its title tells nothing).
 */
export function notificationBody(n: Notification): string {
  if (n.message && words(n.message) !== words(n.title)) return n.message;
  return [n.actorName, n.subject?.split(' · ')[0]].filter(Boolean).join(' · ');
}

/** Groups newest-first notifications by observation, keeping that order (a group sits where its newest one is). */
export function groupByObservation(items: readonly Notification[]): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  for (const n of items) {
    const key = n.observationId ?? n.id;
    let g = groups.get(key);
    if (!g) {
      g = { key, subject: n.observationId ? (n.subject ?? null) : null, items: [], entries: [], unread: 0 };
      groups.set(key, g);
    }
    g.items.push(n);
    if (!n.open) g.unread++;
  }
  for (const g of groups.values()) g.entries = collapseRepeats(g.items);
  return [...groups.values()];
}
