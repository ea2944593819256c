/** GET /department: every department (SPEC §7), for the prompt form and Super_Admin's create-user form. */
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { departments } from '../db/schema.js';
import { z } from 'zod';
import { Department } from '../../shared/contract/common.js';
import { routeSchema } from '../http/route-schema.js';

export default async function departmentRoutes(app: FastifyInstance): Promise<void> {
  const schema = routeSchema('/department', { tag: 'users', summary: 'Every department', who: 'signed in', response: z.array(Department) });
  app.get('/department', { preHandler: app.authenticate, schema }, async () =>
    app.deps.db.select({ id: departments.id, name: departments.name }).from(departments).orderBy(asc(departments.name)),
  );
}
