import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.js';
import { DuePage } from '../../../features/calibration/due-page.js';
import { useDepartments } from '../../../hooks/use-departments.js';
import { useRequiredSession } from '../../../hooks/use-session.js';

export const Route = createFileRoute('/_app/calibration/due')({ component: Page });

function Page() {
  const session = useRequiredSession();
  const departments = useDepartments();
  return (
    <>
      <PageHeader title="Observer certification" parent="Calibration" />
      {departments ? <DuePage viewer={{ id: session.id, role: session.role, departmentId: session.department?.id ?? null }} departments={departments} /> : null}
    </>
  );
}
