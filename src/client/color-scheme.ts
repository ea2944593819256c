/**
 * SPEC §3 `darkTheme`, kept per device: the choice lives in this browser's localStorage (never synced, never on
 * the server: a tablet in a bright classroom and a phone at night want different themes). With no choice stored
 * the app follows the system (`auto`, prefers-color-scheme).
 */
import { localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core';

export const COLOR_SCHEME_KEY = 'observa-color-scheme';
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'auto';
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
