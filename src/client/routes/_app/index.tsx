import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header.js';
import { useCurrentUser } from '../../hooks/use-session.js';
import { DashboardPage } from '../../features/dashboard/dashboard-page.js';

/** `/` — the dashboard (login lands here). Faculty's "Courses" menu entry also points here (SPEC §2). */
export const Route = createFileRoute('/_app/')({ component: Page });

function Page() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title="Dashboard" />
      {user ? <DashboardPage viewer={user} /> : null}
    </>
  );
}
