import { createFileRoute } from '@tanstack/react-router';
import { AcceptInvitationPage } from '../features/auth/accept-invitation-page.js';

export const Route = createFileRoute('/accept-invitation')({
  validateSearch: (search: Record<string, unknown>): { token: string } => ({ token: typeof search.token === 'string' ? search.token : '' }),
  component: function AcceptInvitationRoute() {
    const { token } = Route.useSearch();
    return <AcceptInvitationPage token={token} />;
  },
});
