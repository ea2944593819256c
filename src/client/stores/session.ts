/**
 * The session: the whole login response (SPEC §3 User with `token`), kept in localStorage under the key `user`
 * so a reload — or an offline start — stays signed in. The raw JSON is stored (not a zustand envelope) so the
 * key holds exactly the login response, as SPEC §3 says.
 *
 * Invariant: the store and localStorage always agree; only `signIn`, `updateUser` and `signOut` write them.
 */
import { create } from 'zustand';
import type { User } from '../../shared/contract/users.js';

export const SESSION_KEY = 'user';

/** The login response: the user plus the bearer token. */
export type SessionUser = User & { token: string };

function readStored(): SessionUser | null {
  try {
    const raw = globalThis.localStorage?.getItem(SESSION_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SessionUser> | null;
    // A half-written or foreign value is not a session: treat it as signed out.
    if (!value || typeof value.token !== 'string' || typeof value.id !== 'string' || typeof value.role !== 'string') {
      return null;
    }
    return value as SessionUser;
  } catch {
    return null;
  }
}

function writeStored(user: SessionUser | null): void {
  try {
    if (user) globalThis.localStorage?.setItem(SESSION_KEY, JSON.stringify(user));
    else globalThis.localStorage?.removeItem(SESSION_KEY);
  } catch {
    // Storage full or blocked: the in-memory session still works for this tab.
  }
}

interface SessionState {
  user: SessionUser | null;
  signIn: (user: SessionUser) => void;
  /** Replace the token after a sign-in-again, keeping everything else. */
  updateUser: (patch: Partial<SessionUser>) => void;
  signOut: () => void;
}

export const useSessionStore = create<SessionState>((set, get) => ({
  user: readStored(),
  signIn: (user) => {
    writeStored(user);
    set({ user });
  },
  updateUser: (patch) => {
    const current = get().user;
    if (!current) return;
    const next = { ...current, ...patch };
    writeStored(next);
    set({ user: next });
  },
  signOut: () => {
    writeStored(null);
    set({ user: null });
  },
}));

/** Non-React access (route guards, the http client). */
export function getSession(): SessionUser | null {
  return useSessionStore.getState().user;
}
