import { z } from 'zod';

export const Notification = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  message: z.string(),
  route: z.string(),
  open: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof Notification>;
