import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../components/page-header.js';
import { useSession } from '../../../hooks/use-session.js';
import { ResetPasswordForm } from '../../../features/profile/reset-password-form.js';

export const Route = createFileRoute('/_app/settings/reset-password')({ component: ResetPasswordPage });

function ResetPasswordPage() {
  const session = useSession();
  if (!session) return null;
  return (
    <>
      <PageHeader title="Reset Password" parent="Profile" />
      <ResetPasswordForm email={session.email} />
    </>
  );
}
