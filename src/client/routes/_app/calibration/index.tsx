import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.js';
import { SessionList } from '../../../features/calibration/session-list.js';
import { useRequiredSession } from '../../../hooks/use-session.js';
import { can } from '../../../../shared/permissions.js';

export const Route = createFileRoute('/_app/calibration/')({ component: Page });

function Page() {
  const session = useRequiredSession();
  return (
    <>
      <PageHeader title="Calibration" />
      <SessionList organises={can(session.role, 'calibration.organise')} />
    </>
  );
}
