/**
 * /user/{id} (visibility rules, then the viewer's projection), /user/update/{id} (own profile only), PUT
 * /user/avatar (own profile picture from a finished tus upload) and GET /avatar/{key} (the picture; no token: see
 * services/users/avatar.ts).
 */
import type { FastifyInstance, preSerializationAsyncHookHandler } from 'fastify';
import { projectUser, userViewFor } from '../../shared/contract/user-projection.js';
import { bearerToken } from '../plugins/auth.js';
import { MSG } from '../../shared/messages.js';
import { forbidden, notFound } from '../http/errors.js';
import { afterCommit, idempotentWrite, ok } from '../http/idempotency.js';
import { AvatarRequest } from '../../shared/contract/users.js';
import { AVATAR_MIME, avatarFile, registerAvatar, removeAvatar } from '../services/users/avatar.js';
import { updateProfile } from '../services/users/update-profile.js';
import { observerPairedWith, userData } from '../services/users/user-data.js';
import { userDocumentForViewer } from '../services/users/user-document.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.get<{ Params: { id: string } }>('/user/:id', { preHandler: app.authenticate }, async (req) => {
    const { id } = req.params;
    if (!UUID.test(id)) throw notFound(MSG.notFound);
    const found = await userDocumentForViewer(deps.db, id, req.user);
    if (!found) throw notFound(MSG.notFound);
    if (!found.visible) throw forbidden(MSG.forbidden);
    const doc = found.doc;
    const view = userViewFor(req.user, doc);
    // SPEC §2/§7 Show Faculty Schedule: an observer paired with this faculty member sees their course slots (from
    // initiation on, before scheduling starts), and nothing else beyond the public fields.
    const paired = view === 'public' && (await observerPairedWith(deps.db, req.user, doc));
    return userData(deps.db, req.user, paired ? { ...projectUser(doc, view), courseSlots: doc.courseSlots } : projectUser(doc, view));
  });

  // SPEC §7: the answer is stored as the current user, so it carries the caller's working token. The token is
  // added on the way out, so it is never written into the Idempotency-Key store (the database holds only hashes).
  const withToken: preSerializationAsyncHookHandler = async (req, reply, payload) => {
    const token = bearerToken(req);
    if (reply.statusCode !== 200 || !token || !payload || typeof payload !== 'object' || (payload as { id?: unknown }).id !== req.user?.id) return payload;
    return { ...(payload as object), token };
  };

  app.put<{ Params: { id: string } }>('/user/update/:id', { preHandler: app.authenticate, preSerialization: withToken }, async (req, reply) => {
    if (req.params.id !== req.user.id) throw forbidden(MSG.forbidden);
    return idempotentWrite(req, reply, async (tx) => ok(await updateProfile(tx, req.user, req.params.id, req.body, deps.now())));
  });

  app.put('/user/avatar', { preHandler: app.authenticate }, async (req, reply) => {
    const body = AvatarRequest.parse(req.body ?? {});
    let replaced: string | null = null;
    const sent = await idempotentWrite(req, reply, async (tx) => {
      const r = await registerAvatar(tx, req.user, deps.storage, body);
      replaced = r.replaced;
      return ok({ message: MSG.avatarUpdated, avatar: r.avatar });
    });
    // Only after the commit: the old picture is no longer referenced (a replay or a failure leaves `replaced` null).
    await afterCommit(req, 'old avatar not removed', () => removeAvatar(deps.storage, replaced));
    return sent;
  });

  app.get<{ Params: { key: string } }>('/avatar/:key', async (req, reply) => {
    const found = await avatarFile(deps.storage, req.params.key);
    if (!found) throw notFound(MSG.notFound);
    return reply
      .header('content-type', AVATAR_MIME[found.kind])
      .header('content-length', found.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(await found.open());
  });
}
