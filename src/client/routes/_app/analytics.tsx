import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../components/page-header.js';
import { AnalyticsPage } from '../../features/analytics/analytics-page.js';
import { useDepartments } from '../../hooks/use-departments.js';
import { useCurrentUser } from '../../hooks/use-session.js';

export const Route = createFileRoute('/_app/analytics')({ component: Page });

function Page() {
  const user = useCurrentUser();
  const departments = useDepartments();
  return (
    <>
      <PageHeader title="Analytics" />
      {user ? <AnalyticsPage viewer={user} departments={departments} /> : null}
    </>
  );
}
