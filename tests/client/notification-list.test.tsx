// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithMantine } from './render.js';
import { NotificationList } from '../../src/client/components/shell/notification-list.js';
import { filterNotifications, type NotificationFilter } from '../../src/client/components/shell/notification-filter.js';
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

    fireEvent.click(screen.getByRole('button', { name: 'Title c (unread)' }));
    expect(opened).toEqual(['c']);
  });

  it('says so when nothing is unread', () => {
    renderWithMantine(<NotificationList notifications={[n('x', true, '2024-01-01')]} filter="unread" onFilterChange={() => undefined} onOpen={() => undefined} />);
    expect(screen.getByText('No unread notifications')).toBeTruthy();
    expect(screen.getByText('Unread (0)')).toBeTruthy();
  });
});
