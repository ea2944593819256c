import { Box, Divider } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { useCurrentUser } from '../../hooks/use-session.js';
import { SidebarMenu } from './sidebar-menu.js';
import { UserCard } from './user-card.js';

export function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const user = useCurrentUser();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  if (!user) return null;
  return (
    <Box h="100%" style={{ overflowY: 'auto' }}>
      <UserCard user={user} />
      <Divider mb="xs" />
      <SidebarMenu role={user.role} pathname={pathname} onNavigate={onNavigate} />
    </Box>
  );
}
