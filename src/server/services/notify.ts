/** notify: one in-app notification for one user, in the caller's transaction (SPEC §3 Notification). */
import type { Notification } from '../../shared/contract/notifications.js';
import type { Db, Tx } from '../db/client.js';
import { notifications } from '../db/schema.js';

export interface NotifyInput {
  userId: string;
  title: string;
  message: string;
  /** Client route opened when the notification is clicked, e.g. /observations/detail-observation/<id>. */
  route: string;
}

export async function notify(tx: Db | Tx, input: NotifyInput): Promise<string> {
  const [row] = await tx.insert(notifications).values(input).returning({ id: notifications.id });
  return row.id;
}

/** The wire shape of a notification (contract `Notification`), for the REST list and the sync pull. */
export function notificationDocument(r: typeof notifications.$inferSelect): Notification {
  return {
    id: r.id,
    userId: r.userId,
    title: r.title,
    message: r.message,
    route: r.route,
    open: r.open,
    createdAt: r.createdAt.toISOString(),
  };
}
