import { createRootRoute, Outlet } from '@tanstack/react-router';
import { NotFound } from '../components/not-found.js';

export const Route = createRootRoute({
  component: () => <Outlet />,
  notFoundComponent: NotFound,
});
