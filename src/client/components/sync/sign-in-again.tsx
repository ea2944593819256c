import { lazy, Suspense } from 'react';
import { useEngineStatus } from '../../hooks/use-sync-status.js';

const SignInAgainDialog = lazy(() => import('./sign-in-again-dialog.js').then((m) => ({ default: m.SignInAgainDialog })));

/** Shows the sign-in-again dialog (loaded on demand) while the engine reports a 401; the queue is kept. */
export function SignInAgain() {
  const { authRequired } = useEngineStatus();
  if (!authRequired) return null;
  return (
    <Suspense fallback={null}>
      <SignInAgainDialog />
    </Suspense>
  );
}
