import type { ReactNode } from 'react';
import { useRouterState } from '@tanstack/react-router';

/** Re-mounts the page body on each route change so the 300 ms fade of app.css plays (off under reduced motion). */
export function PageTransition({ children }: { children: ReactNode }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <div key={pathname} className="page-fade">
      {children}
    </div>
  );
}
