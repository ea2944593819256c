/**
 * Routes of the observation cycle, registered under /api. Thin: parse with the shared zod contract,
 * run the service inside `idempotentWrite` (one transaction, exactly once per Idempotency-Key), answer.
 * Every route needs a signed-in user; the services check role, ownership and state.
 */
import type { FastifyInstance } from 'fastify';
import artifactRoutes from './artifacts.js';
import chatRoutes from './chat.js';
import observationRoutes from './observation.js';
import postRoutes from './post-scheduling.js';
import rubricRoutes from './rubrics.js';
import schedulingRoutes from './scheduling.js';

export default async function routes(app: FastifyInstance): Promise<void> {
  await app.register(observationRoutes);
  await app.register(schedulingRoutes);
  await app.register(rubricRoutes);
  await app.register(postRoutes);
  await app.register(artifactRoutes);
  await app.register(chatRoutes);
}
