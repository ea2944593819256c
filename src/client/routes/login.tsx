import { createFileRoute, redirect } from '@tanstack/react-router';
import { getSession } from '../stores/session.js';
import { LoginPage } from '../features/auth/login-page.js';

export const Route = createFileRoute('/login')({
  // A signed-in user never sees the login screen.
  beforeLoad: () => {
    if (getSession()) throw redirect({ to: '/' });
  },
  component: LoginPage,
});
