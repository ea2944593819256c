// @vitest-environment jsdom
/** Toasts do not pile up: one toast per message on screen, and at most TOAST_LIMIT at once. */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { theme } from '../../src/client/theme.js';
import { toast, TOAST_LIMIT } from '../../src/client/components/toast.js';
import './render.js'; // jsdom stand-ins (matchMedia, ResizeObserver)

afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});

function mount() {
  render(
    <MantineProvider theme={theme}>
      <Notifications limit={TOAST_LIMIT} />
    </MantineProvider>,
  );
}

describe('toasts', () => {
  it('the same message shown three times is one toast', async () => {
    mount();
    act(() => {
      for (let i = 0; i < 3; i++) toast.error('No connection — the change is saved on this device.');
    });
    expect(await screen.findAllByText('No connection — the change is saved on this device.')).toHaveLength(1);
    // A different message still shows beside it.
    act(() => void toast.success('Saved'));
    expect(await screen.findByText('Saved')).toBeTruthy();
  });

  it(`shows at most ${TOAST_LIMIT} at once; the rest wait`, async () => {
    mount();
    act(() => {
      for (let i = 1; i <= TOAST_LIMIT + 2; i++) toast.info(`Message ${i}`);
    });
    await screen.findByText('Message 1');
    expect(screen.queryAllByText(/^Message \d$/)).toHaveLength(TOAST_LIMIT);
    expect(screen.queryByText(`Message ${TOAST_LIMIT + 1}`)).toBeNull();
  });
});
