/**
 * The signed-in shell (SPEC §2): header, left sidebar, optional right panel (aside slot), page body with the
 * route fade, footer. Rendered by routes/_app.tsx for every signed-in page.
 *
 * Sizes: desktop (≥ 1200 px) has the 260 px sidebar and the 320 px chat panel; a tablet
 * (768–1199 px) gets a 72 px icon rail and the chat in a drawer (ChatMobileButton), so the rubric keeps ~900 px at
 * 1024 × 768; a phone gets the burger-opened sidebar. The footer scrolls with the page instead of being fixed, so
 * it never covers the last action of a page (Done, Submit).
 */
import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { useSession } from '../../hooks/use-session.js';
import { AsideSlotProvider, useAsideContent } from './aside-slot.js';
import { ShellFooter } from './footer.js';
import { ShellHeader } from './header.js';
import { PageTransition } from './page-transition.js';
import { RouteGuard } from './route-guard.js';
import { Sidebar } from './sidebar.js';
import { SignInAgain } from '../sync/sign-in-again.js';

// The rail's tooltips and group menus bring floating-ui: loaded only on tablet sizes, off the initial bundle.
const SidebarRail = lazy(() => import('./sidebar-rail.js').then((m) => ({ default: m.SidebarRail })));

/** The tablet range, where the sidebar is an icon rail (Mantine's sm up to lg). */
const TABLET_QUERY = '(min-width: 48em) and (max-width: 74.99em)';
/** Wide enough for the chat panel beside the page; below it observation pages offer the chat in a drawer. */
const DESKTOP_QUERY = '(min-width: 75em)';

function Layout() {
  const [navOpened, nav] = useDisclosure(false);
  const aside = useAsideContent();
  const session = useSession();
  const navigate = useNavigate();
  const rail = useMediaQuery(TABLET_QUERY, false, { getInitialValueInEffect: false });
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  // Below desktop the panel is not rendered at all (not just moved off-screen), so its form is not in the page twice.
  const withAside = aside !== null && desktop;

  // Session gone (logout in another tab, storage cleared): only the login screen remains.
  useEffect(() => {
    if (!session) void navigate({ to: '/login' });
  }, [session, navigate]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: { sm: 72, lg: 260 }, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      aside={{ width: 320, breakpoint: 'lg', collapsed: { mobile: true, desktop: !withAside } }}
      padding="md"
    >
      <AppShell.Header>
        <ShellHeader navOpened={navOpened} onToggleNav={nav.toggle} />
      </AppShell.Header>
      <AppShell.Navbar p={rail ? 4 : 'xs'} aria-label="Sidebar">
        {rail ? (
          <Suspense fallback={null}>
            <SidebarRail />
          </Suspense>
        ) : (
          <Sidebar onNavigate={nav.close} />
        )}
      </AppShell.Navbar>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <PageTransition>
            <RouteGuard>
              <Outlet />
            </RouteGuard>
          </PageTransition>
        </div>
        <footer style={{ paddingTop: 'var(--mantine-spacing-lg)' }}>
          <ShellFooter />
        </footer>
      </AppShell.Main>
      {withAside ? (
        <AppShell.Aside p="xs" aria-label="Conversation">
          {aside}
        </AppShell.Aside>
      ) : null}
      <SignInAgain />
    </AppShell>
  );
}

/** True while nothing has been rendered yet: index.html's static first screen is what the user sees. */
function firstScreenShowing(): boolean {
  return typeof document !== 'undefined' && document.getElementById('root')?.childElementCount === 0;
}

/**
 * On a page load the router mounts this layout in a blocking render (its state is an external store, which
 * React renders synchronously), so the shell and the page under it (a few thousand Mantine elements) would be
 * built in one long task on a slow phone. While index.html's static first screen is still up, the layout renders
 * nothing on that pass and builds the shell in a transition right after: React builds it in slices of a few
 * milliseconds, yielding to input in between, and the static screen stays until the shell commits (it hides
 * itself once #root has content). After a sign-in the login page is on screen instead, and the shell mounts at
 * once.
 */
export function AppLayout() {
  const [mounted, setMounted] = useState(() => !firstScreenShowing());
  // Once the router has settled (the page's route chunk loaded): a router state change in the middle of the
  // transition would make React redo the whole transition synchronously, which is what this avoids.
  const settled = useRouterState({ select: (s) => s.status === 'idle' && !s.isLoading });
  useEffect(() => {
    if (mounted) return;
    if (settled) {
      startTransition(() => setMounted(true));
      return;
    }
    // Never wait on the router for long: a route that stays loading still gets its shell.
    const t = setTimeout(() => startTransition(() => setMounted(true)), 1_000);
    return () => clearTimeout(t);
  }, [mounted, settled]);
  if (!mounted) return null;
  return (
    <AsideSlotProvider>
      <Layout />
    </AsideSlotProvider>
  );
}
