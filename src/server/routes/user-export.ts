/** GET /user/{id}/export: all the data Observa holds about a user, as a zip (rules in services/export/user-export.ts). */
import type { FastifyInstance } from 'fastify';
import { exportUserData } from '../services/export/user-export.js';
import { audit } from '../services/audit.js';
import { routeSchema } from '../http/route-schema.js';

export default async function userExportRoutes(app: FastifyInstance): Promise<void> {
  const { deps } = app;
  const schema = routeSchema('/user/:id/export', { tag: 'users', summary: 'All data Observa holds about a user, as that user sees it: a zip of JSON and CSV', who: 'the user themselves; Super_Admin', produces: 'application/zip' });
  app.get<{ Params: { id: string } }>('/user/:id/export', { preHandler: app.authenticate, schema }, async (req, reply) => {
    const { filename, zip } = await exportUserData(deps.db, req.user, req.params.id, deps.now());
    await audit(deps.db, { actorId: req.user.id, action: 'user.export', entity: 'users', entityId: req.params.id, detail: { bytes: zip.length } });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
  });
}
