import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.js';
import { useCurrentUser } from '../../../hooks/use-session.js';
import { CreateCourseForm } from '../../../features/courses/create-course-form.js';

export const Route = createFileRoute('/_app/courses/create-courses')({ component: Page });

function Page() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title="Create Courses" parent="Courses" />
      {user ? <CreateCourseForm user={user} /> : null}
    </>
  );
}
