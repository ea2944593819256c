// @vitest-environment jsdom
/**
 * Dark theme (SPEC §3 darkTheme): follows the system until the user chooses; the header toggle switches it and the
 * choice is remembered on this device (localStorage) across reloads. Uses the app's own colour-scheme manager.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { theme } from '../../src/client/theme.js';
import { COLOR_SCHEME_KEY, colorSchemeManager, DEFAULT_COLOR_SCHEME } from '../../src/client/color-scheme.js';
import { ThemeToggle } from '../../src/client/components/shell/theme-toggle.js';

const original = window.matchMedia;

/** A system that prefers `scheme`. */
function systemPrefers(scheme: 'light' | 'dark') {
  window.matchMedia = ((query: string) => ({
    matches: query.includes('prefers-color-scheme: dark') ? scheme === 'dark' : false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

function mountApp() {
  return render(
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme={DEFAULT_COLOR_SCHEME}>
      <ThemeToggle />
    </MantineProvider>,
  );
}

const shownScheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');
const toggle = () => screen.getByRole('button', { name: 'Dark theme' });

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  window.matchMedia = original;
});

describe('theme toggle', () => {
  it('follows a dark system by default, and a press to light is remembered across a reload', () => {
    systemPrefers('dark');
    const first = mountApp();
    expect(shownScheme()).toBe('dark');
    expect(toggle().getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(toggle());
    expect(shownScheme()).toBe('light');
    expect(toggle().getAttribute('aria-pressed')).toBe('false');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('light');

    first.unmount();
    mountApp(); // a reload on the same device: the choice wins over the (still dark) system
    expect(shownScheme()).toBe('light');
  });

  it('follows a light system by default and switches to dark', () => {
    systemPrefers('light');
    mountApp();
    expect(shownScheme()).toBe('light');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBeNull();
    fireEvent.click(toggle());
    expect(shownScheme()).toBe('dark');
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
  });
});
