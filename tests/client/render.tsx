/**
 * DOM test helper: jsdom lacks matchMedia, ResizeObserver and document.fonts (Mantine uses them: the autosize
 * textarea listens for fonts loading), so small stand-ins are installed;
 * `renderWithMantine` wraps the UI in the real MantineProvider + Notifications (toasts land in the DOM).
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { theme } from '../../src/client/theme.js';

if (typeof window !== 'undefined') {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  window.HTMLElement.prototype.scrollIntoView ??= () => undefined;
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() } });
  }
}

export function renderWithMantine(ui: ReactNode) {
  return render(
    <MantineProvider theme={theme}>
      <Notifications position="top-center" />
      {ui}
    </MantineProvider>,
  );
}
