/** notify: one in-app notification for one user, in the caller's transaction (SPEC §3 Notification). */
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Notification } from '../../shared/contract/notifications.js';
import type { Db, Tx } from '../db/client.js';
import { notifications } from '../db/schema.js';
import { MSG } from '../../shared/messages.js';
import { forbidden, notFound } from './errors.js';

export interface NotifyInput {
  userId: string;
  title: string;
  message: string;
  /** Client route opened when the notification is clicked, e.g. /observations/detail-observation/<id>. */
  route: string;
  /** The observation it is about; with `event`, makes the notification unique per recipient. */
  observationId?: string | null;
  /** What happened (e.g. `scheduling.facultySlots`). */
  event?: string | null;
  actorName?: string | null;
  subject?: string | null;
}

/**
 * Writes the notification. The same event about the same observation for the same recipient (a plan saved step
 * by step, slots offered again, a score re-submitted) does not add a second one: the existing one takes the new
 * text and time and is unread again, so the bell shows each thing once with its latest state.
 */
export async function notify(tx: Db | Tx, input: NotifyInput): Promise<string> {
  const values = {
    userId: input.userId,
    title: input.title,
    message: input.message,
    route: input.route,
    observationId: input.observationId ?? null,
    event: input.event ?? null,
    actorName: input.actorName ?? null,
    subject: input.subject ?? null,
  };
  if (!values.observationId || !values.event) {
    const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id });
    return row.id;
  }
  const [row] = await tx
    .insert(notifications)
    .values(values)
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.observationId, notifications.event],
      set: {
        title: values.title,
        message: values.message,
        route: values.route,
        actorName: values.actorName,
        subject: values.subject,
        open: false,
        createdAt: sql`now()`,
      },
    })
    .returning({ id: notifications.id });
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
    observationId: r.observationId,
    actorName: r.actorName,
    subject: r.subject,
  };
}

/**
 * Marks the user's unread notifications created at or before `before` (all when absent) opened; answers how many.
 * A notification that arrived after the user pressed "Mark all as read" stays unread, however late the outbox
 * sends the change.
 */
export async function markAllRead(tx: Db | Tx, userId: string, before: Date | null): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ open: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.open, false), before ? lte(notifications.createdAt, before) : undefined))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks one of the user's own notifications opened: 404 unknown, 403 someone else's; opening twice is no change. */
export async function openNotification(tx: Tx, userId: string, id: string): Promise<Notification> {
  const [row] = await tx.select().from(notifications).where(eq(notifications.id, id)).for('update');
  if (!row) throw notFound(MSG.notFound);
  if (row.userId !== userId) throw forbidden(MSG.forbidden);
  const [updated] = row.open ? [row] : await tx.update(notifications).set({ open: true }).where(eq(notifications.id, row.id)).returning();
  return notificationDocument(updated!);
}
