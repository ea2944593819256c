/** The router instance. Routes are files under ./routes (TanStack router plugin generates route-tree.gen.ts). */
import { createRouter } from '@tanstack/react-router';
import { PAGE_NEEDS } from '../shared/permissions.js';
import { routeTree, type FileRoutesByFullPath } from './route-tree.gen.js';

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

// Compile-time check: every signed-in route of the route tree declares what it needs (a new route without an
// entry fails the typecheck instead of being open to every role by accident; the login and the invitation page
// are the public ones). Here, beside the tree, so that the
// route guard need not import the generated tree (which imports the routes, which import the guard).
type SignedInPath = Exclude<keyof FileRoutesByFullPath, '/login' | '/accept-invitation'>;
const everyRouteListed: Record<SignedInPath, unknown> = PAGE_NEEDS;
void everyRouteListed;
