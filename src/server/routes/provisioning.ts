/**
 * POST /provisioning/{kind}/preview — what applying the CSV file would do, row by row, and every error naming row
 * and column; nothing is written (services/provisioning). The apply is a mutator (write/mutators/provisioning.ts).
 */
import type { FastifyInstance } from 'fastify';
import { ImportPreview, ImportRequest } from '../../shared/contract/provisioning.js';
import { routeSchema } from '../http/route-schema.js';
import { previewImport } from '../services/provisioning/index.js';

export default async function provisioningRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const schema = routeSchema('/provisioning/:kind/preview', {
    tag: 'admin',
    summary: 'Preview a CSV file of users, courses or assignments: per row create / update / unchanged / error (row and column named)',
    who: 'as the apply',
    body: ImportRequest,
    response: ImportPreview,
  });
  app.post<{ Params: { kind: string } }>('/provisioning/:kind/preview', { preHandler: app.authenticate, schema }, async (req) =>
    previewImport(deps.db, req.user, req.params.kind, ImportRequest.parse(req.body ?? {}).csv, deps.config.universityDomain),
  );
}
