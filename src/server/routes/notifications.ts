/**
 * GET /notifications: the signed-in user's notifications, newest first.
 * PUT /notifications/{id}/open: mark one of one's own notifications opened (404 unknown, 403 someone else's).
 * PUT /notifications/read-all: mark one's own notifications up to `before` opened (an outbox mutation offline).
 */
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ReadAllRequest } from '../../shared/contract/notifications.js';
import { MSG } from '../../shared/messages.js';
import { notifications } from '../db/schema.js';
import { forbidden, notFound } from '../http/errors.js';
import { idempotentWrite, ok } from '../http/idempotency.js';
import { markAllRead, notificationDocument } from '../services/notify.js';

/** Kept for importers of the old location; the function lives in services/notify.ts. */
export { notificationDocument };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

  app.put<{ Params: { id: string } }>('/notifications/:id/open', { preHandler: app.authenticate }, async (req, reply) => {
    if (!UUID.test(req.params.id)) throw notFound(MSG.notFound);
    return idempotentWrite(req, reply, async (tx) => {
      const [row] = await tx.select().from(notifications).where(eq(notifications.id, req.params.id)).for('update');
      if (!row) throw notFound(MSG.notFound);
      if (row.userId !== req.user.id) throw forbidden(MSG.forbidden);
      const [updated] = row.open
        ? [row]
        : await tx.update(notifications).set({ open: true }).where(eq(notifications.id, row.id)).returning();
      return ok(notificationDocument(updated));
    });
  });

  app.put('/notifications/read-all', { preHandler: app.authenticate }, async (req, reply) => {
    const body = ReadAllRequest.parse(req.body ?? {});
    return idempotentWrite(req, reply, async (tx) => {
      const opened = await markAllRead(tx, req.user.id, body.before ? new Date(body.before) : null);
      return ok({ message: MSG.notificationsRead, opened });
    });
  });
}
