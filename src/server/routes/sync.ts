/**
 * GET /api/sync/changes?since=<cursor>&limit=<n>[&refetch=<entity>:<id>,…][&pin=<id>,…][&scope=<key>] — the pull half of the sync
 * protocol (src/shared/sync/protocol.ts; rules in services: src/server/sync/changes.ts). Authenticated.
 * `refetch` asks for the current documents of entities whose change the server refused (the client drops
 * its optimistic copy). `pin` lists the observations the device opened (sent whole, not as summaries); `scope`
 * is the scope key of the device's last page (a changed scope answers resetRequired). Old tombstones are purged by the housekeeping (plugins/housekeeping.ts).
 */
import { isUuid } from '../../shared/ids.js';
import type { FastifyInstance } from 'fastify';
import { PIN_MAX, SYNC_ENTITIES, SYNC_PAGE_DEFAULT, SYNC_PAGE_MAX, SyncChangesResponse, type SyncEntity } from '../../shared/sync/protocol.js';
import { badRequest } from '../services/errors.js';
import { changesFor } from '../sync/changes.js';
import { parseCursor } from '../sync/cursor.js';
import { z } from 'zod';
import { routeSchema } from '../http/route-schema.js';

const MAX_REFETCH = 200;
/** The pull's query as documented; the handler checks each parameter itself (its own 400 texts). */
const SyncQuery = z.object({ since: z.string().optional(), limit: z.coerce.number().int().optional(), refetch: z.string().optional(), pin: z.string().optional(), scope: z.string().optional() });

export default async function syncRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  app.get<{ Querystring: { since?: string; limit?: string; refetch?: string; pin?: string; scope?: string } }>(
    '/sync/changes',
    {
      preHandler: app.authenticate,
      schema: routeSchema('/sync/changes', { tag: 'sync', summary: 'Pull: records changed since the cursor', who: 'signed in', query: SyncQuery, response: SyncChangesResponse }),
    },
    async (req, reply) => {
      const since = parseCursor(req.query.since ?? '0');
      if (!since) throw badRequest('since must be a cursor returned by this endpoint');
      const rawLimit = req.query.limit;
      const limit = rawLimit === undefined ? SYNC_PAGE_DEFAULT : Number(rawLimit);
      if (!Number.isInteger(limit) || limit < 1 || limit > SYNC_PAGE_MAX) {
        throw badRequest(`limit must be a whole number from 1 to ${SYNC_PAGE_MAX}`);
      }
      const refetch: { entity: SyncEntity; id: string }[] = [];
      // A parameter given twice never gets here (plugins/input-guards.ts answers 400): the list is comma-separated.
      for (const item of (req.query.refetch ?? '').split(',').filter(Boolean).slice(0, MAX_REFETCH)) {
        const i = item.indexOf(':');
        const entity = item.slice(0, i) as SyncEntity;
        const id = item.slice(i + 1);
        if (i < 1 || !SYNC_ENTITIES.includes(entity) || !id || id.length > 100) throw badRequest('refetch must list entity:id pairs');
        refetch.push({ entity, id });
      }
      const pins = (req.query.pin ?? '').split(',').filter(Boolean);
      if (pins.length > PIN_MAX || pins.some((id) => !isUuid(id))) throw badRequest(`pin must list at most ${PIN_MAX} observation ids`);
      const scope = req.query.scope;
      if (scope !== undefined && (scope.length === 0 || scope.length > 100)) throw badRequest('scope must be the scope key of an earlier page');
      reply.header('cache-control', 'no-store');
      const page = await changesFor(db, req.user, { since, limit, refetch, pins, scope });
      if ('resetRequired' in page) app.metrics.pulled('reset', 0);
      else app.metrics.pulled('page', page.changes.length);
      return page;
    },
  );
}
