/**
 * POST /observation/initiate (HOD), GET /observation/{id}, GET /observations (visible to the caller),
 * DELETE /observation/{id} (Super_Admin).
 */
import type { FastifyInstance } from 'fastify';
import { InitiateRequest } from '../../../shared/contract/observations.js';
import { MSG } from '../../../shared/messages.js';
import { afterCommit, created, idempotentWrite, ok } from '../../http/idempotency.js';
import { removeArtifacts } from '../../services/observations/artifact-files.js';
import { initiateObservations } from '../../services/observations/initiate.js';
import { deleteObservation, getObservation, listObservations } from '../../services/observations/queries.js';
import { idParam } from './params.js';

export default async function observationRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };

  app.post('/observation/initiate', auth, async (req, reply) => {
    const body = InitiateRequest.parse(req.body ?? {});
    return idempotentWrite(req, reply, async (tx) => {
      const ids = await initiateObservations(tx, req.user, body);
      return created({ message: MSG.observationsInitiated, ids });
    });
  });

  app.get('/observations', auth, async (req) => listObservations(app.deps.db, req.user));

  app.get<{ Params: { id: string } }>('/observation/:id', auth, async (req) => getObservation(app.deps.db, req.user, idParam(req.params.id)));

  app.delete<{ Params: { id: string } }>('/observation/:id', auth, async (req, reply) => {
    const id = idParam(req.params.id);
    let files: string[] = [];
    const sent = await idempotentWrite(req, reply, async (tx) => {
      files = await deleteObservation(tx, req.user, id);
      return ok({ message: 'Observation deleted!' });
    });
    // Files go only after the rows are gone for good (a rolled-back delete keeps them).
    await afterCommit(req, 'artifact files not removed', () => removeArtifacts(app.deps.storage, files));
    return sent;
  });
}
