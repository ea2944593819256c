/** Optimistic applies of the user's own records: profile edits and opened notifications. */
import { ProfileUpdate } from '../../../shared/contract/users.js';
import type { ApplyRegistry } from './types.js';

export const PROFILE_APPLY: ApplyRegistry = {
  'user.updateProfile': {
    async apply(db, args) {
      // The same normalisation the server applies ("" → null), so the optimistic copy equals the server's.
      const changes = ProfileUpdate.parse(args.changes);
      const defined = Object.fromEntries(Object.entries(changes).filter(([k]) => k in args.changes));
      // get + put rather than update(): Dexie's update is a cursor modify, twice the IndexedDB work.
      const current = await db.users.get(args.userId);
      if (current) await db.users.put({ ...current, ...defined });
    },
  },
  'notification.open': {
    async apply(db, args) {
      await db.notifications.update(args.id, { open: true });
    },
  },
};
