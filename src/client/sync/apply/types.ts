/**
 * Optimistic apply functions: how a mutation changes the replica before the server has seen it.
 *
 * Invariants every apply must keep (the engine relies on them):
 * - It runs inside the caller's Dexie transaction (mutate, or the pull's rebase): use `db.<table>` directly and
 *   only the tables it declares in `tables` (default: the mutation's entity table).
 * - It is **idempotent** with "set" semantics: after every pulled page the engine re-applies all unsent rows in
 *   `seq` order on top of the server's documents (rebase), so applying a row to a copy that already contains it
 *   must change nothing. Never increment counters; write the value the user chose.
 * - It never touches the network and never throws for a missing record (the record may have been deleted on the
 *   server; skip quietly).
 * - It is a plain function returning one chain of Dexie promises, never an `async` function: Dexie keeps its
 *   transaction zone across native awaits only by "echoing" every await (slow; lost across nested chains:
 *   PrematureCommitError). A record edit goes through `editRecord` (one round trip when repeated).
 */
import type { SyncEntity } from '../../../shared/sync/protocol.js';
import type { MutationArgs, MutationName } from '../../../shared/sync/mutations/index.js';
import type { ReplicaDb } from '../../db/db.js';

export interface ApplyContext {
  /** The signed-in user (meta 'userId'), null when unknown. */
  userId: string | null;
  /** Epoch ms of the original mutate() call (stable across rebases). */
  now: number;
  mutationId: string;
}

export interface ApplyDef<A> {
  /** Replica tables this apply writes, beyond the mutation's own entity table. */
  tables?: SyncEntity[];
  apply(db: ReplicaDb, args: A, ctx: ApplyContext): Promise<void>;
}

export type ApplyRegistry = { [N in MutationName]?: ApplyDef<MutationArgs<N>> };

export function applyDef<A>(d: ApplyDef<A>): ApplyDef<A> {
  return d;
}
