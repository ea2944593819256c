import { Button } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.js';
import { useCurrentUser } from '../../../hooks/use-session.js';
import { can } from '../../../../shared/permissions.js';
import { UserList } from '../../../features/users/user-list.js';
import { PendingSsoRequests } from '../../../features/users/pending-sso-requests.js';

export const Route = createFileRoute('/_app/users/list-user')({ component: Page });

function Page() {
  const user = useCurrentUser();
  const create =
    user && can(user.role, 'user.create') ? (
      <Button component={Link} to="/users/create-user">
        Create User
      </Button>
    ) : null;
  return (
    <>
      <PageHeader title="Users" parent="Users" actions={create} />
      {user && can(user.role, 'sso.approve') ? <PendingSsoRequests viewer={user} /> : null}
      {user ? <UserList viewer={user} label="Users" /> : null}
    </>
  );
}
