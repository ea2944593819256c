/** GET /observation/{id}/messages (who may see the observation), POST (its observer, faculty and HOD). */
import type { FastifyInstance } from 'fastify';
import { ChatMessageRequest } from '../../../shared/contract/observations.js';
import { created, idempotentWrite } from '../../http/idempotency.js';
import { listMessages, sendMessage } from '../../services/observations/chat.js';
import { idParam } from './params.js';

export default async function chatRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };

  app.get<{ Params: { id: string } }>('/observation/:id/messages', auth, async (req) => listMessages(app.deps.db, req.user, idParam(req.params.id)));

  app.post<{ Params: { id: string } }>('/observation/:id/messages', auth, async (req, reply) => {
    const id = idParam(req.params.id);
    const body = ChatMessageRequest.parse(req.body ?? {});
    return idempotentWrite(req, reply, async (tx) => created(await sendMessage(tx, req.user, id, body.body, body.id)));
  });
}
