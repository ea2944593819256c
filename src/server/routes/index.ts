/** Every route of the API, registered under /api by buildApp. Each area owns its own plugin file. */
import type { FastifyInstance } from 'fastify';
import adminRoutes from './admin/index.js';
import authRoutes from './auth.js';
import calendarRoutes from './calendar.js';
import calibrationRoutes from './calibration.js';
import departmentRoutes from './departments.js';
import writeRoutes from './writes.js';
import evidenceRoutes from './evidence/index.js';
import filesRoutes from './files.js';
import notificationRoutes from './notifications.js';
import observationRoutes from './observations/index.js';
import provisioningRoutes from './provisioning.js';
import rubricRoutes from './rubrics.js';
import syncEventsRoutes from './sync-events.js';
import syncPushRoutes from './sync-push.js';
import syncRoutes from './sync.js';
import userExportRoutes from './user-export.js';
import userRoutes from './users.js';

export default async function routes(app: FastifyInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(departmentRoutes);
  await app.register(notificationRoutes);
  await app.register(syncRoutes);
  await app.register(syncPushRoutes);
  await app.register(syncEventsRoutes);
  await app.register(filesRoutes);
  await app.register(observationRoutes);
  await app.register(adminRoutes);
  await app.register(calendarRoutes);
  await app.register(userExportRoutes);
  await app.register(evidenceRoutes);
  await app.register(provisioningRoutes);
  await app.register(rubricRoutes);
  await app.register(calibrationRoutes);
  // Every change: one route per mutator of the write registry (write/registry.ts).
  await app.register(writeRoutes);
}
