import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.js';
import { useCurrentUser } from '../../../hooks/use-session.js';
import { CreateUserForm } from '../../../features/users/create-user-form.js';
import { ImportCard } from '../../../features/users/import-card.js';

export const Route = createFileRoute('/_app/users/create-user')({ component: Page });

function Page() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title="Create User" parent="Users" />
      {user ? <CreateUserForm creator={user} /> : null}
      {user ? <ImportCard viewer={user} /> : null}
    </>
  );
}
