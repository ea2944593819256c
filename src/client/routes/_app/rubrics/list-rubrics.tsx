import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.js';
import { RubricList } from '../../../features/rubrics/builder/rubric-list.js';
import { useDepartments } from '../../../hooks/use-departments.js';
import { useRequiredSession } from '../../../hooks/use-session.js';

export const Route = createFileRoute('/_app/rubrics/list-rubrics')({ component: Page });

function Page() {
  const session = useRequiredSession();
  const departments = useDepartments() ?? [];
  return (
    <>
      <PageHeader title="Rubrics" />
      <RubricList viewer={{ id: session.id, role: session.role, departmentId: session.department?.id ?? null }} departments={departments} />
    </>
  );
}
