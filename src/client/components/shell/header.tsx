import { Burger, Group, Text } from '@mantine/core';
import { PRODUCT_NAME } from '../../../shared/constants.js';
import { SyncIndicator } from '../sync/sync-indicator.js';
import { FullscreenToggle } from './fullscreen-toggle.js';
import { ThemeToggle } from './theme-toggle.js';
import { HeaderNotifications, HeaderProfile } from './header-menus.js';

export interface ShellHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

/** SPEC §2 header: mobile sidebar toggle, sync status, light/dark theme, full screen, notifications, profile menu. */
export function ShellHeader({ navOpened, onToggleNav }: ShellHeaderProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle sidebar" />
        <Text fw={700} size="lg">
          {PRODUCT_NAME}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <SyncIndicator />
        <ThemeToggle />
        <FullscreenToggle />
        <HeaderNotifications />
        <HeaderProfile />
      </Group>
    </Group>
  );
}
