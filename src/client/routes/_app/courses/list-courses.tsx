import { Button } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.js';
import { useCurrentUser } from '../../../hooks/use-session.js';
import { can } from '../../../../shared/permissions.js';
import { CourseList } from '../../../features/courses/course-list.js';

export const Route = createFileRoute('/_app/courses/list-courses')({ component: Page });

function Page() {
  const user = useCurrentUser();
  const create =
    user && can(user.role, 'course.create') ? (
      <Button component={Link} to="/courses/create-courses">
        Create Course
      </Button>
    ) : null;
  return (
    <>
      <PageHeader title="Courses List" parent="Courses" actions={create} />
      <CourseList ownDepartments={user?.department ? [user.department.id] : []} role={user?.role} />
    </>
  );
}
