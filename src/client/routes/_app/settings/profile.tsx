import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.js';
import { useCurrentUser } from '../../../hooks/use-session.js';
import { ProfileView } from '../../../features/profile/profile-view.js';
import { DossierCard } from '../../../features/closing/dossier-card.js';

export const Route = createFileRoute('/_app/settings/profile')({ component: ProfilePage });

function ProfilePage() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title="Profile" />
      {user ? <ProfileView user={user} /> : null}
      {user?.role === 'Faculty' ? <DossierCard facultyId={user.id} /> : null}
    </>
  );
}
