/** GET /observation/{id}/messages (who may see the observation), POST (its observer, faculty and HOD). */
import type { FastifyInstance } from 'fastify';
import { listMessages } from '../../services/observations/chat.js';
import { idParam } from '../../http/params.js';
import { z } from 'zod';
import { ChatMessage } from '../../../shared/contract/observations.js';
import { routeSchema } from '../../http/route-schema.js';

export default async function chatRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };

  const schema = routeSchema('/observation/:id/messages', { tag: 'observations', summary: 'The observation’s conversation', who: 'who may see the observation', response: z.array(ChatMessage) });
  app.get<{ Params: { id: string } }>('/observation/:id/messages', { ...auth, schema }, async (req) => listMessages(app.deps.db, req.user, idParam(req.params.id)));

}
