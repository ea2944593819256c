/** PUT /observation/informed, PUT /observation/uninformed (save, submit, lock), POST /observation/uninformed (start). */
import type { FastifyInstance } from 'fastify';
import { RubricUpdateRequest, UninformedCreateRequest } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import { created, idempotentWrite, ok } from '../../http/idempotency.js';
import { rubricItemsOf } from '../../services/observations/rubric-items.js';
import { startUninformed, updateRubrics, type MeetingKind } from '../../services/observations/rubrics.js';

export default async function rubricRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };
  const rubric = rubricItemsOf(app.deps.db);

  for (const kind of ['informed', 'uninformed'] as MeetingKind[]) {
    app.put(`/observation/${kind}`, auth, async (req, reply) => {
      const body = RubricUpdateRequest.parse(req.body ?? {});
      return idempotentWrite(req, reply, async (tx) => ok({ message: await updateRubrics(tx, req.user, kind, body, app.deps.now(), rubric) }));
    });
  }

  app.post('/observation/uninformed', auth, async (req, reply) => {
    const body = UninformedCreateRequest.parse(req.body ?? {});
    return idempotentWrite(req, reply, async (tx) => {
      const id = await startUninformed(tx, req.user, body, app.deps.now());
      return created({ message: MSG.observationUpdated, id });
    });
  });
}
