/**
 * GET /user/{id}: SPEC §3's "user data" — the User object plus the observations the user takes part in (as
 * faculty, observer, or the department's Head of Department), each the full Observation document built for the
 * viewer, and `slots` (SPEC §7's name for the faculty's course slots, the same list as `courseSlots`).
 */
import { z } from 'zod';
import { Observation } from './observations.js';
import { User, UserSlot } from './users.js';

export const UserData = User.extend({
  slots: z.array(UserSlot),
  observations: z.array(Observation),
});
export type UserData = z.infer<typeof UserData>;
