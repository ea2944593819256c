import { useEffect } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header.js';
import { useCurrentUser } from '../../hooks/use-session.js';
import { DashboardPage } from '../../features/dashboard/dashboard-page.js';
import { getDb } from '../../sync/index.js';

/** `/` — the dashboard (login lands here). Faculty's "Courses" menu entry also points here (SPEC §2). */
export const Route = createFileRoute('/_app/')({ component: Page });

/**
 * Once the dashboard is idle, reads the observation list's first page (and loads its query code), so "View All
 * Observations" opens with its rows instead of reading them after the click (observation-query.ts keeps it).
 */
function useListPageAhead(viewerId: string | undefined): void {
  useEffect(() => {
    if (!viewerId) return;
    const read = () =>
      void import('../../features/observations/observation-query.js')
        .then((q) => q.readObservationPage(getDb(), viewerId, q.NO_FILTERS, 1))
        .catch(() => undefined); // only a head start: the list reads the replica itself
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(read, { timeout: 5_000 });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(read, 500);
    return () => clearTimeout(timer);
  }, [viewerId]);
}

function Page() {
  const user = useCurrentUser();
  useListPageAhead(user?.id);
  return (
    <>
      <PageHeader title="Dashboard" />
      {user ? <DashboardPage viewer={user} /> : null}
    </>
  );
}
