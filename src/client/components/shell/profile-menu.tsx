/** Header profile menu (SPEC §2): Profile and Logout. */
import { lazy, Suspense } from 'react';
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useCurrentUser } from '../../hooks/use-session.js';
import { useLogout } from '../../hooks/use-logout.js';
import defaultAvatar from '../../assets/default-avatar.svg';

// Only needed when signing out with unsynced changes: loaded then.
const LogoutWarning = lazy(() => import('./logout-warning.js').then((m) => ({ default: m.LogoutWarning })));

export function ProfileMenu() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { warning, loggingOut, requestLogout, confirmLogout, cancel } = useLogout();
  if (!user) return null;
  return (
    <>
      <Menu position="bottom-end" shadow="md" width={180}>
        <Menu.Target>
          <UnstyledButton aria-label="Profile menu" style={{ borderRadius: '50%' }}>
            <Avatar src={user.avatar || defaultAvatar} alt="" size={34} radius="xl" />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.name}</Menu.Label>
          <Menu.Item onClick={() => void navigate({ to: '/settings/profile' })}>Profile</Menu.Item>
          <Menu.Item color="red" disabled={loggingOut} onClick={() => void requestLogout()}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {warning !== null ? (
        <Suspense fallback={null}>
          <LogoutWarning count={warning} onWait={cancel} onSignOut={() => void confirmLogout()} />
        </Suspense>
      ) : null}
    </>
  );
}
