/**
 * The write path (docs/sync-protocol.md § Write path): validate, apply optimistically, append the outbox row — all in ONE
 * Dexie read-write transaction, so either the screen and the queue both have the change or neither does.
 */
import Dexie from 'dexie';
import { mutationDef } from '../../shared/sync/mutations/index.js';
import type { OutboxRow, ReplicaDb } from '../db/db.js';
import { applyFor, tablesFor } from './apply/index.js';
import { isQuotaError, MutationArgsError, StorageFullError } from './errors.js';
import { knownUserId, META, newId, rememberUserId } from './meta.js';

export interface MutateOptions {
  now: number;
  mutationId?: string;
  /** Extra fields of the outbox row (the blob lane sets its blob id). */
  extra?: Partial<OutboxRow>;
}

export async function mutateIn(
  db: ReplicaDb,
  name: string,
  args: unknown,
  opts: MutateOptions,
): Promise<{ mutationId: string; seq: number }> {
  const def = mutationDef(name);
  if (!def) throw new MutationArgsError(name, 'unknown mutation');
  const parsed = def.args.safeParse(args);
  if (!parsed.success) {
    throw new MutationArgsError(name, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  const { entity, id: entityId } = def.entity(args);
  const mutationId = opts.mutationId ?? newId();
  const tables = tablesFor(name, args).map((t) => db[t]);
  const known = knownUserId(db);
  const scope = known === undefined ? [db.outbox, db.meta, ...tables] : [db.outbox, ...tables];
  // A plain (not async) scope returning one Dexie promise chain: Dexie's zone "echoing" for native awaits costs
  // more than the IndexedDB work here (p95 +30 % measured in Chromium).
  const write = (userId: string | null) => {
    const row: OutboxRow = {
      mutationId,
      name,
      args,
      entity,
      entityId,
      lane: def.lane ?? 'ordered',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      lastStatus: null,
      createdAt: opts.now,
      userId: userId ?? '',
      ...opts.extra,
    };
    // The append does not depend on the apply: issue it first so IndexedDB runs both in the same round trip
    // instead of queueing the append behind the apply's reads (either failure still aborts both).
    const added = db.outbox.add(row);
    const applied = applyFor(name)?.apply(db, args, { userId, now: opts.now, mutationId });
    return Dexie.Promise.all([added, applied]).then(([seq]) => seq as number);
  };
  try {
    const seq = await db.transaction('rw', scope, () =>
      known !== undefined
        ? write(known)
        : db.meta.get(META.userId).then((r) => {
            const userId = (r?.value as string | undefined) ?? null;
            rememberUserId(db, userId);
            return write(userId);
          }),
    );
    return { mutationId, seq };
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError(err);
    throw err;
  }
}
