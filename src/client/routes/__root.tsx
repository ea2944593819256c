import { createRootRoute, Outlet } from '@tanstack/react-router';
import { NotFound } from '../components/not-found.js';
import { UpdatePrompt } from '../features/pwa/index.js';

/** Root: every page, plus the service worker's registration and its "New version available — Reload" prompt. */
export const Route = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <UpdatePrompt />
    </>
  ),
  notFoundComponent: NotFound,
});
