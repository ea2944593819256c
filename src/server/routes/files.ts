import type { FastifyInstance } from 'fastify';

/** Routes of this area (owned by B sync), registered under /api by routes/index.ts. */
export default async function routes(_app: FastifyInstance): Promise<void> {}
