/**
 * The push loop got a 401: the queue is kept and waits. This dialog signs the same user in again and hands
 * the new token to the engine, which resumes sending. Nothing is cleared.
 */
import { Modal, Text } from '@mantine/core';
import { useQueueSummary } from '../../hooks/use-sync-status.js';
import { useSession } from '../../hooks/use-session.js';
import { renewSession } from '../../session/resume.js';
import { LoginForm } from '../auth/login-form.js';

export function SignInAgainDialog() {
  const session = useSession();
  const { unsynced } = useQueueSummary();
  if (!session) return null;
  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} title="Sign in again" centered>
      <Text size="sm" mb="md">
        Your session has expired. Sign in again to continue{unsynced > 0 ? ` — ${unsynced} change(s) are waiting to be sent and will be kept` : ''}.
      </Text>
      <LoginForm fixedEmail={session.email} submitLabel="Sign in" onSuccess={renewSession} onSignedIn={() => undefined} />
    </Modal>
  );
}
