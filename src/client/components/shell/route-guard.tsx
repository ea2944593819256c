/**
 * Renders the matched page only when the signed-in role may use it (PAGE_NEEDS in src/shared/permissions.ts);
 * otherwise a "Not available for your role" page with a way back, so nobody fills in a form the server would
 * refuse with a 403 only after a green toast. The server stays the authority: this only avoids offering it.
 */
import type { ReactNode } from 'react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useMatches } from '@tanstack/react-router';
import type { FileRoutesByFullPath } from '../../route-tree.gen.js';
import { display, type Role } from '../../../shared/enums.js';
import { mayOpenPage, PAGE_NEEDS } from '../../../shared/permissions.js';
import { useSession } from '../../hooks/use-session.js';

// Compile-time check: every signed-in route of the route tree declares what it needs (a new route without an
// entry fails the typecheck instead of being open to every role by accident).
// The login and the invitation page are the public ones.
type SignedInPath = Exclude<keyof FileRoutesByFullPath, '/login' | '/accept-invitation'>;
const everyRouteListed: Record<SignedInPath, unknown> = PAGE_NEEDS;
void everyRouteListed;

export function NotAvailable({ role }: { role: Role }) {
  return (
    <Stack align="center" p="xl" gap="xs" role="alert">
      <Title order={2}>Not available for your role</Title>
      <Text c="dimmed">This page is not part of what a {display(role)} can do.</Text>
      <Anchor component={Link} to="/dashboard">
        Back to the dashboard
      </Anchor>
    </Stack>
  );
}

export function RouteGuard({ children }: { children: ReactNode }) {
  const session = useSession();
  const fullPath = useMatches({ select: (matches) => matches[matches.length - 1]?.fullPath as string | undefined });
  if (session && fullPath !== undefined && !mayOpenPage(session.role, fullPath)) return <NotAvailable role={session.role} />;
  return children;
}
