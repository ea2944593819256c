// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithMantine } from './render.js';
import { NotificationList } from '../../src/client/components/shell/notification-list.js';
import { filterNotifications, type NotificationFilter } from '../../src/client/components/shell/notification-filter.js';
import { relativeTime } from '../../src/client/components/shell/relative-time.js';
import type { Notification } from '../../src/shared/contract/notifications.js';

const n = (id: string, open: boolean, createdAt: string): Notification => ({
  id,
  userId: 'u1',
  title: `Title ${id}`,
  message: `Message ${id}`,
  route: `/observations/detail-observation/${id}`,
  open,
  createdAt,
});
const data = [n('a', false, '2024-01-01T00:00:00Z'), n('b', true, '2024-01-03T00:00:00Z'), n('c', false, '2024-01-02T00:00:00Z')];

afterEach(cleanup);

describe('notification filter', () => {
  it('counts unread and all, newest first', () => {
    const unread = filterNotifications(data, 'unread');
    expect(unread.unreadCount).toBe(2);
    expect(unread.allCount).toBe(3);
    expect(unread.items.map((x) => x.id)).toEqual(['c', 'a']);
    expect(filterNotifications(data, 'all').items.map((x) => x.id)).toEqual(['b', 'c', 'a']);
  });

  it('renders Unread by default with both counts, switches to All, and opens a clicked one', () => {
    const opened: string[] = [];
    function Harness() {
      const [filter, setFilter] = useState<NotificationFilter>('unread');
      return <NotificationList notifications={data} filter={filter} onFilterChange={setFilter} onOpen={(x) => opened.push(x.id)} />;
    }
    renderWithMantine(<Harness />);
    expect(screen.getByText('Unread (2)')).toBeTruthy();
    expect(screen.getByText('All (3)')).toBeTruthy();
    expect(screen.queryByText('Title b')).toBeNull();
    expect(screen.getByText('Title a')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('All (3)'));
    expect(screen.getByText('Title b')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Title c \(unread\), / }));
    expect(opened).toEqual(['c']);
  });

  it('says so when nothing is unread', () => {
    renderWithMantine(<NotificationList notifications={[n('x', true, '2024-01-01')]} filter="unread" onFilterChange={() => undefined} onOpen={() => undefined} />);
    expect(screen.getByText('No unread notifications')).toBeTruthy();
    expect(screen.getByText('Unread (0)')).toBeTruthy();
  });

  it('groups by observation, names who acted and how long ago (date in the tooltip), and marks all read', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    const obs = (id: string, observationId: string | null, open: boolean, createdAt: string, subject: string | null): Notification => ({
      ...n(id, open, createdAt),
      observationId,
      subject,
      actorName: observationId ? 'Olivia Brennan' : null,
    });
    const list = [
      obs('p1', 'o1', false, '2026-11-24T11:55:00Z', 'CSC-101 Intro · Fatima Rahman · Fall'),
      obs('q1', 'o2', false, '2026-11-24T09:00:00Z', 'MTH-201 Calculus · Felix Moreau · Fall'),
      obs('p2', 'o1', false, '2026-11-23T08:00:00Z', 'CSC-101 Intro · Fatima Rahman · Fall'),
      obs('g1', null, false, '2026-11-10T08:00:00Z', null),
    ];
    const marked: string[] = [];
    renderWithMantine(
      <NotificationList notifications={list} filter="unread" onFilterChange={() => undefined} onOpen={() => undefined} onMarkAllRead={(b) => marked.push(b)} now={now} />,
    );
    const groups = screen.getAllByTestId('notification-group');
    // Each group's list is labelled by its subject.
    expect(groups.map((g) => g.querySelector('ul')?.getAttribute('aria-label') ?? null)).toEqual(['CSC-101 Intro · Fatima Rahman · Fall', 'MTH-201 Calculus · Felix Moreau · Fall', 'General']);
    expect(groups[0].querySelectorAll('button')).toHaveLength(2);
    expect(screen.getByText('5 min ago').getAttribute('title')).toMatch(/2026/);
    expect(screen.getByText('3 h ago')).toBeTruthy();
    expect(screen.getByText('yesterday')).toBeTruthy();
    expect(screen.getAllByText(/by Olivia Brennan/)).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(marked).toEqual(['2026-11-24T11:55:00Z']);
  });

  it('puts observations waiting for the viewer under Needs you, collapses repeats with a count, and never repeats the title as the body', () => {
    const about = (id: string, observationId: string, title: string, message: string, createdAt: string): Notification => ({
      ...n(id, false, createdAt),
      title,
      message,
      observationId,
      subject: observationId === 'o1' ? 'PHY-220 Waves · Aisha Bello · Fall' : 'PHY-101 Mechanics · Leon Fischer · Fall',
      actorName: 'Aisha Bello',
    });
    const list = [
      about('s4', 'o2', 'Rubric scores saved', 'Rubric scores saved.', '2026-11-24T10:04:00Z'),
      about('s3', 'o2', 'Rubric scores saved', 'Rubric scores saved.', '2026-11-24T10:03:00Z'),
      about('s2', 'o2', 'Rubric scores saved', 'Rubric scores saved.', '2026-11-24T10:02:00Z'),
      about('s1', 'o2', 'Rubric scores saved', 'Rubric scores saved.', '2026-11-24T10:01:00Z'),
      about('t1', 'o1', 'Teaching plan submitted', 'Teaching plan submitted.', '2026-11-24T09:00:00Z'),
    ];
    const f = filterNotifications(list, 'unread', (id) => id === 'o1');
    expect(f.sections.map((s) => [s.title, s.groups.map((g) => g.key)])).toEqual([
      ['Needs you', ['o1']],
      ['For your information', ['o2']],
    ]);
    expect(f.sections[1].groups[0].entries).toEqual([expect.objectContaining({ count: 4, unreadIds: ['s4', 's3', 's2', 's1'] })]);
    const opened: [string, string[] | undefined][] = [];
    renderWithMantine(
      <NotificationList notifications={list} filter="unread" needsYou={(id) => id === 'o1'} onFilterChange={() => undefined} onOpen={(x, also) => opened.push([x.id, also])} onMarkAllRead={() => undefined} />,
    );
    expect(screen.getByText('Needs you')).toBeTruthy();
    expect(screen.getByText('For your information')).toBeTruthy();
    expect(screen.queryByText('Teaching plan submitted.')).toBeNull();
    expect(screen.getAllByText('Aisha Bello · PHY-220 Waves')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /^Rubric scores saved \(4 times\) \(unread\)/ }));
    expect(opened).toEqual([['s4', ['s3', 's2', 's1']]]);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeTruthy();
  });

  it('relative times read as people say them', () => {
    const now = Date.parse('2026-11-24T12:00:00Z');
    expect(relativeTime('2026-11-24T11:59:40Z', now)).toBe('just now');
    expect(relativeTime('2026-11-24T12:00:30Z', now)).toBe('just now');
    expect(relativeTime('2026-11-24T11:00:00Z', now)).toBe('1 h ago');
    expect(relativeTime('2026-11-20T12:00:00Z', now)).toBe('4 days ago');
    expect(relativeTime('2026-10-01T12:00:00Z', now)).toMatch(/Oct/);
    expect(relativeTime('2025-10-01T12:00:00Z', now)).toMatch(/2025/);
    expect(relativeTime('nonsense', now)).toBe('');
  });
});
