/** /user/{id} (visibility rules, then the viewer's projection) and /user/update/{id} (own profile only). */
import type { FastifyInstance } from 'fastify';
import { projectUser, userViewFor } from '../../shared/contract/user-projection.js';
import { MSG } from '../../shared/messages.js';
import { forbidden, notFound } from '../http/errors.js';
import { idempotentWrite, ok } from '../http/idempotency.js';
import { updateProfile } from '../services/users/update-profile.js';
import { userDocumentById } from '../services/users/user-document.js';
import { canSeeUser } from '../services/users/visibility.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;

  app.get<{ Params: { id: string } }>('/user/:id', { preHandler: app.authenticate }, async (req) => {
    const { id } = req.params;
    if (!UUID.test(id)) throw notFound(MSG.notFound);
    const doc = await userDocumentById(deps.db, id);
    if (!doc) throw notFound(MSG.notFound);
    if (!(await canSeeUser(deps.db, req.user, id))) throw forbidden(MSG.forbidden);
    return projectUser(doc, userViewFor(req.user, doc));
  });

  app.put<{ Params: { id: string } }>('/user/update/:id', { preHandler: app.authenticate }, async (req, reply) => {
    if (req.params.id !== req.user.id) throw forbidden(MSG.forbidden);
    return idempotentWrite(req, reply, async (tx) => ok(await updateProfile(tx, req.user, req.params.id, req.body, deps.now())));
  });
}
