import type { z } from 'zod';
import type { SyncEntity } from '../protocol.js';

/**
 * One outbox mutation kind. A mutation is an *intent* (not a row): its name, its args (validated with the
 * same zod schema the server route uses) and how it is sent to the REST API. The client adds an optimistic
 * `apply` per name (src/client/sync/apply); the server validates the body with the same schema.
 */
export interface MutationDef<A> {
  args: z.ZodType<A>;
  method: 'POST' | 'PUT' | 'DELETE';
  /** Path under /api. */
  path: (args: A) => string;
  body: (args: A) => unknown;
  /** The replica record this change touches; re-pulled when the server refuses the change. */
  entity: (args: A) => { entity: SyncEntity; id: string };
  /** Human description for the pending / needs-attention list. */
  describe: (args: A) => string;
  /** 'blob' for mutations that wait for an uploaded file (artifacts); default 'ordered'. */
  lane?: 'ordered' | 'blob';
}

export function def<A>(d: MutationDef<A>): MutationDef<A> {
  return d;
}
