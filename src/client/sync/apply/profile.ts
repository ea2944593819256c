/** Optimistic applies of the user's own records: profile edits and opened notifications. */
import { ProfileUpdate } from '../../../shared/contract/users.js';
import { editRecord } from './edit-record.js';
import type { ApplyRegistry } from './types.js';

export const PROFILE_APPLY: ApplyRegistry = {
  'user.updateProfile': {
    apply(db, args) {
      // The same normalisation the server applies ("" → null), so the optimistic copy equals the server's.
      const changes = ProfileUpdate.parse(args.changes);
      const defined = Object.fromEntries(Object.entries(changes).filter(([k]) => k in args.changes));
      return editRecord(db, 'users', args.userId, (user) => Object.assign(user, defined));
    },
  },
  'user.avatar': {
    apply(db, args) {
      // The preview until the pulled user document carries the server's picture URL.
      return editRecord(db, 'users', args.userId, (user) => {
        user.avatar = args.preview;
      });
    },
  },
  'notification.open': {
    apply(db, args) {
      return editRecord(db, 'notifications', args.id, (n) => {
        n.open = true;
      });
    },
  },
  'notification.readAll': {
    apply(db, args) {
      // Set semantics: those up to `before` are opened; a later one (pulled meanwhile) stays unread.
      return db.notifications
        .where('userId')
        .equals(args.userId)
        .modify((n) => {
          if (!n.open && typeof n.createdAt === 'string' && Date.parse(n.createdAt) <= Date.parse(args.before)) n.open = true;
        })
        .then(() => undefined);
    },
  },
};
