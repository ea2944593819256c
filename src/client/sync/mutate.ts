/**
 * The write path (DESIGN.md § Write path): validate, apply optimistically, append the outbox row — all in ONE
 * Dexie read-write transaction, so either the screen and the queue both have the change or neither does.
 */
import { mutationDef } from '../../shared/sync/mutations/index.js';
import type { OutboxRow, ReplicaDb } from '../db/db.js';
import { applyFor, tablesFor } from './apply/index.js';
import { isQuotaError, MutationArgsError, StorageFullError } from './errors.js';
import { getMeta, knownUserId, META, newId, rememberUserId } from './meta.js';

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
  try {
    const seq = await db.transaction('rw', known === undefined ? [db.outbox, db.meta, ...tables] : [db.outbox, ...tables], async () => {
      let userId = known ?? null;
      if (known === undefined) {
        userId = (await getMeta<string>(db, META.userId)) ?? null;
        rememberUserId(db, userId);
      }
      await applyFor(name)?.apply(db, args, { userId, now: opts.now, mutationId });
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
      return (await db.outbox.add(row)) as number;
    });
    return { mutationId, seq };
  } catch (err) {
    if (isQuotaError(err)) throw new StorageFullError(err);
    throw err;
  }
}
