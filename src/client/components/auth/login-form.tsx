/**
 * The login form. Validation runs before anything is sent (SPEC §5): empty fields are caught by the required
 * inputs and `loginError`; a malformed email shows the info toast 'Enter Valid Email Address!'.
 */
import { useState, type FormEvent } from 'react';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { MSG } from '../../../shared/messages.js';
import { loginError } from '../../../shared/validation.js';
import { login } from '../../api/login.js';
import { toast } from '../toast.js';
import { beginSession } from '../../session/resume.js';
import { preloadSync } from '../../sync/index.js';

export interface LoginFormProps {
  onSignedIn: () => void;
  /** Injected for the sign-in-again dialog, which keeps the queue instead of starting a new session. */
  onSuccess?: (user: Awaited<ReturnType<typeof login>>) => Promise<void>;
  /** Fixed email (sign in again as the same user). */
  fixedEmail?: string;
  submitLabel?: string;
}

export function LoginForm({ onSignedIn, onSuccess, fixedEmail, submitLabel = 'Login' }: LoginFormProps) {
  const [email, setEmail] = useState(fixedEmail ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = loginError(email, password);
    if (problem) {
      if (problem === MSG.invalidLoginEmail) toast.info(problem);
      else toast.error(problem);
      return;
    }
    setBusy(true);
    try {
      const user = await login(email, password);
      if (onSuccess) await onSuccess(user);
      else await beginSession(user);
      onSignedIn();
    } catch (err) {
      toast.apiError(err, MSG.serverNotResponding);
    } finally {
      setBusy(false);
    }
  }

  return (
    // Someone about to sign in: load the sync engine while they type (not at first paint, which it would slow).
    <form onSubmit={submit} onFocus={preloadSync} noValidate aria-label="Login">
      <Stack>
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          placeholder="Only university addresses, e.g. name@university.edu"
          required
          value={email}
          readOnly={fixedEmail !== undefined}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
        />
        <Button type="submit" loading={busy} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
