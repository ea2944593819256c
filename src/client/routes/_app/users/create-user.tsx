import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.js';
import { useCurrentUser } from '../../../hooks/use-session.js';
import { CreateUserForm } from '../../../features/users/create-user-form.js';

export const Route = createFileRoute('/_app/users/create-user')({ component: Page });

function Page() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title="Create User" parent="Users" />
      {user ? <CreateUserForm creator={user} /> : null}
    </>
  );
}
