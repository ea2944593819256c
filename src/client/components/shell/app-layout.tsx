/**
 * The signed-in shell (SPEC §2): header, left sidebar, optional right panel (aside slot), page body with the
 * route fade, footer. Rendered by routes/_app.tsx for every signed-in page.
 */
import { useEffect } from 'react';
import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useNavigate } from '@tanstack/react-router';
import { useSession } from '../../hooks/use-session.js';
import { AsideSlotProvider, useAsideContent } from './aside-slot.js';
import { ShellFooter } from './footer.js';
import { ShellHeader } from './header.js';
import { PageTransition } from './page-transition.js';
import { RouteGuard } from './route-guard.js';
import { Sidebar } from './sidebar.js';
import { SignInAgain } from '../sync/sign-in-again.js';

function Layout() {
  const [navOpened, nav] = useDisclosure(false);
  const aside = useAsideContent();
  const session = useSession();
  const navigate = useNavigate();

  // Session gone (logout in another tab, storage cleared): only the login screen remains.
  useEffect(() => {
    if (!session) void navigate({ to: '/login' });
  }, [session, navigate]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      aside={{ width: 320, breakpoint: 'md', collapsed: { mobile: true, desktop: aside === null } }}
      footer={{ height: 36 }}
      padding="md"
    >
      <AppShell.Header>
        <ShellHeader navOpened={navOpened} onToggleNav={nav.toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label="Sidebar">
        <Sidebar onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <PageTransition>
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        </PageTransition>
      </AppShell.Main>
      {aside !== null ? (
        <AppShell.Aside p="xs" aria-label="Conversation">
          {aside}
        </AppShell.Aside>
      ) : null}
      <AppShell.Footer p={8}>
        <ShellFooter />
      </AppShell.Footer>
      <SignInAgain />
    </AppShell>
  );
}

export function AppLayout() {
  return (
    <AsideSlotProvider>
      <Layout />
    </AsideSlotProvider>
  );
}
