import { createFileRoute, redirect } from '@tanstack/react-router';
import { getSession } from '../stores/session.js';
import { AppLayout } from '../components/shell/app-layout.js';

/** Pathless layout: every signed-in page lives under it. Signed-out users only ever see /login (SPEC §2). */
export const Route = createFileRoute('/_app')({
  beforeLoad: () => {
    if (!getSession()) throw redirect({ to: '/login' });
  },
  component: AppLayout,
});
