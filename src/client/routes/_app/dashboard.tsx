import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header.js';
import { useCurrentUser } from '../../hooks/use-session.js';
import { DashboardPage } from '../../features/dashboard/dashboard-page.js';

export const Route = createFileRoute('/_app/dashboard')({ component: Page });

function Page() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title="Dashboard" />
      {user ? <DashboardPage viewer={user} /> : null}
    </>
  );
}
