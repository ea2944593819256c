/** Entry point: Mantine (theme; toasts from components/toast-host.tsx, loaded lazily) around the router; the sync engine resumes a stored session. */
import './styles.js';
import { lazy, StrictMode, Suspense, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from '@tanstack/react-router';
import { cssVariablesResolver, theme } from './theme.js';
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from './color-scheme.js';
import { router } from './router.js';
import { resumeSession } from './session/resume.js';

const ToastHost = lazy(() => import('./components/toast-host.js'));

resumeSession();

const root = document.getElementById('root');
if (!root) throw new Error('#root missing from index.html');

// The first render is a transition: React builds it in slices of a few milliseconds and yields in between, so
// the page (showing index.html's static first screen until the commit) stays responsive to input instead of
// being blocked for one long task.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme={DEFAULT_COLOR_SCHEME}>
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
        <RouterProvider router={router} />
      </MantineProvider>
    </StrictMode>,
  );
});
