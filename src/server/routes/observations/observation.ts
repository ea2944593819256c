/**
 * POST /observation/initiate (HOD), GET /observation/{id}, GET /observations (visible to the caller),
 * DELETE /observation/{id} (Super_Admin).
 */
import type { FastifyInstance } from 'fastify';
import { getObservation, listObservations } from '../../services/observations/queries.js';
import { idParam } from '../../http/params.js';

export default async function observationRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };

  app.get('/observations', auth, async (req) => listObservations(app.deps.db, req.user));

  app.get<{ Params: { id: string } }>('/observation/:id', auth, async (req) => getObservation(app.deps.db, req.user, idParam(req.params.id)));

}
