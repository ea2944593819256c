/**
 * The header's two popups (notifications, profile) are built on Mantine's Popover/Menu, which bring
 * floating-ui along (~25 KB gzip). They are loaded right after the shell paints: until then the same buttons show,
 * inert, for the few milliseconds the chunk takes (from the service worker's precache when offline).
 */
import { lazy, Suspense } from 'react';
import { ActionIcon, Avatar } from '@mantine/core';
import { useCurrentUser } from '../../hooks/use-session.js';
import defaultAvatar from '../../assets/default-avatar.svg';
import { BellIcon } from '../icons.js';

const NotificationBellLazy = lazy(() => import('./notification-bell.js').then((m) => ({ default: m.NotificationBell })));
const ProfileMenuLazy = lazy(() => import('./profile-menu.js').then((m) => ({ default: m.ProfileMenu })));

function BellPlaceholder() {
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Notifications" data-loading>
      <BellIcon />
    </ActionIcon>
  );
}

function ProfilePlaceholder() {
  const user = useCurrentUser();
  if (!user) return null;
  // A stand-in while the profile menu loads: decorative (the real menu button carries the name).
  return <Avatar src={user.avatar || defaultAvatar} alt="" size={34} radius="xl" aria-hidden />;
}

export function HeaderNotifications() {
  return (
    <Suspense fallback={<BellPlaceholder />}>
      <NotificationBellLazy />
    </Suspense>
  );
}

export function HeaderProfile() {
  return (
    <Suspense fallback={<ProfilePlaceholder />}>
      <ProfileMenuLazy />
    </Suspense>
  );
}
