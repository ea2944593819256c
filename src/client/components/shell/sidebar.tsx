import { Divider, ScrollArea } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { useCurrentUser } from '../../hooks/use-session.js';
import { SidebarMenu } from './sidebar-menu.js';
import { UserCard } from './user-card.js';

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const user = useCurrentUser();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (!user) return null;
  return (
    <ScrollArea type="auto" h="100%">
      <UserCard user={user} />
      <Divider mb="xs" />
      <SidebarMenu role={user.role} pathname={pathname} onNavigate={onNavigate} />
    </ScrollArea>
  );
}
