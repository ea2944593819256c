/**
 * Session ↔ sync engine wiring, kept out of components so login, reload and sign-in-again do the same thing.
 */
import { requestPersistentStorage, setSessionToken, startSync } from '../sync/index.js';
import { getSession, useSessionStore, type SessionUser } from '../stores/session.js';

/** On page load: a stored session (possibly offline) hands its token to the engine and starts syncing. */
export function resumeSession(): void {
  const user = getSession();
  if (!user) return;
  void setSessionToken(user.token, user.id);
  startSync();
}

/** After a successful login: keep the session, start syncing, ask for persistent storage (DESIGN § Storage). */
export async function beginSession(user: SessionUser): Promise<void> {
  useSessionStore.getState().signIn(user);
  await setSessionToken(user.token, user.id);
  startSync();
  void requestPersistentStorage();
}

/** After a sign-in-again (401 from the push loop): a new token, the queue kept and resumed. */
export async function renewSession(user: SessionUser): Promise<void> {
  useSessionStore.getState().updateUser({ token: user.token });
  await setSessionToken(user.token, user.id);
  startSync();
}
