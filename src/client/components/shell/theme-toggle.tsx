import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { MoonIcon, SunIcon } from '../icons.js';

/**
 * Header switch between light and dark (SPEC §3 darkTheme). Until the user presses it the app follows the system;
 * a press stores the opposite of what is shown now (per device, see color-scheme.ts). `aria-pressed` says whether
 * the dark theme is on.
 */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const shown = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const dark = shown === 'dark';
  const label = dark ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label="Dark theme"
      aria-pressed={dark}
      title={label}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </ActionIcon>
  );
}
