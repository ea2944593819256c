/** GET /department: every department (SPEC §7), for the prompt form and Super_Admin's create-user form. */
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { departments } from '../db/schema.js';

export default async function departmentRoutes(app: FastifyInstance): Promise<void> {
  app.get('/department', { preHandler: app.authenticate }, async () =>
    app.deps.db.select({ id: departments.id, name: departments.name }).from(departments).orderBy(asc(departments.name)),
  );
}
