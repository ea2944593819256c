/** Mutations of the user's own records: profile and notifications. */
import { z } from 'zod';
import { ReadAllRequest } from '../../contract/notifications.js';
import { ProfileUpdate } from '../../contract/users.js';
import { def } from './def.js';
import { TEXT_MAX } from '../../constants.js';
import { text } from '../../contract/text.js';

const ProfileArgs = z.object({ userId: text(TEXT_MAX.id), changes: ProfileUpdate });
/**
 * The profile picture (blob lane: sent once its tus upload finished; the engine puts `/api/files/<id>` into
 * `fileURL`). `preview` is a small data URL of the resized picture, shown at once (offline too) by the
 * optimistic apply; it is never sent.
 */
const AvatarArgs = z.object({
  userId: text(TEXT_MAX.id),
  preview: z.string().startsWith('data:image/').max(1_000_000),
  fileURL: text(TEXT_MAX.url).optional(),
});
const NotificationArgs = z.object({ id: text(TEXT_MAX.id) });
/** `before`: the newest notification's time the user saw when pressing "Mark all as read". */
const ReadAllArgs = z.object({ userId: text(TEXT_MAX.id), before: ReadAllRequest.shape.before.unwrap() });

export const PROFILE_MUTATIONS = {
  'user.updateProfile': def({
    args: ProfileArgs as unknown as z.ZodType<{ userId: string; changes: z.input<typeof ProfileUpdate> }>,
    method: 'PUT',
    path: (a) => `/user/update/${a.userId}`,
    body: (a) => a.changes,
    entity: (a) => ({ entity: 'users', id: a.userId }),
    describe: () => 'Profile update',
  }),
  'user.avatar': def({
    args: AvatarArgs,
    method: 'PUT',
    path: () => '/user/avatar',
    body: (a) => ({ fileURL: a.fileURL }),
    entity: (a) => ({ entity: 'users', id: a.userId }),
    describe: () => 'Profile picture',
    lane: 'blob',
  }),
  'notification.open': def({
    args: NotificationArgs,
    method: 'PUT',
    path: (a) => `/notifications/${a.id}/open`,
    body: () => ({}),
    entity: (a) => ({ entity: 'notifications', id: a.id }),
    describe: () => 'Mark notification opened',
  }),
  'notification.readAll': def({
    args: ReadAllArgs,
    method: 'PUT',
    path: () => '/notifications/read-all',
    body: (a) => ({ before: a.before }),
    entity: (a) => ({ entity: 'notifications', id: a.userId }),
    describe: () => 'Mark all notifications read',
  }),
} as const;
