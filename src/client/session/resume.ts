/**
 * Session ↔ sync engine wiring, kept out of components so login, reload and sign-in-again do the same thing.
 */
import { getDb, requestPersistentStorage, setSessionToken, startSync } from '../sync/index.js';
import { META } from '../sync/meta.js';
import { getSession, useSessionStore, type SessionUser } from '../stores/session.js';
import { afterFirstScreen } from '../after-first-screen.js';

/**
 * On page load: a stored session (possibly offline) hands its token to the engine and starts syncing. A replica
 * that has synced before already holds what the first screen shows, so the engine (a dozen chunks, the zod
 * schemas of the protocol) loads once the first screen is up and the main thread is idle, at most two seconds
 * later; a replica that never finished a first pull (no cursor) has nothing to show yet, so it starts at once.
 */
export function resumeSession(): void {
  const user = getSession();
  if (!user) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // Signed out (or another user signed in) meanwhile: that path started or stopped the engine itself.
    if (getSession()?.id !== user.id) return;
    void setSessionToken(user.token, user.id);
    startSync();
  };
  getDb()
    .meta.get(META.cursor)
    .then((row) => {
      if (row?.value == null) start();
    })
    .catch(start);
  afterFirstScreen(start);
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
