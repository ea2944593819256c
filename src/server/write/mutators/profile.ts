/** The signed-in user's own changes: profile, picture, notifications read. */
import { Notification, ReadAllRequest, ReadAllResponse } from '../../../shared/contract/notifications.js';
import { AvatarRequest, AvatarResponse, ProfileUpdate, User } from '../../../shared/contract/users.js';
import { MSG } from '../../../shared/messages.js';
import { bearerToken } from '../../http/bearer-token.js';
import { forbidden } from '../../services/errors.js';
import { markAllRead, openNotification } from '../../services/notify.js';
import { registerAvatar, removeAvatar } from '../../services/users/avatar.js';
import { updateProfile } from '../../services/users/update-profile.js';
import { mutator, ok } from '../mutator.js';
import { idParam } from '../../http/params.js';

export const PROFILE_MUTATORS = [
  mutator({
    method: 'PUT',
    url: '/user/update/:id',
    doc: { tag: 'users', summary: 'Edit the own profile: the updated user with `token`', who: 'the user themselves', body: ProfileUpdate, response: User },
    names: ['user.updateProfile'],
    input: (req) => ({ id: req.params.id!, body: req.body }),
    run: async (ctx, { id, body }) => {
      if (id !== ctx.user.id) throw forbidden(MSG.forbidden);
      return ok(await updateProfile(ctx, ctx.user, id, body, ctx.now));
    },
    // SPEC §7: the answer is the current user with the caller's working token. Added on the way out, so the token
    // is never written into the Idempotency-Key store (the database holds only hashes).
    preSerialization: async (req, reply, payload) => {
      const token = bearerToken(req);
      if (reply.statusCode !== 200 || !token || !payload || typeof payload !== 'object' || (payload as { id?: unknown }).id !== req.user?.id) return payload;
      return { ...(payload as object), token };
    },
  }),
  mutator({
    method: 'PUT',
    url: '/user/avatar',
    doc: { tag: 'users', summary: 'Set the own profile picture from a finished tus upload (JPEG/PNG/WebP by content, ≤ 512 KB)', who: 'signed in', body: AvatarRequest, response: AvatarResponse },
    names: ['user.avatar'],
    input: (req) => AvatarRequest.parse(req.body ?? {}),
    run: async (ctx, body) => {
      const r = await registerAvatar(ctx, ctx.user, ctx.deps.storage, body);
      // Only after the commit: the old picture is no longer referenced.
      ctx.afterCommit('old avatar not removed', () => removeAvatar(ctx.deps.storage, r.replaced));
      return ok({ message: MSG.avatarUpdated, avatar: r.avatar });
    },
  }),
  mutator({
    method: 'PUT',
    url: '/notifications/:id/open',
    doc: { tag: 'notifications', summary: 'Mark a notification opened', who: 'its owner', response: Notification },
    names: ['notification.open'],
    input: (req) => idParam(req.params.id!),
    run: async (ctx, id) => ok(await openNotification(ctx.tx, ctx.user.id, id)),
  }),
  mutator({
    method: 'PUT',
    url: '/notifications/read-all',
    doc: { tag: 'notifications', summary: 'Mark the own notifications created up to `before` (default: all) opened', who: 'signed in', body: ReadAllRequest, response: ReadAllResponse },
    names: ['notification.readAll'],
    input: (req) => ReadAllRequest.parse(req.body ?? {}),
    run: async (ctx, body) => ok({ message: MSG.notificationsRead, opened: await markAllRead(ctx.tx, ctx.user.id, body.before ? new Date(body.before) : null) }),
  }),
];
