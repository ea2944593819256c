import { z } from 'zod';
import { text } from './text.js';

export const Notification = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  message: z.string(),
  route: z.string(),
  open: z.boolean(),
  createdAt: z.string(),
  /** The observation it is about; null for course assignments and prompts (and notifications from before). */
  observationId: z.string().nullish(),
  /** Who acted, by name. */
  actorName: z.string().nullish(),
  /** The observation named for people: course · faculty · semester. */
  subject: z.string().nullish(),
});
export type Notification = z.infer<typeof Notification>;

/**
 * PUT /notifications/read-all: marks every own notification created at or before `before` opened (all when
 * absent). The bound keeps a notification that arrived after the user pressed "Mark all as read" unread, and
 * makes the change the same whenever the outbox sends it.
 */
export const ReadAllRequest = z
  .object({ before: text(40).refine((v) => !Number.isNaN(Date.parse(v)), 'must be a date and time').optional() })
  .strict();
export const ReadAllResponse = z.object({ message: z.string(), opened: z.number().int() });
