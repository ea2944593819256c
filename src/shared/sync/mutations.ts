/**
 * The typed registry of outbox mutations. A mutation is an *intent* (not a row): its name, its args
 * (validated by the same zod schema the server route uses) and how it is sent to the REST API.
 *
 * The client adds, per mutation, an optimistic `apply` to the replica (src/client/sync/apply); the server
 * route validates the body with the schema named here. Adding a mutation = one entry here + one route +
 * one apply function.
 */
import { z } from 'zod';
import { ProfileUpdate } from '../contract/users.js';
import type { SyncEntity } from './protocol.js';

export interface MutationDef<A> {
  args: z.ZodType<A>;
  method: 'POST' | 'PUT' | 'DELETE';
  path: (args: A) => string;
  body: (args: A) => unknown;
  /** The replica record this change touches; re-pulled when the server refuses the change. */
  entity: (args: A) => { entity: SyncEntity; id: string };
  /** Human description for the pending / needs-attention list. */
  describe: (args: A) => string;
}

function def<A>(d: MutationDef<A>): MutationDef<A> {
  return d;
}

const ProfileArgs = z.object({ userId: z.string(), changes: ProfileUpdate });
const NotificationArgs = z.object({ id: z.string() });

export const MUTATIONS = {
  'user.updateProfile': def({
    args: ProfileArgs as unknown as z.ZodType<{ userId: string; changes: z.input<typeof ProfileUpdate> }>,
    method: 'PUT',
    path: (a) => `/user/update/${a.userId}`,
    body: (a) => a.changes,
    entity: (a) => ({ entity: 'users', id: a.userId }),
    describe: () => 'Profile update',
  }),
  'notification.open': def({
    args: NotificationArgs,
    method: 'PUT',
    path: (a) => `/notifications/${a.id}/open`,
    body: () => ({}),
    entity: (a) => ({ entity: 'notifications', id: a.id }),
    describe: () => 'Mark notification opened',
  }),
} as const;

export type MutationName = keyof typeof MUTATIONS;
export type MutationArgs<N extends MutationName> = (typeof MUTATIONS)[N] extends MutationDef<infer A> ? A : never;
