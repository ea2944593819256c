/** GET /department: every department with its observation mode (SPEC §7; src/shared/observation-mode.ts). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DepartmentWithMode } from '../../shared/contract/common.js';
import { routeSchema } from '../http/route-schema.js';
import { listDepartments } from '../services/admin/department-mode.js';

export default async function departmentRoutes(app: FastifyInstance): Promise<void> {
  const schema = routeSchema('/department', { tag: 'users', summary: 'Every department, with whether its observations are formative or summative', who: 'signed in', response: z.array(DepartmentWithMode) });
  app.get('/department', { preHandler: app.authenticate, schema }, async () => listDepartments(app.deps.db));
}
