/** GET /observation/{id}/messages (who may see the observation), POST (its observer, faculty and HOD). */
import type { FastifyInstance } from 'fastify';
import { listMessages } from '../../services/observations/chat.js';
import { idParam } from '../../http/params.js';

export default async function chatRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };

  app.get<{ Params: { id: string } }>('/observation/:id/messages', auth, async (req) => listMessages(app.deps.db, req.user, idParam(req.params.id)));

}
