/** Calendar subscription answers (GET/POST /user/calendar-feed). The feed URL itself is the secret. */
import { z } from 'zod';

export const CalendarFeedStatus = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatus>;

/** POST /user/calendar-feed → 201: the only answer that carries the URL. */
export const CalendarFeedCreated = z.object({ message: z.string(), url: z.string(), createdAt: z.string() });
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreated>;
