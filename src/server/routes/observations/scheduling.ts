/** POST /observation/scheduling (observer selects the course), PUT /observation/scheduling (every other step). */
import type { FastifyInstance } from 'fastify';
import { SchedulingCreateRequest, SchedulingUpdateRequest } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import { created, idempotentWrite, ok } from '../../http/idempotency.js';
import { createScheduling, updateScheduling } from '../../services/observations/scheduling.js';

export default async function schedulingRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };

  app.post('/observation/scheduling', auth, async (req, reply) => {
    const body = SchedulingCreateRequest.parse(req.body ?? {});
    return idempotentWrite(req, reply, async (tx) => {
      await createScheduling(tx, req.user, body, app.deps.now());
      return created({ message: MSG.schedulingCreated });
    });
  });

  app.put('/observation/scheduling', auth, async (req, reply) => {
    const body = SchedulingUpdateRequest.parse(req.body ?? {});
    return idempotentWrite(req, reply, async (tx) => ok({ message: await updateScheduling(tx, req.user, body, app.deps.now()) }));
  });
}
