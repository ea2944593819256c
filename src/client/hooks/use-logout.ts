/**
 * Logout (SPEC §4): info toast 'Logging out...', then after 2 s clear local storage, the replica and the session,
 * revoke the token (best effort) and go to /login.
 *
 * Invariant (DESIGN § Session offline): unsynced changes are never dropped silently — `requestLogout` asks first
 * when the outbox is not empty; only `confirmLogout` (the user's explicit choice) proceeds.
 */
import { useCallback, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { DELAY } from '../../shared/constants.js';
import { MSG } from '../../shared/messages.js';
import { logout } from '../api/logout.js';
import { toast } from '../components/toast.js';
import { notifyWorkerSignedOut } from '../features/pwa/index.js';
import { clearLocalData, getDb } from '../sync/index.js';
import { getSession, useSessionStore } from '../stores/session.js';

export interface LogoutControl {
  /** Number of unsynced changes when the warning is showing, else null. */
  warning: number | null;
  loggingOut: boolean;
  requestLogout: () => Promise<void>;
  confirmLogout: () => Promise<void>;
  cancel: () => void;
}

export function useLogout(): LogoutControl {
  const navigate = useNavigate();
  const [warning, setWarning] = useState<number | null>(null);
  const [loggingOut, setLoggingOut] = useState(false);

  const confirmLogout = useCallback(async () => {
    setWarning(null);
    setLoggingOut(true);
    toast.info(MSG.loggingOut);
    await new Promise((r) => setTimeout(r, DELAY.logout));
    const token = getSession()?.token;
    const revoke = token ? logout(token) : Promise.resolve(null);
    // Stops the engine, clears the replica + outbox + files and forgets the token.
    await clearLocalData();
    // The worker drops its cached artifact files: they belong to the account that signed out.
    notifyWorkerSignedOut();
    try {
      localStorage.clear();
    } catch {
      // Blocked storage: the session store below still forgets the user.
    }
    useSessionStore.getState().signOut();
    const endSessionUrl = await revoke;
    setLoggingOut(false);
    // Signed in through the identity provider: end that session too (it comes back to /login).
    if (endSessionUrl) window.location.assign(endSessionUrl);
    else await navigate({ to: '/login' });
  }, [navigate]);

  const requestLogout = useCallback(async () => {
    const unsynced = await getDb().outbox.count();
    if (unsynced > 0) setWarning(unsynced);
    else await confirmLogout();
  }, [confirmLogout]);

  return { warning, loggingOut, requestLogout, confirmLogout, cancel: () => setWarning(null) };
}
