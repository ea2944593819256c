import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.js';
import { useCurrentUser } from '../../../hooks/use-session.js';
import { EditProfileForm } from '../../../features/profile/edit-profile-form.js';

export const Route = createFileRoute('/_app/settings/edit-profile')({ component: EditProfilePage });

function EditProfilePage() {
  const user = useCurrentUser();
  return (
    <>
      <PageHeader title="Edit Profile" parent="Profile" />
      {/* Keyed by id: the form initialises from the user once. */}
      {user ? <EditProfileForm key={user.id} user={user} /> : null}
    </>
  );
}
