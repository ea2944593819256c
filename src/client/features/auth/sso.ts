/**
 * The login page's side of single sign-on. The server's callback ends on /login with, in the URL's fragment, either
 * a one-time ticket (`sso-ticket`), a refusal (`sso-error`) or a notice (`sso-notice`: held for an Admin). The
 * fragment is removed at once (it never reaches a server, and must not stay in history); the ticket is traded for
 * the session — the very answer a password sign-in gets — and kept by the same beginSession, so the installed app
 * re-opens offline after either.
 */
import { useEffect, useState } from 'react';
import type { SignInMethods } from '../../../shared/contract/sso.js';
import { errorMessage } from '../../api/errors.js';
import { redeemSsoTicket, signInMethods } from '../../api/sso.js';
import { beginSession } from '../../session/resume.js';

export interface SsoMessage {
  kind: 'error' | 'notice';
  text: string;
}

/** Reads (once) and clears what the callback left in the fragment; trades a ticket for the session. */
export function useSsoReturn(onSignedIn: () => void): { message: SsoMessage | null; busy: boolean } {
  const [message, setMessage] = useState<SsoMessage | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
    const ticket = hash.get('sso-ticket');
    const error = hash.get('sso-error');
    const notice = hash.get('sso-notice');
    if (!ticket && !error && !notice) return;
    // Cleared before anything else: a second run of this effect (or a reload) finds nothing to trade again.
    history.replaceState(history.state, '', window.location.pathname + window.location.search);
    if (error) setMessage({ kind: 'error', text: error });
    if (notice) setMessage({ kind: 'notice', text: notice });
    if (!ticket) return;
    setBusy(true);
    redeemSsoTicket(ticket)
      .then(beginSession)
      .then(onSignedIn)
      .catch((err: unknown) => setMessage({ kind: 'error', text: errorMessage(err) }))
      .finally(() => setBusy(false));
    // Once, on arrival (onSignedIn is the page's navigation to the app).
  }, []);
  return { message, busy };
}

/** Until the server has said (or when it cannot be reached: offline), the password form alone, as always. */
const PASSWORD_ONLY: SignInMethods = { sso: null, passwordSignIn: true };

export function useSignInMethods(): SignInMethods {
  const [methods, setMethods] = useState<SignInMethods>(PASSWORD_ONLY);
  useEffect(() => {
    let live = true;
    signInMethods()
      .then((m) => live && m && typeof m.passwordSignIn === 'boolean' && setMethods(m))
      .catch(() => {
        // Offline or an older server: the password form, as before single sign-on existed.
      });
    return () => {
      live = false;
    };
  }, []);
  return methods;
}
