import { createFileRoute } from '@tanstack/react-router';
import { USER_SLUGS } from '../../../../shared/enums.js';
import { NotFound } from '../../../components/not-found.js';
import { PageHeader } from '../../../components/page-header.js';
import { useCurrentUser } from '../../../hooks/use-session.js';
import { UserList } from '../../../features/users/user-list.js';

/** /user/:slug — the user list of one role (SPEC §2); an unknown slug is a not-found page. */
export const Route = createFileRoute('/_app/user/$slug')({ component: Page });

const TITLES: Record<keyof typeof USER_SLUGS, string> = {
  'campus-directors': 'Campus Directors',
  'head-of-departments': 'Head of Departments',
  observers: 'Observers',
  faculty: 'Faculty',
};

function Page() {
  const { slug } = Route.useParams();
  const user = useCurrentUser();
  if (!Object.hasOwn(USER_SLUGS, slug)) return <NotFound />;
  const key = slug as keyof typeof USER_SLUGS;
  return (
    <>
      <PageHeader title={TITLES[key]} parent="Users" />
      {user ? <UserList viewer={user} role={USER_SLUGS[key]} label={TITLES[key]} /> : null}
    </>
  );
}
