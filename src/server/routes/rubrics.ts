/**
 * Rubric reads (services/rubrics/reads.ts); the builder's changes are mutators (write/mutators/rubrics.ts).
 *
 *   GET /rubrics                        the rubrics the caller may use or edit, with their versions (drafts: editors)
 *   GET /rubrics/versions/{id}          one version whole (groups, items, scale, maximum)
 *   GET /rubrics/versions/{id}/export   its JSON definition (what POST /rubrics imports)
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RubricSummary, RubricVersion } from '../../shared/contract/rubrics.js';
import { RubricDefinition } from '../../shared/rubric-definition.js';
import { routeSchema } from '../http/route-schema.js';
import { exportVersion, getVersion, listRubrics } from '../services/rubrics/reads.js';

type IdParams = { Params: { id: string } };

export default async function rubricRoutes(app: FastifyInstance): Promise<void> {
  const auth = { preHandler: app.authenticate };
  const { db } = app.deps;

  const list = routeSchema('/rubrics', { tag: 'rubrics', summary: 'Rubrics the caller may use or edit, with their versions', who: 'signed in (drafts: their editors)', response: z.array(RubricSummary) });
  app.get('/rubrics', { ...auth, schema: list }, async (req) => listRubrics(db, req.user));

  const one = routeSchema('/rubrics/versions/:id', { tag: 'rubrics', summary: 'One rubric version whole', who: 'who may read the rubric (drafts: its editors)', response: RubricVersion });
  app.get<IdParams>('/rubrics/versions/:id', { ...auth, schema: one }, async (req) => getVersion(db, req.user, req.params.id));

  const exported = routeSchema('/rubrics/versions/:id/export', { tag: 'rubrics', summary: 'A version as JSON (POST /rubrics imports it)', who: 'who may read the rubric (drafts: its editors)', response: RubricDefinition });
  app.get<IdParams>('/rubrics/versions/:id/export', { ...auth, schema: exported }, async (req, reply) => {
    const def = await exportVersion(db, req.user, req.params.id);
    return reply.header('content-disposition', 'attachment; filename="rubric.json"').send(def);
  });
}
