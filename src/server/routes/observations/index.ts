/**
 * Routes of the observation cycle, registered under /api. Reads only: the cycle's changes are mutators
 * (write/mutators/observations.ts). Every route needs a signed-in user; the services check role and ownership.
 */
import type { FastifyInstance } from 'fastify';
import artifactRoutes from './artifacts.js';
import chatRoutes from './chat.js';
import observationRoutes from './observation.js';
import reportRoutes from './report.js';

export default async function routes(app: FastifyInstance): Promise<void> {
  await app.register(observationRoutes);
  await app.register(artifactRoutes);
  await app.register(chatRoutes);
  await app.register(reportRoutes);
}
