/** Header profile menu (SPEC §2): Profile and Logout. */
import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useCurrentUser } from '../../hooks/use-session.js';
import { useLogout } from '../../hooks/use-logout.js';
import defaultAvatar from '../../assets/default-avatar.svg';
import { LogoutWarning } from './logout-warning.js';

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
      <LogoutWarning count={warning} onWait={cancel} onSignOut={() => void confirmLogout()} />
    </>
  );
}
