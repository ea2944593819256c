/** The router instance. Routes are files under ./routes (TanStack router plugin generates route-tree.gen.ts). */
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './route-tree.gen.js';

export const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
