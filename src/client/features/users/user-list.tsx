/** /users/list-user and /user/:slug: the visible users (optionally of one role) from the replica, paged. */
import { useMemo } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { User } from '../../../shared/contract/users.js';
import type { Role } from '../../../shared/enums.js';
import { getDb } from '../../sync/index.js';
import { UserTable } from './user-table.js';
import { visibleUsers } from './visible-users.js';

export function UserList({ viewer, role, label }: { viewer: User; role?: Role; label: string }) {
  const users = useLiveQuery(() => getDb().users.toArray() as unknown as Promise<User[]>, []);
  const rows = useMemo(() => (users ? visibleUsers(viewer, users, role) : undefined), [users, viewer, role]);
  return <UserTable users={rows} label={label} viewer={viewer} />;
}
