import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.js';
import { toast } from '../../../components/toast.js';
import { CreateSessionForm } from '../../../features/calibration/create-session-form.js';
import { useRequiredSession } from '../../../hooks/use-session.js';

export const Route = createFileRoute('/_app/calibration/create')({ component: Page });

function Page() {
  const session = useRequiredSession();
  const navigate = useNavigate();
  // A HOD's session is their department's; Admin and Super_Admin organise the institution's.
  const departmentId = session.role === 'Head_of_Department' ? (session.department?.id ?? null) : null;
  return (
    <>
      <PageHeader title="New calibration session" parent="Calibration" />
      <CreateSessionForm
        departmentId={departmentId}
        onCreated={(created) => {
          toast.success('The calibration session is created.');
          void navigate({ to: '/calibration/$sessionId', params: { sessionId: created.id } });
        }}
      />
    </>
  );
}
