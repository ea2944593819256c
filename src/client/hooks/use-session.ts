/**
 * The signed-in user for screens. `useSession()` is the stored login response; `useCurrentUser()` is the
 * user's live replica record (updated by pulls and by optimistic `mutate`s), falling back to the stored
 * session until the first pull lands.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { User } from '../../shared/contract/users.js';
import { getDb } from '../sync/index.js';
import { useSessionStore, type SessionUser } from '../stores/session.js';

export function useSession(): SessionUser | null {
  return useSessionStore((s) => s.user);
}

/** Like useSession, for pages under the `_app` layout where a session is guaranteed by the route guard. */
export function useRequiredSession(): SessionUser {
  const user = useSession();
  if (!user) throw new Error('useRequiredSession outside the signed-in layout');
  return user;
}

export function useCurrentUser(): User | null {
  const session = useSession();
  const id = session?.id;
  const replica = useLiveQuery(async () => (id ? ((await getDb().users.get(id)) as User | undefined) : undefined), [id]);
  if (!session) return null;
  // The replica copy never carries the token; the session keeps it.
  return replica ? { ...session, ...replica } : session;
}
