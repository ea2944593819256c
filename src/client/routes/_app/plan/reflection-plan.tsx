import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.js';
import { useSession } from '../../../hooks/use-session.js';
import { PlanEditor } from '../../../features/plans/plan-editor.js';

export const Route = createFileRoute('/_app/plan/reflection-plan')({ component: Page });

function Page() {
  const session = useSession();
  return (
    <>
      <PageHeader title="Reflection Plan" parent="Academic Plan" />
      {session ? <PlanEditor type="Reflection" role={session.role} /> : null}
    </>
  );
}
