/**
 * GET /notifications: the signed-in user's notifications, newest first.
 * PUT /notifications/{id}/open: mark one of one's own notifications opened (404 unknown, 403 someone else's).
 * PUT /notifications/read-all: mark one's own notifications up to `before` opened (an outbox mutation offline).
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notifications } from '../db/schema.js';
import { notificationDocument } from '../services/notify.js';
import { z } from 'zod';
import { Notification } from '../../shared/contract/notifications.js';
import { routeSchema } from '../http/route-schema.js';

/** Kept for importers of the old location; the function lives in services/notify.ts. */
export { notificationDocument };

export default async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  const schema = routeSchema('/notifications', { tag: 'notifications', summary: 'Own notifications, newest first', who: 'signed in', response: z.array(Notification) });
  app.get('/notifications', { preHandler: app.authenticate, schema }, async (req) => {
    const rows = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, req.user.id))
      .orderBy(desc(notifications.createdAt), desc(notifications.version));
    return rows.map(notificationDocument);
  });

}
