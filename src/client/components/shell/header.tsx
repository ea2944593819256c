import { Box, Burger, Group, Text } from '@mantine/core';
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
    // On a phone (390 px) everything must fit: smaller gaps, and full screen (little use there) is left out.
    // The controls never shrink; the product name gives way (truncated) when they need the room, e.g. a wider
    // "12 pending" chip or a font with wider glyphs than ours. Invariant: the header never scrolls sideways.
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '0 1 auto' }}>
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle sidebar" />
        <Text fw={700} size="lg" truncate="end" miw={0} title={PRODUCT_NAME}>
          {PRODUCT_NAME}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
        <SyncIndicator />
        <ThemeToggle />
        <Box visibleFrom="xs">
          <FullscreenToggle />
        </Box>
        <HeaderNotifications />
        <HeaderProfile />
      </Group>
    </Group>
  );
}
