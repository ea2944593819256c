/**
 * GET /notifications: the signed-in user's notifications, newest first.
 * PUT /notifications/{id}/open: mark one of one's own notifications opened (404 unknown, 403 someone else's).
 * PUT /notifications/read-all: mark one's own notifications up to `before` opened (an outbox mutation offline).
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notifications } from '../db/schema.js';
import { notificationDocument } from '../services/notify.js';

/** Kept for importers of the old location; the function lives in services/notify.ts. */
export { notificationDocument };

export default async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;

  app.get('/notifications', { preHandler: app.authenticate }, async (req) => {
    const rows = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, req.user.id))
      .orderBy(desc(notifications.createdAt), desc(notifications.version));
    return rows.map(notificationDocument);
  });

}
