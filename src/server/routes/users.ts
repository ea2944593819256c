/**
 * /user/{id} (visibility rules, then the viewer's projection), /user/update/{id} (own profile only), PUT
 * /user/avatar (own profile picture from a finished tus upload), GET /avatar/{key} (the picture; no token: see
 * services/users/avatar.ts) and GET /user/{id}/open-observations (offboarding: services/users/reassign.ts).
 */
import { isUuid } from '../../shared/ids.js';
import type { FastifyInstance } from 'fastify';
import { projectUser, userViewFor } from '../../shared/contract/user-projection.js';
import { MSG } from '../../shared/messages.js';
import { forbidden, notFound } from '../services/errors.js';
import { AVATAR_MIME, avatarFile } from '../services/users/avatar.js';
import { observerPairedWith, userData } from '../services/users/user-data.js';
import { userDocumentForViewer } from '../services/users/user-document.js';
import { UserData } from '../../shared/contract/user-data.js';
import { routeSchema } from '../http/route-schema.js';
import { OpenObservationsResponse } from '../../shared/contract/offboarding.js';
import { openObservationsOf } from '../services/users/reassign.js';


export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.get<{ Params: { id: string } }>(
    '/user/:id',
    { preHandler: app.authenticate, schema: routeSchema('/user/:id', { tag: 'users', summary: 'User data: the user, their course slots and observations', who: 'yourself, or a user your role may see', response: UserData }) },
    async (req) => {
    const { id } = req.params;
    if (!isUuid(id)) throw notFound(MSG.notFound);
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


  // Offboarding: what a user observes and is not Completed, with the observers who could take it over.
  app.get<{ Params: { id: string } }>(
    '/user/:id/open-observations',
    { preHandler: app.authenticate, schema: routeSchema('/user/:id/open-observations', { tag: 'users', summary: 'The user’s open observations as observer, and the active observers of those departments', who: 'the roles that create users, for the users they may create (Head_of_Department: own department)', response: OpenObservationsResponse }) },
    async (req) => openObservationsOf(deps.db, req.user, req.params.id),
  );

  app.get<{ Params: { key: string } }>(
    '/avatar/:key',
    { schema: routeSchema('/avatar/:key', { tag: 'users', summary: 'A profile picture (unguessable URL from the user document; immutable)', who: 'anyone', produces: 'image/jpeg' }) },
    async (req, reply) => {
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
