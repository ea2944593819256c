import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.js';
import { useCurrentUser } from '../../../hooks/use-session.js';
import { AssignCoursesForm } from '../../../features/courses/assign-courses-form.js';

export const Route = createFileRoute('/_app/courses/assign-courses')({ component: Page });

function Page() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title="Assign Courses" parent="Courses" />
      {user ? <AssignCoursesForm user={user} /> : null}
    </>
  );
}
