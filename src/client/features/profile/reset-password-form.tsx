/**
 * /settings/reset-password (SPEC §2, §5). A direct call (not queued: the old password must be checked now).
 * Offline, the form says so and keeps what was typed.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { MSG } from '../../../shared/messages.js';
import { resetPasswordError } from '../../../shared/validation.js';
import { resetPassword } from '../../api/reset-password.js';
import { ApiError } from '../../api/errors.js';
import { toast } from '../../components/toast.js';

export const NEEDS_CONNECTION = 'Resetting your password needs a connection to the server. You are offline; your entries are kept — try again when you are back online.';

export function ResetPasswordForm({ email }: { email: string }) {
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [offline, setOffline] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = resetPasswordError(oldPassword, newPassword, confirm);
    if (problem) {
      toast.error(problem);
      return;
    }
    setBusy(true);
    setOffline(false);
    const id = toast.loading(MSG.passwordResetting);
    try {
      const message = await resetPassword({ email, oldPassword, newPassword });
      toast.done(id, message ?? MSG.passwordReset);
      setOld('');
      setNew('');
      setConfirm('');
    } catch (err) {
      if (err instanceof ApiError && err.isNetwork) {
        toast.hide(id);
        setOffline(true);
      } else {
        toast.fail(id, err instanceof ApiError ? err.message : MSG.somethingWrong);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card withBorder padding="lg" component="form" noValidate onSubmit={submit} aria-label="Reset password" maw={520}>
      <Stack>
        {offline ? (
          <Alert color="orange" title="No connection">
            {NEEDS_CONNECTION}
          </Alert>
        ) : null}
        <TextInput label="Email" value={email} readOnly variant="filled" autoComplete="username" />
        <PasswordInput label="Old Password" required autoComplete="current-password" value={oldPassword} onChange={(e) => setOld(e.currentTarget.value)} />
        <PasswordInput label="New Password" required autoComplete="new-password" value={newPassword} onChange={(e) => setNew(e.currentTarget.value)} />
        <PasswordInput label="Confirm Password" required autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Reset
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
