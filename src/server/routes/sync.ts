/**
 * GET /api/sync/changes?since=<cursor>&limit=<n>[&refetch=<entity>:<id>,…] — the pull half of the sync
 * protocol (src/shared/sync/protocol.ts; rules in services: src/server/sync/changes.ts). Authenticated.
 * `refetch` asks for the current documents of entities whose change the server refused (the client drops
 * its optimistic copy). Old tombstones are purged by the housekeeping (plugins/housekeeping.ts).
 */
import type { FastifyInstance } from 'fastify';
import { SYNC_ENTITIES, SYNC_PAGE_DEFAULT, SYNC_PAGE_MAX, type SyncEntity } from '../../shared/sync/protocol.js';
import { badRequest } from '../http/errors.js';
import { changesFor, parseCursor } from '../sync/changes.js';

const MAX_REFETCH = 200;

/** A query parameter given more than once arrives as an array: one value is expected (400 otherwise). */
function once(name: string, value: string | string[] | undefined): string | undefined {
  if (Array.isArray(value)) throw badRequest(`${name}: give it once`);
  return value;
}

export default async function syncRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  app.get<{ Querystring: { since?: string | string[]; limit?: string | string[]; refetch?: string | string[] } }>(
    '/sync/changes',
    { preHandler: app.authenticate },
    async (req, reply) => {
      const since = parseCursor(once('since', req.query.since) ?? '0');
      if (!since) throw badRequest('since must be a cursor returned by this endpoint');
      const rawLimit = once('limit', req.query.limit);
      const limit = rawLimit === undefined ? SYNC_PAGE_DEFAULT : Number(rawLimit);
      if (!Number.isInteger(limit) || limit < 1 || limit > SYNC_PAGE_MAX) {
        throw badRequest(`limit must be a whole number from 1 to ${SYNC_PAGE_MAX}`);
      }
      const refetch: { entity: SyncEntity; id: string }[] = [];
      // refetch=a&refetch=b is the same list as refetch=a,b.
      const refetchList = [req.query.refetch ?? []].flat().join(',');
      for (const item of refetchList.split(',').filter(Boolean).slice(0, MAX_REFETCH)) {
        const i = item.indexOf(':');
        const entity = item.slice(0, i) as SyncEntity;
        const id = item.slice(i + 1);
        if (i < 1 || !SYNC_ENTITIES.includes(entity) || !id || id.length > 100) throw badRequest('refetch must list entity:id pairs');
        refetch.push({ entity, id });
      }
      reply.header('cache-control', 'no-store');
      return changesFor(db, req.user, { since, limit, refetch });
    },
  );
}
