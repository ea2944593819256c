/**
 * POST /observation/initiate (HOD), GET /observation/{id}, GET /observations (visible to the caller),
 * DELETE /observation/{id} (Super_Admin).
 */
import type { FastifyInstance } from 'fastify';
import { getObservation, listObservations } from '../../services/observations/queries.js';
import { idParam } from '../../http/params.js';
import { z } from 'zod';
import { Observation } from '../../../shared/contract/observations.js';
import { routeSchema } from '../../http/route-schema.js';

export default async function observationRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };

  app.get('/observations', { ...auth, schema: routeSchema('/observations', { tag: 'observations', summary: 'Observations visible to the caller', who: 'signed in', response: z.array(Observation) }) }, async (req) => listObservations(app.deps.db, req.user));

  const one = routeSchema('/observation/:id', { tag: 'observations', summary: 'The observation document', who: 'its HOD, observer, faculty; the all-seeing roles', response: Observation });
  app.get<{ Params: { id: string } }>('/observation/:id', { ...auth, schema: one }, async (req) => getObservation(app.deps.db, req.user, idParam(req.params.id)));

}
