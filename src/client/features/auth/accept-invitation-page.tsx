/**
 * /accept-invitation?token=… — the page a new user opens from the invitation email: they choose their own
 * password (twice), the server sets it once, and they go on to the login screen.
 * A problem is said at the field concerned (and the first such field gets focus); a link that was used or has
 * expired says so and who can send a new one.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Card, Center, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { PRODUCT_NAME } from '../../../shared/constants.js';
import { MSG } from '../../../shared/messages.js';
import { invitationPasswordError } from '../../../shared/validation.js';
import { acceptInvitation } from '../../api/accept-invitation.js';
import { errorMessage } from '../../api/errors.js';
import { toast } from '../../components/toast.js';

export function AcceptInvitationPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = invitationPasswordError(password, confirm);
    if (problem) {
      const onConfirm = problem === MSG.passwordsSame;
      setErrors(onConfirm ? { confirm: problem } : { password: problem });
      document.getElementById(onConfirm ? 'invite-confirm' : 'invite-password')?.focus();
      toast.error(problem);
      return;
    }
    setBusy(true);
    try {
      const res = await acceptInvitation({ token, password, confirmPassword: confirm });
      toast.success(res.message);
      await navigate({ to: '/login' });
    } catch (err) {
      setFailure(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center mih="100dvh" p="md" bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Card withBorder shadow="sm" padding="xl" w="100%" maw={440} component="main">
        <form noValidate onSubmit={submit} aria-label="Set your password">
        <Stack>
          <Title order={1} size="h2">{PRODUCT_NAME}</Title>
          <Text size="sm">Welcome! Choose the password you will sign in with (at least 8 characters).</Text>
          {!token ? <Alert color="red" role="alert">{MSG.invitationInvalid}</Alert> : null}
          {failure ? <Alert color="red" role="alert">{failure}</Alert> : null}
          <PasswordInput
            id="invite-password"
            label="New password"
            required
            autoComplete="new-password"
            value={password}
            error={errors.password}
            onChange={(e) => {
              setPassword(e.currentTarget.value);
              setErrors({});
            }}
          />
          <PasswordInput
            id="invite-confirm"
            label="Confirm new password"
            required
            autoComplete="new-password"
            value={confirm}
            error={errors.confirm}
            onChange={(e) => {
              setConfirm(e.currentTarget.value);
              setErrors({});
            }}
          />
          <Button type="submit" loading={busy} disabled={!token}>Set password</Button>
          <Anchor component={Link} to="/login" size="sm">Back to the login</Anchor>
        </Stack>
        </form>
      </Card>
    </Center>
  );
}
