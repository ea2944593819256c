/**
 * Renders a screen inside a real TanStack router (memory history) and Mantine, for components that navigate
 * or render links. The router renders asynchronously: use `findBy…` first.
 */
import type { ReactNode } from 'react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { renderWithMantine } from '../render.js';

export function renderRouted(ui: () => ReactNode) {
  const rootRoute = createRootRoute({ component: () => <>{ui()}</> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  return { router, ...renderWithMantine(<RouterProvider router={router} />) };
}
